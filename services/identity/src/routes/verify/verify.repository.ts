import { sql } from 'kysely';
import type { IdentityDb, IdentityTrx } from '../../context';

type Db = IdentityDb | IdentityTrx;

/** The person's one working confirmation link (stored hashed), replacing any older one. */
export function putVerification(db: Db, userId: string, tokenHash: string, expiresAt: Date) {
  const row = { token_hash: tokenHash, expires_at: expiresAt };
  return db
    .insertInto('email_verifications')
    .values({ user_id: userId, ...row })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
    .execute();
}

/**
 * Uses up an unexpired link: deleting the row is the single use, so concurrent clicks of one link have one
 * winner. Undefined for an unknown, used or expired link.
 */
export const takeVerification = (db: Db, tokenHash: string) =>
  db
    .deleteFrom('email_verifications')
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('user_id')
    .executeTakeFirst();

export const deleteVerifications = (db: Db, userId: string) =>
  db.deleteFrom('email_verifications').where('user_id', '=', userId).execute();
