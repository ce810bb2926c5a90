import type { Language, TrustedUserEntry } from '@baton/contracts';

/** The entry as SPEC §3 reads it: flat fields first, the nested `trusted` object as a fallback. */
type Entry = Partial<Pick<TrustedUserEntry, 'first_name' | 'last_name' | 'email' | 'created_at'>> & {
  trusted?: Partial<TrustedUserEntry['trusted']>;
};

export const emailOf = (entry: Entry) => entry.email || entry.trusted?.email || '';

/** First and last name joined, else the e-mail, else "User" (SPEC §3 Trusted user entry) in the person's words. */
export function displayName(entry: Entry, someone = 'User') {
  const first = entry.first_name ?? entry.trusted?.first_name;
  const last = entry.last_name ?? entry.trusted?.last_name;
  return [first, last].filter((part) => part?.trim()).join(' ') || emailOf(entry) || someone;
}

/**
 * Only the date of `created_at` is shown, or a dash when there is none: in English as SPEC §2 shows it
 * (2026-01-05), in other languages as `Intl` writes a date there (05.01.2026).
 */
export function addedOn(entry: Entry, language: Language = 'en') {
  const day = entry.created_at?.slice(0, 10);
  if (!day) return '—';
  if (language === 'en') return day;
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}
