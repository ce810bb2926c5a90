import { sql } from 'kysely';
import type { TasksDb, TasksTrx } from '../../context';

type Db = TasksDb | TasksTrx;

/** The person's feed token, if they asked for a feed. */
export const feedTokenOf = async (db: Db, userId: string) =>
  (await db.selectFrom('calendar_feeds').select('token').where('user_id', '=', userId).executeTakeFirst())
    ?.token;

/** The person's first feed token; a racing first ask keeps the token written before it. */
export const insertFeed = (trx: TasksTrx, userId: string, token: string) =>
  trx
    .insertInto('calendar_feeds')
    .values({ user_id: userId, token })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();

/** A new token for the person's feed: the one before no longer opens it. */
export const replaceFeed = (trx: TasksTrx, userId: string, token: string) =>
  trx
    .insertInto('calendar_feeds')
    .values({ user_id: userId, token })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ token, created_at: sql<Date>`now()` }))
    .execute();

/** Whose feed this token opens, if anyone's. */
export const feedOwnerOf = async (db: Db, token: string) =>
  (await db.selectFrom('calendar_feeds').select('user_id').where('token', '=', token).executeTakeFirst())
    ?.user_id;

/**
 * The tasks on a person's calendar: open ones with a due date that they own (personal, or delegated and not
 * declined) or that were delegated to them and they accepted.
 */
export const feedTasks = (db: Db, userId: string) =>
  db
    .selectFrom('tasks as t')
    .leftJoin('task_recipients as r', 'r.task_id', 't.id')
    .select([
      't.id',
      't.title',
      't.description',
      't.due_date',
      't.recurrence',
      't.series_start',
      't.updated_at',
    ])
    .where('t.completed', '=', false)
    .where('t.due_date', 'is not', null)
    .where((eb) =>
      eb.or([
        eb.and([eb('t.owner_id', '=', userId), eb('t.declined_at', 'is', null)]),
        eb.and([eb('t.recipient_id', '=', userId), eb('r.accepted_at', 'is not', null)]),
      ]),
    )
    .orderBy('t.due_date')
    .orderBy('t.id')
    .execute();
