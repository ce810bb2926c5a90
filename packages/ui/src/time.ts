import type { Language } from '@baton/contracts';
import { useEffect, useState } from 'react';

/** Milliseconds since the epoch, or null for a missing or unreadable date. */
export function timeOf(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : time;
}

/**
 * How long ago `iso` was, in steps of a minute, an hour and a day; empty when there is no date. English says it
 * in SPEC §2's words ("just now", "N min ago", "N hr ago", "1 day ago", "N days ago"); other languages as their
 * `Intl.RelativeTimeFormat` does (German: "jetzt", "vor 5 Min.", "vor 3 Std.", "vor 2 Tagen").
 */
export function relativeTime(
  iso: string | null | undefined,
  now: Date = new Date(),
  language: Language = 'en',
): string {
  const time = timeOf(iso);
  if (time === null) return '';
  const seconds = Math.max(0, Math.floor((now.getTime() - time) / 1000));
  const minutes = Math.floor(seconds / 60);
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  if (language !== 'en') {
    const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto', style: 'short' });
    if (seconds < 60) return format.format(0, 'second');
    if (minutes < 60) return format.format(-minutes, 'minute');
    if (hours < 24) return format.format(-hours, 'hour');
    return new Intl.RelativeTimeFormat(language, { numeric: 'always', style: 'long' }).format(-days, 'day');
  }
  if (seconds < 60) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  if (hours < 24) return `${hours} hr ago`;
  return days === 1 ? '1 day ago' : `${days} days ago`;
}

/** A date and time as people read it in `language` ("24 Nov 2026, 09:30"; the browser's locale without one). */
export const dateTimeLabel = (iso: string, language?: Language) =>
  new Date(iso).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' });

/** Re-renders every minute, so "N min ago" stays true while a view is open. */
export function useMinuteTick() {
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), 60_000);
    return () => clearInterval(timer);
  }, []);
}
