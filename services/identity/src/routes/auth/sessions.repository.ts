import { MAX_ACCESS_TOKEN_TTL_SECONDS } from '@baton/contracts';
import { sql } from 'kysely';
import type { IdentityDb, IdentityTrx } from '../../context';

type Db = IdentityDb | IdentityTrx;

export const insertSession = (db: Db, userId: string) =>
  db.insertInto('sessions').values({ user_id: userId }).returning('id').executeTakeFirstOrThrow();

export const insertRefreshTokenRow = (
  db: Db,
  row: { token_hash: string; session_id: string; expires_at: Date },
) => db.insertInto('refresh_tokens').values(row).execute();

/** A refresh token (by hash) with its session and the session's person. */
export const refreshTokenWithSession = (db: Db, hash: string) =>
  db
    .selectFrom('refresh_tokens as t')
    .innerJoin('sessions as s', 's.id', 't.session_id')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['t.session_id', 't.expires_at', 's.revoked_at', 'u.id as user_id', 'u.email'])
    .where('t.token_hash', '=', hash)
    .executeTakeFirst();

/**
 * Marks a refresh token used, noting the access token its rotation issues; undefined when it was used
 * already (the `used_at IS NULL` update is the single winner among concurrent calls).
 */
export const claimRefreshToken = (db: Db, hash: string, successor: { iat: number; jti: string }) =>
  db
    .updateTable('refresh_tokens')
    .set({ used_at: sql<Date>`now()`, successor_jti: successor.jti, successor_iat: String(successor.iat) })
    .where('token_hash', '=', hash)
    .where('used_at', 'is', null)
    .returning('token_hash')
    .executeTakeFirst();

export const refreshTokenRotation = (db: Db, hash: string) =>
  db
    .selectFrom('refresh_tokens')
    .select(['used_at', 'successor_jti', 'successor_iat'])
    .where('token_hash', '=', hash)
    .executeTakeFirst();

export const refreshTokenSession = (db: Db, hash: string) =>
  db.selectFrom('refresh_tokens').select('session_id').where('token_hash', '=', hash).executeTakeFirst();

/** Revokes one session, or every open session of a user except (optionally) one; returns those revoked. */
export function revokeSessionRows(
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
  return q.returning(['id', 'user_id']).execute();
}

export const recordRevocations = (db: Db, rows: { session_id: string; user_id: string }[]) =>
  db.insertInto('session_revocations').values(rows).execute();

export const sessionRevokedAt = (db: Db, sessionId: string) =>
  db.selectFrom('sessions').select('revoked_at').where('id', '=', sessionId).executeTakeFirst();

/** The revocations an access token may still outlive, once older ones are forgotten. */
export async function recentRevocations(db: Db) {
  await db
    .deleteFrom('session_revocations')
    .where('revoked_at', '<', sql<Date>`now() - make_interval(secs => ${MAX_ACCESS_TOKEN_TTL_SECONDS})`)
    .execute();
  return db.selectFrom('session_revocations').select(['session_id', 'user_id']).execute();
}
