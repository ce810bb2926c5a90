import { eventEnvelope, eventPayloads, MAX_ACCESS_TOKEN_TTL_SECONDS } from '@baton/contracts';
import { createTokenVerifier, type TokenVerifierOptions } from './auth';
import type { EventBus, Subscription } from './bus';
import type { JwtConfig } from './env';
import type { Logger } from './logger';

export interface Revocation {
  userId: string;
  sessionIds: string[];
}

const rememberMs = MAX_ACCESS_TOKEN_TTL_SECONDS * 1000;

/**
 * The sessions identity has ended (logout, password change or reset, refresh-token reuse, account
 * deletion), kept in memory by every process that verifies access tokens, for as long as one of their
 * tokens could still be valid. Fed by `identity.session.revoked`: at start the last hour is replayed,
 * so a restarted verifier refuses what was revoked before it started.
 */
export class RevocationList {
  /** Session id -> when its tokens have surely expired (ms). */
  private until = new Map<string, number>();
  private listeners = new Set<(revocation: Revocation) => void>();
  private subscription: Subscription | undefined;

  constructor(private readonly logger?: Logger) {}

  /** Starts following identity's revocations; resolves once those of the last hour are known. */
  static async follow(bus: EventBus, logger: Logger) {
    const list = new RevocationList(logger);
    list.subscription = await bus.follow(
      { stream: 'IDENTITY', subject: 'identity.session.revoked', sinceMs: Date.now() - rememberMs },
      (data) => list.receive(data),
    );
    return list;
  }

  isRevoked(sessionId: string) {
    const until = this.until.get(sessionId);
    return until !== undefined && until > Date.now();
  }

  /**
   * Resolves true once `sessionId` is revoked here (at once when it already is), or false after
   * `timeoutMs`: a logout answers when its session's tokens are refused by this process.
   */
  whenRevoked(sessionId: string, timeoutMs: number) {
    if (this.isRevoked(sessionId)) return Promise.resolve(true);
    return new Promise<boolean>((resolve) => {
      const done = (revoked: boolean) => {
        clearTimeout(timer);
        stop();
        resolve(revoked);
      };
      const stop = this.onRevoked((revocation) => {
        if (revocation.sessionIds.includes(sessionId)) done(true);
      });
      const timer = setTimeout(() => done(false), timeoutMs);
    });
  }

  /** Called for each revocation as it arrives (the gateway closes those sessions' sockets). */
  onRevoked(listener: (revocation: Revocation) => void) {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  private add(revocation: Revocation, at: number) {
    this.prune();
    for (const id of revocation.sessionIds) this.until.set(id, at + rememberMs);
    for (const listener of this.listeners) listener(revocation);
  }

  async stop() {
    await this.subscription?.stop();
    this.listeners.clear();
  }

  private receive(data: unknown) {
    const envelope = eventEnvelope.safeParse(data);
    const payload = envelope.success
      ? eventPayloads['identity.session.revoked'].safeParse(envelope.data.data)
      : undefined;
    if (!envelope.success || !payload?.success) {
      this.logger?.error('invalid session revocation dropped');
      return;
    }
    this.add(payload.data, Date.parse(envelope.data.occurredAt));
  }

  private prune() {
    const now = Date.now();
    for (const [id, until] of this.until) if (until <= now) this.until.delete(id);
  }
}

/**
 * The verifier every service other than identity uses: createTokenVerifier with the issuer and audience
 * of `config`, plus the revocations it follows on `bus`. Stop `revocations` when the service closes.
 */
export async function createSessionVerifier(
  keys: TokenVerifierOptions['keys'],
  config: JwtConfig,
  parts: { bus: EventBus; logger: Logger },
) {
  const revocations = await RevocationList.follow(parts.bus, parts.logger);
  const verifyAccess = createTokenVerifier({
    keys,
    issuer: config.JWT_ISSUER,
    audience: config.JWT_AUDIENCE,
    revocations,
  });
  return { verifyAccess, revocations };
}
