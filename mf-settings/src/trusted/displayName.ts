import type { TrustedUserEntry } from '@baton/contracts';

/** The entry as SPEC §3 reads it: flat fields first, the nested `trusted` object as a fallback. */
type Entry = Partial<Pick<TrustedUserEntry, 'first_name' | 'last_name' | 'email' | 'created_at'>> & {
  trusted?: Partial<TrustedUserEntry['trusted']>;
};

export const emailOf = (entry: Entry) => entry.email || entry.trusted?.email || '';

/** First and last name joined, else the e-mail, else "User" (SPEC §3 Trusted user entry). */
export function displayName(entry: Entry) {
  const first = entry.first_name ?? entry.trusted?.first_name;
  const last = entry.last_name ?? entry.trusted?.last_name;
  return [first, last].filter((part) => part?.trim()).join(' ') || emailOf(entry) || 'User';
}

/** Only the date part of `created_at` is shown, or a dash when there is none. */
export const addedOn = (entry: Entry) => entry.created_at?.slice(0, 10) || '—';
