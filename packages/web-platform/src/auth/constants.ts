/** SPEC §9: idle timeout, and the window in which a 401 may still be answered by a refresh. */
export const IDLE_TIMEOUT_MS = 900_000;
export const RECENT_ACTIVITY_MS = 900_000;

/**
 * How long before `exp` an active person's access token is renewed (and the expiry warning shows when
 * that fails): the idle timeout, at most half the token's lifetime. With identity's 30-minute tokens an
 * active person renews every 15 minutes, so whoever goes idle still has 15 to 30 minutes of token left
 * when the idle modal appears, and its countdown means something. Unknown lifetime (no `iat`): 60 s.
 */
export function renewAheadMs(times: { issuedAt: number | null; expiresAt: number }) {
  if (times.issuedAt === null) return 60_000;
  return Math.min(IDLE_TIMEOUT_MS, (times.expiresAt - times.issuedAt) / 2);
}
