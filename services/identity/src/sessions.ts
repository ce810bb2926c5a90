import { randomUUID } from 'node:crypto';
import { accessTokenType, type TokenPair } from '@baton/contracts';
import { ACCESS_ALGORITHM, enqueuePush } from '@baton/service-kit';
import { SignJWT } from 'jose';
import { sql } from 'kysely';
import type { IdentityDb, IdentityDeps } from './context';
import { randomSecret, sha256 } from './secrets';

type Db = IdentityDb;

export async function signAccessToken(
  deps: IdentityDeps,
  user: { id: string; email: string },
  sessionId: string,
) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ email: user.email, sid: sessionId })
    .setProtectedHeader({ alg: ACCESS_ALGORITHM, typ: accessTokenType, kid: deps.keys.kid })
    .setSubject(user.id)
    .setIssuer(deps.config.JWT_ISSUER)
    .setAudience(deps.config.JWT_AUDIENCE)
    .setIssuedAt(now)
    .setExpirationTime(now + deps.config.ACCESS_TOKEN_TTL_SECONDS)
    .setJti(randomUUID())
    .sign(deps.keys.privateKey);
}

async function insertRefreshToken(deps: IdentityDeps, db: Db, sessionId: string) {
  const refresh = randomSecret();
  await db
    .insertInto('refresh_tokens')
    .values({
      token_hash: sha256(refresh),
      session_id: sessionId,
      expires_at: new Date(Date.now() + deps.config.REFRESH_TOKEN_TTL_DAYS * 86_400_000),
    })
    .execute();
  return refresh;
}

/** Opens a new session (refresh-token family) for a person who just proved who they are. */
export async function openSession(
  deps: IdentityDeps,
  db: Db,
  user: { id: string; email: string },
): Promise<TokenPair> {
  const session = await db
    .insertInto('sessions')
    .values({ user_id: user.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const refresh = await insertRefreshToken(deps, db, session.id);
  return { access: await signAccessToken(deps, user, session.id), refresh };
}

export type RotateResult =
  | { ok: true; tokens: TokenPair }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

/**
 * Trades a refresh token for a new pair. Each token works once: the `used_at IS NULL` update is the
 * single winner among concurrent calls, and presenting a token that was already rotated out revokes
 * the whole family (someone else holds a copy).
 */
export function rotateRefreshToken(deps: IdentityDeps, refresh: string): Promise<RotateResult> {
  return deps.db.transaction().execute(async (trx) => {
    const hash = sha256(refresh);
    const found = await trx
      .selectFrom('refresh_tokens as t')
      .innerJoin('sessions as s', 's.id', 't.session_id')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['t.session_id', 't.expires_at', 't.used_at', 's.revoked_at', 'u.id as user_id', 'u.email'])
      .where('t.token_hash', '=', hash)
      .executeTakeFirst();
    if (!found) return { ok: false, reason: 'unknown' };
    if (found.revoked_at) return { ok: false, reason: 'revoked' };
    const claimed = await trx
      .updateTable('refresh_tokens')
      .set({ used_at: sql<Date>`now()` })
      .where('token_hash', '=', hash)
      .where('used_at', 'is', null)
      .returning('token_hash')
      .executeTakeFirst();
    if (!claimed) {
      await revokeSessions(trx, { sessionId: found.session_id }, 'refresh token reused');
      deps.logger.warn(
        { sessionId: found.session_id, userId: found.user_id },
        'refresh token reuse; session revoked',
      );
      return { ok: false, reason: 'reused' };
    }
    if (found.expires_at.getTime() <= Date.now()) return { ok: false, reason: 'expired' };
    const next = await insertRefreshToken(deps, trx, found.session_id);
    const access = await signAccessToken(deps, { id: found.user_id, email: found.email }, found.session_id);
    return { ok: true, tokens: { access, refresh: next } };
  });
}

/**
 * Revokes one session, or every session of a user except (optionally) one, and queues a push so
 * gateways close those sessions' sockets. Callers kick the outbox relay after their commit.
 */
export async function revokeSessions(
  db: Db,
  which: { sessionId: string } | { userId: string; except?: string },
  reason: string,
) {
  let q = db
    .updateTable('sessions')
    .set({ revoked_at: sql<Date>`now()`, revoked_reason: reason })
    .where('revoked_at', 'is', null);
  if ('sessionId' in which) q = q.where('id', '=', which.sessionId);
  else {
    q = q.where('user_id', '=', which.userId);
    if (which.except) q = q.where('id', '!=', which.except);
  }
  const revoked = await q.returning(['id', 'user_id']).execute();
  const first = revoked[0];
  if (!first) return;
  // All revoked rows belong to one user: both selectors are scoped to a single person.
  await enqueuePush(db, first.user_id, {
    channel: 'session',
    payload: { type: 'session_revoked', session_ids: revoked.map((r) => r.id) },
  });
}

/** Revokes the family a refresh token belongs to (logout). Unknown tokens are ignored. */
export async function revokeByRefreshToken(db: Db, refresh: string) {
  const found = await db
    .selectFrom('refresh_tokens')
    .select('session_id')
    .where('token_hash', '=', sha256(refresh))
    .executeTakeFirst();
  if (found) await revokeSessions(db, { sessionId: found.session_id }, 'logout');
}

export async function isSessionActive(db: Db, sessionId: string) {
  const row = await db
    .selectFrom('sessions')
    .select('revoked_at')
    .where('id', '=', sessionId)
    .executeTakeFirst();
  return row !== undefined && row.revoked_at === null;
}
