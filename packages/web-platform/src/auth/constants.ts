/** SPEC §9: idle timeout, and the window in which a 401 may still be answered by a refresh. */
export const IDLE_TIMEOUT_MS = 900_000;
export const RECENT_ACTIVITY_MS = 900_000;
/** How long before `exp` an active person's access token is renewed, and the expiry warning shows. */
export const REFRESH_AHEAD_MS = 60_000;
