import { randomUUID } from 'node:crypto';
import { accessTokenType, type TokenPair } from '@baton/contracts';
import { ACCESS_ALGORITHM, enqueueEvent } from '@baton/service-kit';
import { SignJWT } from 'jose';
import type { IdentityDb, IdentityDeps, IdentityTrx } from '../../context';
import { randomSecret, sha256, successorOf } from '../../secrets';
import {
  claimRefreshToken,
  insertRefreshTokenRow,
  insertSession,
  recentRevocations,
  recordRevocations,
  refreshTokenRotation,
  refreshTokenSession,
  refreshTokenWithSession,
  revokeSessionRows,
  sessionRevokedAt,
} from './sessions.repository';

type Db = IdentityDb | IdentityTrx;

/** Signs an access token; given the same `issued` (iat, jti) it yields the same token (Ed25519). */
export async function signAccessToken(
  deps: IdentityDeps,
  user: { id: string; email: string },
  sessionId: string,
  issued: { iat: number; jti: string } = { iat: Math.floor(Date.now() / 1000), jti: randomUUID() },
) {
  return new SignJWT({ email: user.email, sid: sessionId })
    .setProtectedHeader({ alg: ACCESS_ALGORITHM, typ: accessTokenType, kid: deps.keys.kid })
    .setSubject(user.id)
    .setIssuer(deps.config.JWT_ISSUER)
    .setAudience(deps.config.JWT_AUDIENCE)
    .setIssuedAt(issued.iat)
    .setExpirationTime(issued.iat + deps.config.ACCESS_TOKEN_TTL_SECONDS)
    .setJti(issued.jti)
    .sign(deps.keys.privateKey);
}

async function insertRefreshToken(deps: IdentityDeps, db: Db, sessionId: string, refresh = randomSecret()) {
  await insertRefreshTokenRow(db, {
    token_hash: sha256(refresh),
    session_id: sessionId,
    expires_at: new Date(Date.now() + deps.config.REFRESH_TOKEN_TTL_DAYS * 86_400_000),
  });
  return refresh;
}

/** Opens a new session (refresh-token family) for a person who just proved who they are. */
export async function openSession(
  deps: IdentityDeps,
  db: Db,
  user: { id: string; email: string },
): Promise<TokenPair> {
  const session = await insertSession(db, user.id);
  const refresh = await insertRefreshToken(deps, db, session.id);
  return { access: await signAccessToken(deps, user, session.id), refresh };
}

export type RotateResult =
  | { ok: true; tokens: TokenPair }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' };

/**
 * Trades a refresh token for a new pair. Each token works once: the `used_at IS NULL` update is the
 * single winner among concurrent calls. The same token presented again within the grace window, while
 * its successor is still unused, gets that same pair (two tabs renewing in the same second); presented
 * later, or after its successor was used, it revokes the whole family (someone else holds a copy).
 */
export function rotateRefreshToken(deps: IdentityDeps, refresh: string): Promise<RotateResult> {
  return deps.write(async (trx) => {
    const hash = sha256(refresh);
    const found = await refreshTokenWithSession(trx, hash);
    if (!found) return { ok: false, reason: 'unknown' };
    if (found.revoked_at) return { ok: false, reason: 'revoked' };
    const user = { id: found.user_id, email: found.email };
    const next = successorOf(deps.successorKey, refresh);
    const issued = { iat: Math.floor(Date.now() / 1000), jti: randomUUID() };
    const claimed = await claimRefreshToken(trx, hash, issued);
    if (!claimed) {
      const again = await sameRotationAgain(deps, trx, hash, next);
      if (again)
        return {
          ok: true,
          tokens: { access: await signAccessToken(deps, user, found.session_id, again), refresh: next },
        };
      // The family's sockets get closed (`write` wakes the relay after the commit).
      await revokeSessions(trx, { sessionId: found.session_id }, 'refresh token reused');
      deps.logger.warn(
        { sessionId: found.session_id, userId: found.user_id },
        'refresh token reuse; session revoked',
      );
      return { ok: false, reason: 'reused' };
    }
    if (found.expires_at.getTime() <= Date.now()) return { ok: false, reason: 'expired' };
    await insertRefreshToken(deps, trx, found.session_id, next);
    return {
      ok: true,
      tokens: { access: await signAccessToken(deps, user, found.session_id, issued), refresh: next },
    };
  });
}

/**
 * The access token's `iat` and `jti` of a rotation of `hash` that may be handed out again, or undefined.
 * Read afresh: a concurrent rotation of the same token has committed by the time our claim failed.
 */
async function sameRotationAgain(deps: IdentityDeps, trx: Db, hash: string, next: string) {
  const rotated = await refreshTokenRotation(trx, hash);
  if (!rotated?.used_at || !rotated.successor_jti || !rotated.successor_iat) return undefined;
  if (Date.now() - rotated.used_at.getTime() > deps.config.REFRESH_REUSE_GRACE_SECONDS * 1000)
    return undefined;
  const successor = await refreshTokenRotation(trx, sha256(next));
  if (!successor || successor.used_at) return undefined;
  return { iat: Number(rotated.successor_iat), jti: rotated.successor_jti };
}

/**
 * Revokes one session, or every session of a user except (optionally) one, and tells every service and
 * gateway through `identity.session.revoked`: they refuse those sessions' access tokens and close their
 * sockets. Runs inside the caller's `deps.write`, which wakes the relay after the commit.
 */
export async function revokeSessions(
  db: Db,
  which: { sessionId: string } | { userId: string; except?: string },
  reason: string,
) {
  const revoked = await revokeSessionRows(db, which, reason);
  const first = revoked[0];
  if (!first) return;
  await recordRevocations(
    db,
    revoked.map((r) => ({ session_id: r.id, user_id: r.user_id })),
  );
  // All revoked rows belong to one user: both selectors are scoped to a single person.
  await enqueueEvent(db, 'identity.session.revoked', {
    actorId: first.user_id,
    audience: [first.user_id],
    data: { userId: first.user_id, sessionIds: revoked.map((r) => r.id), reason },
  });
}

/** The session (family) a refresh token belongs to, used or not, or undefined for a token never issued. */
export async function sessionOfRefreshToken(db: Db, refresh: string) {
  return (await refreshTokenSession(db, sha256(refresh)))?.session_id;
}

/** Revokes the family a refresh token belongs to (logout) and returns its id. Unknown tokens are ignored. */
export async function revokeByRefreshToken(db: Db, refresh: string) {
  const sessionId = await sessionOfRefreshToken(db, refresh);
  if (sessionId) await revokeSessions(db, { sessionId }, 'logout');
  return sessionId;
}

export async function isSessionActive(db: Db, sessionId: string) {
  const row = await sessionRevokedAt(db, sessionId);
  return row !== undefined && row.revoked_at === null;
}

/**
 * The in-process bus forgets everything when the process ends: a new single process tells its verifiers
 * again which sessions ended within the last hour (NATS keeps these events; there this is not needed).
 */
export async function reannounceRevocations(trx: IdentityTrx) {
  const rows = await recentRevocations(trx);
  const byUser = new Map<string, string[]>();
  for (const r of rows) byUser.set(r.user_id, [...(byUser.get(r.user_id) ?? []), r.session_id]);
  for (const [userId, sessionIds] of byUser)
    await enqueueEvent(trx, 'identity.session.revoked', {
      actorId: null,
      audience: [userId],
      data: { userId, sessionIds, reason: 'announced again after a restart' },
    });
}
