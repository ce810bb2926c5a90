import { IDLE_TIMEOUT_MS } from '@baton/web-platform';

export type SessionPhase =
  /** Nothing to do. */
  | 'active'
  /** Renew the access token now: its expiry is near and the person is active. */
  | 'refresh'
  /** Show "Session expiring soon": expiry is near and renewing did not work. */
  | 'expiring'
  /** Show "You were inactive": 15 minutes without activity. */
  | 'idle'
  /** The access token's `exp` has passed: log out. */
  | 'expired';

export interface SessionFacts {
  now: number;
  lastActive: number;
  /** `exp` of the access token in ms; null when it cannot be parsed (then no expiry rule applies). */
  expiresAt: number | null;
  /** How long before `expiresAt` an active person's token is renewed (`renewAheadMs`). */
  renewAheadMs: number;
  refreshFailed: boolean;
}

/** The session rules of SPEC §4 and §9, as one pure function the guard evaluates every second. */
export function sessionPhase({
  now,
  lastActive,
  expiresAt,
  renewAheadMs,
  refreshFailed,
}: SessionFacts): SessionPhase {
  if (expiresAt !== null && now >= expiresAt) return 'expired';
  if (now - lastActive >= IDLE_TIMEOUT_MS) return 'idle';
  if (expiresAt !== null && expiresAt - now <= renewAheadMs) return refreshFailed ? 'expiring' : 'refresh';
  return 'active';
}

/** Whole seconds left until `expiresAt` (SPEC §9: the countdown is shown in whole seconds). */
export const secondsLeft = (expiresAt: number, now: number) =>
  Math.max(0, Math.ceil((expiresAt - now) / 1000));
