import { sql } from 'kysely';
import type { TasksDb, TasksTrx } from '../../context';

type Db = TasksDb | TasksTrx;

const columns = ['id', 'name', 'query', 'path'] as const;

/** The person's saved views, by name (case aside). */
export const viewsOf = (db: Db, userId: string) =>
  db
    .selectFrom('saved_views')
    .select(columns)
    .where('user_id', '=', userId)
    .orderBy(sql`lower(name)`)
    .orderBy('name')
    .execute();

/** How many views the person keeps under names other than `name`, their saves waiting for this one. */
export async function otherViewCount(trx: TasksTrx, userId: string, name: string) {
  // Two saves of one person at once would both count below the limit.
  await sql`select pg_advisory_xact_lock(hashtextextended(${`views:${userId}`}, 0))`.execute(trx);
  const { n } = await trx
    .selectFrom('saved_views')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('name', '<>', name)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/** Saves the view under its name, replacing the person's view of that name. */
export const upsertView = (
  trx: TasksTrx,
  userId: string,
  view: { name: string; query: string; path: string },
) =>
  trx
    .insertInto('saved_views')
    .values({ user_id: userId, ...view })
    .onConflict((oc) => oc.columns(['user_id', 'name']).doUpdateSet({ query: view.query, path: view.path }))
    .returning(columns)
    .executeTakeFirstOrThrow();

/** Deletes the person's view; whether they had it. */
export const deleteView = async (trx: TasksTrx, userId: string, viewId: string) =>
  Boolean(
    await trx
      .deleteFrom('saved_views')
      .where('id', '=', viewId)
      .where('user_id', '=', userId)
      .returning('id')
      .executeTakeFirst(),
  );
