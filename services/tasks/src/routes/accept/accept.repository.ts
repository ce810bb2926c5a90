import { type Insertable, sql } from 'kysely';
import type { TasksDb, TasksTrx } from '../../context';
import type { AcceptTokensTable } from '../../db/schema';

type Db = TasksDb | TasksTrx;

export const insertAcceptToken = (trx: TasksTrx, row: Insertable<AcceptTokensTable>) =>
  trx.insertInto('accept_tokens').values(row).execute();

/** The accept link whose token hashes to `tokenHash`. */
export const acceptGrant = (db: Db, tokenHash: string) =>
  db.selectFrom('accept_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();

/** Who declined the task, if its recipient did (their account's id). */
export const declinerOf = async (db: Db, taskId: string) =>
  (await db.selectFrom('tasks').select('declined_by_id').where('id', '=', taskId).executeTakeFirst())
    ?.declined_by_id ?? null;

/** Marks the recipient's task accepted; false when it was not pending (accepted already, or not theirs). */
export const markAccepted = async (trx: TasksTrx, taskId: string, userId: string) =>
  Boolean(
    await trx
      .updateTable('task_recipients')
      .set({ accepted_at: new Date() })
      .where('task_id', '=', taskId)
      .where('user_id', '=', userId)
      .where('accepted_at', 'is', null)
      .returning('task_id')
      .executeTakeFirst(),
  );

/** The task's accept links did their work. */
export const useAcceptTokens = (trx: TasksTrx, taskId: string) =>
  trx
    .updateTable('accept_tokens')
    .set({ used_at: new Date() })
    .where('task_id', '=', taskId)
    .where('used_at', 'is', null)
    .execute();

/**
 * The recipients' entries whose accept mails a cap held back (`mail_held_at`), for at most `recipients`
 * addresses whose first was held `minutes` ago, each with its task and sender, locked until the transaction
 * ends; rows another sweep holds are skipped.
 */
export function heldAcceptMails(trx: TasksTrx, minutes: number, recipients: number) {
  const due = trx
    .selectFrom('task_recipients')
    .select('email')
    .where('mail_held_at', '<=', sql<Date>`now() - make_interval(mins => ${minutes})`)
    .groupBy('email')
    .limit(recipients);
  return trx
    .selectFrom('task_recipients as r')
    .innerJoin('tasks as t', 't.id', 'r.task_id')
    .leftJoin('users as u', 'u.id', 't.owner_id')
    .leftJoin('users as ru', 'ru.id', 'r.user_id')
    .select(['r.task_id', 'r.email', 'r.user_id', 'r.accepted_at', 't.kind', 't.title', 't.owner_email'])
    .select(['u.first_name as owner_first_name', 'ru.language as recipient_language'])
    .where('r.mail_held_at', 'is not', null)
    .where('r.email', 'in', due)
    .orderBy('r.email')
    .orderBy('r.mail_held_at')
    .forUpdate('r')
    .skipLocked()
    .execute();
}

/** The held mails of `email` on these tasks went out (or have nothing left to say). */
export const releaseHeldMails = (trx: TasksTrx, email: string, taskIds: string[]) =>
  trx
    .updateTable('task_recipients')
    .set({ mail_held_at: null })
    .where('email', '=', email)
    .where('task_id', 'in', taskIds)
    .execute();
