import { unauthorized } from '@baton/service-kit';
import { sql } from 'kysely';
import type { TasksDb } from './context';

/**
 * A person's writes and the erasure of their account take the same per-person advisory lock (shared for
 * writes, exclusive for the erasure), so a request that passed the token check just before the account
 * was deleted either commits before the erasure (which then removes what it wrote) or finds the person
 * erased and is refused: nothing a deleted account does can surface later.
 */
export async function actingAs(trx: TasksDb, userId: string) {
  await sql`select pg_advisory_xact_lock_shared(hashtextextended(${userId}, 0))`.execute(trx);
  const erased = await trx
    .selectFrom('erased_users')
    .select('id')
    .where('id', '=', userId)
    .executeTakeFirst();
  if (erased) throw unauthorized('Token is invalid or expired');
}

/** Marks `userId` erased for good, after every write of theirs in flight has committed. */
export async function markErased(trx: TasksDb, userId: string) {
  await sql`select pg_advisory_xact_lock(hashtextextended(${userId}, 0))`.execute(trx);
  await trx
    .insertInto('erased_users')
    .values({ id: userId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}
