import { useEffect, useState } from 'react';

/** Milliseconds since the epoch, or null for a missing or unreadable date. */
export function timeOf(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : time;
}

/** "just now", "N min ago", "N hr ago", "1 day ago", "N days ago" (SPEC §2); empty when there is no date. */
export function relativeTime(iso: string | null | undefined, now: Date = new Date()): string {
  const time = timeOf(iso);
  if (time === null) return '';
  const seconds = Math.max(0, Math.floor((now.getTime() - time) / 1000));
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} hr ago`;
  const days = Math.floor(hours / 24);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}

/** A date and time as people read it in their own locale ("24 Nov 2026, 09:30"). */
export const dateTimeLabel = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Re-renders every minute, so "N min ago" stays true while a view is open. */
export function useMinuteTick() {
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), 60_000);
    return () => clearInterval(timer);
  }, []);
}
