import { limits } from '@baton/contracts';
import { sql, type Updateable } from 'kysely';
import type { TasksDb, TasksTrx } from '../../context';
import type { TasksTable } from '../../db/schema';
import { selectTaskViews } from '../tasks/tasks.repository';

/** Holds the task's row until the transaction ends (a decline and a reassignment cannot cross); false if none. */
export const lockTask = async (trx: TasksTrx, taskId: string) =>
  Boolean(await trx.selectFrom('tasks').select('id').where('id', '=', taskId).forUpdate().executeTakeFirst());

/** Changes the task's row (and when it changed: an edit is activity the waiting view shows). */
export const changeTask = (trx: TasksTrx, taskId: string, changes: Updateable<TasksTable>) =>
  trx
    .updateTable('tasks')
    .set({ ...changes, updated_at: sql<Date>`now()` })
    .where('id', '=', taskId)
    .execute();

/** No open proposal. */
export const noProposal = { proposed_due_date: null, proposal_note: null, proposed_at: null } as const;

/** Not declined (any more). */
export const notDeclined = {
  declined_by_id: null,
  declined_by_email: null,
  declined_by_name: null,
  decline_reason: null,
  declined_at: null,
} as const;

/** The task's recipient goes: their entry, and with it every way in (lists, comments, the accept link). */
export const dropRecipient = (trx: TasksTrx, taskId: string) =>
  trx.deleteFrom('task_recipients').where('task_id', '=', taskId).execute();

/** The task's accept links, none of which may work again (a declined task's still says so when opened). */
export const useUpAcceptLinks = (trx: TasksTrx, taskId: string) =>
  trx
    .updateTable('accept_tokens')
    .set({ used_at: sql<Date>`now()` })
    .where('task_id', '=', taskId)
    .where('used_at', 'is', null)
    .execute();

/** The task's accept links, gone: it went to someone else (or back to its owner). */
export const dropAcceptLinks = (trx: TasksTrx, taskId: string) =>
  trx.deleteFrom('accept_tokens').where('task_id', '=', taskId).execute();

/**
 * Marks the nudge, unless the last one was less than `limits.nudgeHours` ago: true when this one may go. One
 * statement, so two nudges at once cannot both pass. It leaves `updated_at` alone: a nudge is not news of the
 * task.
 */
export const claimNudge = async (trx: TasksTrx, taskId: string) =>
  Boolean(
    await trx
      .updateTable('tasks')
      .set({ last_nudged_at: sql<Date>`now()` })
      .where('id', '=', taskId)
      .where((eb) =>
        eb.or([
          eb('last_nudged_at', 'is', null),
          eb('last_nudged_at', '<=', sql<Date>`now() - make_interval(hours => ${limits.nudgeHours})`),
        ]),
      )
      .returning('id')
      .executeTakeFirst(),
  );

/** Whole seconds until the task may be nudged again (at least 1). */
export const secondsUntilNudge = async (trx: TasksTrx, taskId: string) => {
  const row = await trx
    .selectFrom('tasks')
    .select(
      sql<number>`greatest(1, ceil(extract(epoch from last_nudged_at + make_interval(hours => ${limits.nudgeHours}) - now())))::int`.as(
        'seconds',
      ),
    )
    .where('id', '=', taskId)
    .executeTakeFirstOrThrow();
  return Number(row.seconds);
};

/**
 * The open tasks `ownerId` delegated that wait on someone (a recipient, or the one who declined), with their
 * cards, in one statement: whom each waits on, where it stands, and its latest activity (sent, accepted,
 * declined, proposed, edited, its last comment and progress note, each read through its index). A task whose
 * recipient closed their account waits on no one and is left out.
 */
export function waitingRows(db: TasksDb, ownerId: string) {
  return (
    selectTaskViews(db)
      .clearOrderBy()
      .select([
        sql<string>`lower(coalesce(r.email, t.declined_by_email))`.as('person_email'),
        sql<string>`coalesce(nullif(case when r.email is not null then ru.first_name else t.declined_by_name end, ''),
        coalesce(r.email, t.declined_by_email))`.as('person_name'),
        sql<boolean>`t.due_date is not null and t.due_date < to_char(now() at time zone 'UTC', 'YYYY-MM-DD')`.as(
          'overdue',
        ),
        sql<Date>`greatest(t.created_at, r.accepted_at, t.declined_at, t.proposed_at, t.updated_at,
        (select max(c.created_at) from comments c where c.task_id = t.id),
        (select max(p.created_at) from progress_logs p where p.task_id = t.id))`.as('last_activity'),
      ])
      .where('t.owner_id', '=', ownerId)
      // Written as the partial index `tasks_waiting` is, so the planner uses it.
      .where(sql<boolean>`t.kind <> 'personal' and not t.completed`)
      .where((eb) => eb.or([eb('r.email', 'is not', null), eb('t.declined_by_email', 'is not', null)]))
      .orderBy(sql`t.due_date nulls last`)
      .orderBy('t.created_at')
      .orderBy('t.id')
      .execute()
  );
}
export type WaitingRow = Awaited<ReturnType<typeof waitingRows>>[number];
