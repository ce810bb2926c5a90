import { randomBytes } from 'node:crypto';
import type { Language } from '@baton/contracts';
import type { Insertable } from 'kysely';
import type { NotificationsDb, NotificationsTrx } from '../../context';
import type { NotificationsTables, UnsubscribeScope } from '../../db/schema';

type Db = NotificationsDb | NotificationsTrx;
type PreferencesRow = Omit<Insertable<NotificationsTables['preferences']>, 'updated_at'>;

const columns = [
  'timezone',
  'language',
  'digest_frequency',
  'digest_hour',
  'digest_weekday',
  'events',
] as const;

/** The person's stored preferences; undefined for someone who never changed any (the defaults). */
export const preferencesRow = (db: Db, userId: string) =>
  db.selectFrom('preferences').select(columns).where('user_id', '=', userId).executeTakeFirst();

/** The stored language of each of `userIds` who chose one (the others read English). */
export async function languagesOf(db: Db, userIds: readonly string[]) {
  if (userIds.length === 0) return new Map<string, Language>();
  const rows = await db
    .selectFrom('preferences')
    .select(['user_id', 'language'])
    .where('user_id', 'in', userIds)
    .execute();
  return new Map(rows.map((row) => [row.user_id, row.language]));
}

/**
 * The person's stored preferences, locked until commit (a row of defaults is made first), so two changes
 * of one person's preferences merge one after the other instead of one losing the other's.
 */
export async function lockPreferences(trx: NotificationsTrx, userId: string) {
  await trx
    .insertInto('preferences')
    .values({ user_id: userId })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  return trx
    .selectFrom('preferences')
    .select(columns)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export const savePreferencesRow = (trx: NotificationsTrx, { user_id, ...row }: PreferencesRow) =>
  trx
    .updateTable('preferences')
    .set({ ...row, updated_at: new Date() })
    .where('user_id', '=', user_id)
    .execute();

// Unsubscribe links

/**
 * The person's unsubscribe token of `scope`, made on first use: 32 random bytes, base64url. Every mail of
 * that scope carries the same one.
 */
export async function unsubscribeToken(trx: NotificationsTrx, userId: string, scope: UnsubscribeScope) {
  const made = await trx
    .insertInto('unsubscribe_tokens')
    .values({ token: randomBytes(32).toString('base64url'), user_id: userId, scope })
    .onConflict((oc) => oc.columns(['user_id', 'scope']).doNothing())
    .returning('token')
    .executeTakeFirst();
  if (made) return made.token;
  const kept = await trx
    .selectFrom('unsubscribe_tokens')
    .select('token')
    .where('user_id', '=', userId)
    .where('scope', '=', scope)
    .executeTakeFirstOrThrow();
  return kept.token;
}

/** Whose token it is and what it turns off; undefined for a token that was never made (or whose owner left). */
export const unsubscribeTokenOf = (db: Db, token: string) =>
  db
    .selectFrom('unsubscribe_tokens')
    .select(['user_id', 'scope'])
    .where('token', '=', token)
    .executeTakeFirst();

/** Erasure: the person's preferences, waiting digest items and unsubscribe links go. */
export async function forgetPreferences(trx: NotificationsTrx, userId: string) {
  await trx.deleteFrom('preferences').where('user_id', '=', userId).execute();
  await trx.deleteFrom('digest_items').where('user_id', '=', userId).execute();
  await trx.deleteFrom('unsubscribe_tokens').where('user_id', '=', userId).execute();
}
