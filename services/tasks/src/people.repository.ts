import type { Language } from '@baton/contracts';
import { sql } from 'kysely';
import type { TasksDb, TasksTrx } from './context';

type Db = TasksDb | TasksTrx;

/** The key of a person's advisory lock. */
const personLock = (userId: string) => sql`hashtextextended(${userId}, 0)`;

/**
 * A person's writes and the erasure of their account take the same per-person advisory lock (shared for
 * writes, exclusive for the erasure), so a request that passed the token check just before the account
 * was deleted either commits before the erasure (which then removes what it wrote) or finds the person
 * erased and is refused (`actingAs`): nothing a deleted account does can surface later. Takes the shared
 * lock for the transaction; whether the account was erased.
 */
export async function lockForWriting(trx: TasksTrx, userId: string) {
  await sql`select pg_advisory_xact_lock_shared(${personLock(userId)})`.execute(trx);
  const erased = await trx
    .selectFrom('erased_users')
    .select('id')
    .where('id', '=', userId)
    .executeTakeFirst();
  return Boolean(erased);
}

/** Marks `userId` erased for good, after every write of theirs in flight has committed. */
export async function markErased(trx: TasksTrx, userId: string) {
  await sql`select pg_advisory_xact_lock(${personLock(userId)})`.execute(trx);
  await trx
    .insertInto('erased_users')
    .values({ id: userId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The person's full name as tasks knows it; empty when it knows none. */
export async function fullName(db: Db, userId: string) {
  const person = await db
    .selectFrom('users')
    .select(['first_name', 'last_name'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return [person?.first_name, person?.last_name].filter(Boolean).join(' ');
}

/** The account that confirmed `email`; an unconfirmed one may be a stranger's. */
export const confirmedUser = (db: Db, email: string) =>
  db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email)
    .where('email_verified', '=', true)
    .executeTakeFirst();

/** Whether `ownerId` trusts `trustedId`. */
export const trusts = async (db: Db, ownerId: string, trustedId: string) =>
  Boolean(
    await db
      .selectFrom('trusts')
      .select('owner_id')
      .where('owner_id', '=', ownerId)
      .where('trusted_id', '=', trustedId)
      .executeTakeFirst(),
  );

/** The time zone of the person's preferences (null: none chosen, or unknown here). */
export const timezoneOf = async (db: Db, userId: string) =>
  (await db.selectFrom('users').select('timezone').where('id', '=', userId).executeTakeFirst())?.timezone ??
  null;

/** The language of the person's mails and the zone of their "today", from now on. */
export const setPreferences = (
  db: Db,
  userId: string,
  preferences: { language: Language; timezone: string },
) => db.updateTable('users').set(preferences).where('id', '=', userId).execute();
