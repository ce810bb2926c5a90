import type { TrustedUserEntry } from '@baton/contracts';

export const maxSuggestions = 6;

export interface Suggestion {
  email: string;
  name: string;
}

/** SPEC §5: at most 6 trusted users whose name or e-mail contains the text, case-insensitively. */
export function suggest(entries: readonly TrustedUserEntry[], text: string): Suggestion[] {
  const needle = text.trim().toLowerCase();
  return entries
    .map((entry) => ({
      email: entry.email || entry.trusted.email,
      name: [entry.first_name, entry.last_name].filter(Boolean).join(' '),
    }))
    .filter((s) => !needle || s.email.toLowerCase().includes(needle) || s.name.toLowerCase().includes(needle))
    .slice(0, maxSuggestions);
}
