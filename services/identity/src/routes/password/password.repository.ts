import { type ExpressionBuilder, sql } from 'kysely';
import type { IdentityDb, IdentityTrx } from '../../context';
import type { IdentityTables } from '../../db/schema';

type Db = IdentityDb | IdentityTrx;

/** The reset row of a link that still works: this person's and this token's, unused and unexpired. */
const usableLink =
  (uid: string, tokenHash: string) => (eb: ExpressionBuilder<IdentityTables, 'password_resets'>) =>
    eb.and([
      eb('user_id', '=', uid),
      eb('token_hash', '=', tokenHash),
      eb('used_at', 'is', null),
      eb('expires_at', '>', sql<Date>`now()`),
    ]);

/** Only the newest link works: it replaces the person's older ones. */
export async function replaceResetLink(db: Db, userId: string, tokenHash: string, expiresAt: Date) {
  await db.deleteFrom('password_resets').where('user_id', '=', userId).execute();
  await db
    .insertInto('password_resets')
    .values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt })
    .execute();
}

export const usableResetLink = (db: Db, uid: string, tokenHash: string) =>
  db.selectFrom('password_resets').select('user_id').where(usableLink(uid, tokenHash)).executeTakeFirst();

/**
 * Marks a usable link used; undefined when it is not (any more). The conditional update is the single
 * winner among concurrent uses of one link.
 */
export const claimResetLink = (db: Db, uid: string, tokenHash: string) =>
  db
    .updateTable('password_resets')
    .set({ used_at: sql<Date>`now()` })
    .where(usableLink(uid, tokenHash))
    .returning('user_id')
    .executeTakeFirst();
