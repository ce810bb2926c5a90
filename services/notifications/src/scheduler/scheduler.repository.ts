import { sql } from 'kysely';
import type { NotificationsDb, NotificationsTrx } from '../context';

type Db = NotificationsDb | NotificationsTrx;

/** graphile-worker's schema in notifications' database (its own migrations create it). */
const schema = sql.id('graphile_worker');

/**
 * Adds (or, for a `key` already queued, moves and replaces) a job in the caller's transaction; graphile-worker
 * tells the runners through NOTIFY at commit. `preserve_run_at` keeps a queued job's time.
 */
export async function addJob(
  db: Db,
  job: {
    identifier: string;
    payload: unknown;
    runAt: Date;
    key: string | null;
    maxAttempts: number;
    mode: 'replace' | 'preserve_run_at';
  },
) {
  await sql`select ${schema}.add_job(
      identifier => ${job.identifier},
      payload => ${JSON.stringify(job.payload)}::json,
      run_at => ${job.runAt},
      max_attempts => ${job.maxAttempts}::int,
      job_key => ${job.key},
      job_key_mode => ${job.mode}
    )`.execute(db);
}

/**
 * Queues a dead job again, due now: with its key, unless a live job of that key was queued since (a newer
 * reminder of the task), which it must not replace; then without a key (its handler finds it out of date).
 */
export async function requeueJob(
  db: Db,
  job: { identifier: string; payload: unknown; key: string | null; maxAttempts: number },
) {
  await sql`select ${schema}.add_job(
      identifier => ${job.identifier},
      payload => ${JSON.stringify(job.payload)}::json,
      max_attempts => ${job.maxAttempts}::int,
      job_key => (select ${job.key}::text where not exists (
        select 1 from ${schema}._private_jobs where key = ${job.key} and attempts < max_attempts))
    )`.execute(db);
}

/** Removes the job of `key`; one running now is kept from retrying (graphile-worker's remove_job). */
export async function removeJob(db: Db, key: string) {
  await sql`select ${schema}.remove_job(${key})`.execute(db);
}

/**
 * The queue at a glance: jobs due and waiting for a runner, those of them due for more than `lateMs`, and
 * those that failed their last attempt (kept until an operator looks).
 */
export async function jobCounts(db: Db, lateMs: number) {
  const result = await sql<{ due: string; late: string; failed: string }>`
    select
      count(*) filter (where attempts < max_attempts and locked_at is null and run_at <= now()) as due,
      count(*) filter (where attempts < max_attempts and locked_at is null
                         and run_at < now() - make_interval(secs => ${lateMs / 1000})) as late,
      count(*) filter (where attempts >= max_attempts) as failed
    from ${schema}._private_jobs`.execute(db);
  const row = result.rows[0];
  return { due: Number(row?.due ?? 0), late: Number(row?.late ?? 0), failed: Number(row?.failed ?? 0) };
}

/** A job's last failed attempt, as a dead letter of the `consumer` (listed by `npm run dead-letters`). */
export const insertDeadJob = (
  db: NotificationsDb,
  letter: { consumer: string; subject: string; payload: unknown; error: string; attempts: number },
) =>
  db
    .insertInto('kit_dead_letters')
    .values({
      ...letter,
      event_id: null,
      payload: JSON.stringify(letter.payload),
      replay_requested_at: null,
      replayed_at: null,
    })
    .execute();

/** Dead jobs an operator asked to replay (`npm run dead-letters -- notifications replay …`), not replayed yet. */
export const replayRequested = (db: NotificationsDb, consumer: string) =>
  db
    .selectFrom('kit_dead_letters')
    .select(['id', 'subject', 'payload'])
    .where('consumer', '=', consumer)
    .where('replay_requested_at', 'is not', null)
    .where('replayed_at', 'is', null)
    .execute();

/** The dead letter was replayed (queued again), in the transaction that queued it. */
export const markReplayed = (trx: NotificationsTrx, id: string) =>
  trx.updateTable('kit_dead_letters').set({ replayed_at: new Date() }).where('id', '=', id).execute();
