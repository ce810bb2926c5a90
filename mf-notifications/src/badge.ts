/** SPEC §9: the badge shows at most 99, then "99+". */
export const badgeCap = 99;

/** What the bell's badge says; null hides it (nothing unread). */
export function badgeLabel(unread: number): string | null {
  if (unread <= 0) return null;
  return unread > badgeCap ? `${badgeCap}+` : String(unread);
}
