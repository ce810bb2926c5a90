import type { Category, Task } from '@baton/contracts';
import { executePrepared } from '@baton/service-kit';
import { type Insertable, type RawBuilder, type SelectQueryBuilder, sql, type Updateable } from 'kysely';
import type { TasksDb, TasksTrx } from '../../context';
import type { RecipientsTable, TaskKind, TasksTable } from '../../db/schema';

type Db = TasksDb | TasksTrx;

/** The rows a task card reads: the task, its recipient, the owner's name, the folder. */
const taskCards = (db: Db) =>
  db
    .selectFrom('tasks as t')
    .leftJoin('task_recipients as r', 'r.task_id', 't.id')
    .leftJoin('users as u', 'u.id', 't.owner_id')
    .leftJoin('users as ru', 'ru.id', 'r.user_id')
    .leftJoin('folders as f', 'f.id', 't.folder_id');

type Cards = ReturnType<typeof taskCards>;
type CardsOf<O> =
  Cards extends SelectQueryBuilder<infer DB, infer TB, object> ? SelectQueryBuilder<DB, TB, O> : never;

/** The lists' order (SPEC §2): open tasks first, then the latest completed, then the newest created. */
const inListOrder = <O>(query: CardsOf<O>) =>
  query
    .orderBy('t.completed')
    .orderBy(sql`t.completed_at desc nulls last`)
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id');

/** A task with what its card shows: the recipient, the owner's name, the folder. */
export function selectTaskViews(db: Db) {
  return inListOrder(
    taskCards(db).select([
      't.id',
      't.owner_id',
      't.owner_email',
      't.kind',
      't.title',
      't.description',
      't.due_date',
      't.priority',
      't.progress',
      't.completed',
      't.completed_at',
      't.created_at',
      't.folder_id',
      't.attachment_key',
      't.attachment_url',
      't.attachment_name',
      't.attachment_type',
      't.attachment_size',
      't.reminder_days_before',
      't.reminder_hour',
      't.overdue_notice',
      't.declined_by_email',
      't.declined_by_name',
      't.decline_reason',
      't.declined_at',
      't.proposed_due_date',
      't.proposal_note',
      't.proposed_at',
      't.recurrence',
      't.series_id',
      't.series_start',
      't.last_nudged_at',
      'r.email as recipient_email',
      'r.user_id as recipient_id',
      'r.accepted_at',
      'r.is_trusted',
      'u.first_name as owner_first_name',
      'ru.first_name as recipient_first_name',
      'f.name as folder_name',
      'f.color as folder_color',
    ]),
  );
}

export type TaskViewRow = Awaited<ReturnType<ReturnType<typeof selectTaskViews>['executeTakeFirstOrThrow']>>;

export const categoryOf = (kind: TaskKind, asOwner: boolean): Category => {
  if (kind === 'personal') return 'Personal Tasks';
  if (kind === 'assign') return asOwner ? 'Tasks Delegated - Assigned' : 'Assigned Tasks';
  return asOwner ? 'Tasks Delegated - Invitation' : 'Invited Tasks';
};

/** The task as SPEC §3 describes it, seen by `viewerId` (the category depends on which side they are on). */
export function toTask(row: TaskViewRow, viewerId: string): Task {
  const recipients = row.recipient_email ? [row.recipient_email] : [];
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    dueDate: row.due_date,
    priority: row.priority,
    progress: row.progress,
    completed: row.completed,
    completedAt: row.completed_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    owner: row.owner_email,
    firstName: row.owner_first_name ?? row.owner_email,
    assigned_users: row.kind === 'assign' ? recipients : [],
    invited_users: row.kind === 'invite' ? recipients : [],
    recipientName: row.recipient_first_name || null,
    is_trusted: row.is_trusted ?? false,
    is_accepted: row.kind === 'personal' || row.accepted_at !== null,
    folder:
      row.folder_id && row.folder_name
        ? { id: row.folder_id, name: row.folder_name, color: row.folder_color }
        : null,
    attachmentKey: row.attachment_key,
    attachmentUrl: row.attachment_url,
    attachment:
      row.attachment_key && row.attachment_name
        ? {
            name: row.attachment_name,
            contentType: row.attachment_type ?? 'application/octet-stream',
            size: Number(row.attachment_size ?? 0),
          }
        : null,
    category: categoryOf(row.kind, row.owner_id === viewerId),
    reminder:
      row.reminder_days_before !== null && row.reminder_hour !== null
        ? { daysBefore: row.reminder_days_before, hour: row.reminder_hour }
        : null,
    overdueNotice: row.overdue_notice,
    declined:
      row.declined_at && row.declined_by_email
        ? {
            name: row.declined_by_name || row.declined_by_email,
            email: row.declined_by_email,
            reason: row.decline_reason ?? '',
            at: row.declined_at.toISOString(),
          }
        : null,
    proposal:
      row.proposed_due_date && row.proposed_at
        ? { dueDate: row.proposed_due_date, note: row.proposal_note ?? '', at: row.proposed_at.toISOString() }
        : null,
    recurrence: row.recurrence,
  };
}

/** A timestamp as `Date.prototype.toISOString` writes it (both keep milliseconds, cut, not rounded). */
const isoText = (column: string) =>
  sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A text column that toTask reads as present: not null, not empty. */
const present = (column: string) => sql`coalesce(${sql.ref(column)}, '') <> ''`;

/** The category's case, written from categoryOf, so both ways name each side alike. */
const categoryCase = (viewerId: string) => {
  const kinds: TaskKind[] = ['personal', 'assign', 'invite'];
  const when = kinds.map(
    (kind) =>
      sql`when ${sql.lit(kind)} then case when t.owner_id = ${viewerId} then ${sql.lit(categoryOf(kind, true))} else ${sql.lit(categoryOf(kind, false))} end`,
  );
  return sql`case t.kind ${sql.join(when, sql` `)} end`;
};

/**
 * toTask, written in SQL: the task as JSON text built by Postgres, for lists, where a page of rows would
 * otherwise cost Node a string per column, three Dates and two objects per task, and a JSON.stringify.
 * `views.test.ts` holds the two to the same answer for every kind of task, from both sides.
 */
const taskJson = (viewerId: string) => sql<string>`(select row_to_json(v)::text from (select
    t.id, t.title, t.description, t.due_date as "dueDate", t.priority, t.progress, t.completed,
    ${isoText('t.completed_at')} as "completedAt", ${isoText('t.created_at')} as created_at,
    t.owner_email as owner, coalesce(u.first_name, t.owner_email) as "firstName",
    case when t.kind = 'assign' and ${present('r.email')} then json_build_array(r.email) else '[]' end as assigned_users,
    case when t.kind = 'invite' and ${present('r.email')} then json_build_array(r.email) else '[]' end as invited_users,
    nullif(ru.first_name, '') as "recipientName",
    coalesce(r.is_trusted, false) as is_trusted,
    t.kind = 'personal' or r.accepted_at is not null as is_accepted,
    case when t.folder_id is not null and ${present('f.name')}
      then json_build_object('id', t.folder_id, 'name', f.name, 'color', f.color) end as folder,
    t.attachment_key as "attachmentKey", t.attachment_url as "attachmentUrl",
    case when ${present('t.attachment_key')} and ${present('t.attachment_name')}
      then json_build_object('name', t.attachment_name,
        'contentType', coalesce(t.attachment_type, 'application/octet-stream'), 'size', coalesce(t.attachment_size, 0))
      end as attachment,
    ${categoryCase(viewerId)} as category,
    case when t.reminder_days_before is not null
      then json_build_object('daysBefore', t.reminder_days_before, 'hour', t.reminder_hour) end as reminder,
    t.overdue_notice as "overdueNotice",
    case when t.declined_at is not null and t.declined_by_email is not null
      then json_build_object('name', coalesce(nullif(t.declined_by_name, ''), t.declined_by_email),
        'email', t.declined_by_email, 'reason', coalesce(t.decline_reason, ''), 'at', ${isoText('t.declined_at')})
      end as declined,
    case when t.proposed_due_date is not null and t.proposed_at is not null
      then json_build_object('dueDate', t.proposed_due_date, 'note', coalesce(t.proposal_note, ''),
        'at', ${isoText('t.proposed_at')}) end as proposal,
    t.recurrence) as v)`;

/** Tasks as `viewerId` sees them, each as the JSON text of a Task (`task`), in the lists' order. */
export function selectTaskJson(db: Db, viewerId: string) {
  return inListOrder(taskCards(db).select([taskJson(viewerId).as('task'), 't.id']));
}

/** A JSON answer holding a list of tasks already written as JSON text, and the answer's other fields. */
export const tasksAnswer = (tasks: string[], rest: Record<string, unknown> = {}) => {
  const others = JSON.stringify(rest);
  return `{"tasks":[${tasks.join(',')}]${others === '{}' ? '' : `,${others.slice(1, -1)}`}}`;
};

/** The people an event about this task is for: the owner and a recipient who has an account. */
export const audienceOf = (row: Pick<TaskViewRow, 'owner_id' | 'recipient_id'>) =>
  [row.owner_id, row.recipient_id].filter((id): id is string => Boolean(id));

/** The task with what its card shows, if it exists. */
export const taskView = (db: Db, id: string) => selectTaskViews(db).where('t.id', '=', id).executeTakeFirst();

/** The task with what its card shows, as `trx` sees it (it must exist there). */
export const taskViewIn = (trx: TasksTrx, id: string) =>
  selectTaskViews(trx).where('t.id', '=', id).executeTakeFirstOrThrow();

/** Tasks among `ids`, with what their cards show. */
export const taskViews = (db: Db, ids: string[]) =>
  ids.length ? selectTaskViews(db).where('t.id', 'in', ids).execute() : Promise.resolve([]);

/** The tasks `ownerId` owns, with what their cards show. */
export const tasksOwnedBy = (db: Db, ownerId: string) =>
  selectTaskViews(db).where('t.owner_id', '=', ownerId).execute();

/** Whether `ownerId` owns the folder (tasks' copy of folders). */
export const ownsFolder = async (db: Db, folderId: string, ownerId: string) =>
  Boolean(
    await db
      .selectFrom('folders')
      .select('id')
      .where('id', '=', folderId)
      .where('owner_id', '=', ownerId)
      .executeTakeFirst(),
  );

export const insertTaskRow = (trx: TasksTrx, row: Insertable<TasksTable>) =>
  trx.insertInto('tasks').values(row).execute();

export const insertRecipientRow = (trx: TasksTrx, row: Insertable<RecipientsTable>) =>
  trx.insertInto('task_recipients').values(row).execute();

/** The task's accept mail waits for the digest (`mail-digest.ts`), held from now. */
export const holdAcceptMail = (trx: TasksTrx, taskId: string) =>
  trx
    .updateTable('task_recipients')
    .set({ mail_held_at: sql<Date>`now()` })
    .where('task_id', '=', taskId)
    .execute();

export const updateTaskRow = (trx: TasksTrx, id: string, changes: Updateable<TasksTable>) =>
  trx
    .updateTable('tasks')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', id)
    .execute();

export const deleteTaskRow = (trx: TasksTrx, id: string) =>
  trx.deleteFrom('tasks').where('id', '=', id).execute();

/** Which of `ids` are `ownerId`'s personal tasks, and whether each is completed. */
export const ownPersonalTasks = (db: Db, ownerId: string, ids: string[]) =>
  db
    .selectFrom('tasks')
    .select(['id', 'completed'])
    .where('id', 'in', ids)
    .where('owner_id', '=', ownerId)
    .where('kind', '=', 'personal')
    .execute();

/** SPEC §9: the dashboard's recent and upcoming lists hold 10 tasks each. */
const listSize = 10;

/**
 * When a task last happened: completed, or else created. The expression of the indexes `tasks_owner_recent`
 * and `tasks_recipient_recent` (db migration `tasks_summary_counts`) as it is: Postgres uses an expression
 * index only for an equal expression in the query (summary.test.ts checks the plan).
 */
const happenedAt = sql<Date>`case when completed and completed_at is not null then completed_at else created_at end`;

export interface SummaryRow {
  total: string;
  personal: string;
  invited: string;
  assigned: string;
  completed: string;
  in_progress: string;
  not_started: string;
  /** The 10 latest creations or completions, newest first. */
  recent: { id: string; happened_at: string }[];
  /** The 10 open tasks due soonest. */
  upcoming: string[];
}

/**
 * A dashboard list: the first `listSize` tasks in `order` of each side (owner, recipient), each an index walk,
 * then the first `listSize` of both in `merged` (the same order, over the selected columns).
 */
function firstOfBothSides(
  userId: string,
  list: {
    columns: RawBuilder<unknown>;
    where: RawBuilder<unknown>;
    order: RawBuilder<unknown>;
    merged: RawBuilder<unknown>;
  },
) {
  const side = (person: 'owner_id' | 'recipient_id') =>
    sql`(select ${list.columns} from tasks where ${sql.ref(person)} = ${userId} and ${list.where}
      order by ${list.order} limit ${listSize})`;
  // union, not union all: a task one both owns and receives is on both sides.
  return sql`select * from (${side('owner_id')} union ${side('recipient_id')}) as both_sides
    order by ${list.merged} limit ${listSize}`;
}

/**
 * The dashboard's figures (SPEC §2) in one statement that reads a few rows whatever the number of tasks: the
 * counts from task_summary_counts, which triggers on tasks keep (db migration `tasks_summary_counts`), and
 * each list as the first 10 of each side's index walk, merged.
 */
export function summaryQuery(userId: string) {
  const sum = (where: RawBuilder<unknown>) => sql`coalesce(sum(n) filter (where ${where}), 0)`;
  const recentOrder = sql`happened_at desc, id`;
  const recent = firstOfBothSides(userId, {
    columns: sql`id, ${happenedAt} as happened_at`,
    where: sql`true`,
    order: sql`${happenedAt} desc, id`,
    merged: recentOrder,
  });
  const upcomingOrder = sql`due_date, created_at desc, id`;
  const upcoming = firstOfBothSides(userId, {
    columns: sql`id, due_date, created_at`,
    where: sql`not completed and due_date is not null`,
    order: upcomingOrder,
    merged: upcomingOrder,
  });
  return sql<SummaryRow>`
    select
      coalesce(sum(n), 0) as total,
      ${sum(sql`kind = 'personal'`)} as personal,
      ${sum(sql`kind = 'invite' and recipient`)} as invited,
      ${sum(sql`kind = 'assign' and recipient`)} as assigned,
      ${sum(sql`status = 'completed'`)} as completed,
      ${sum(sql`status = 'in_progress'`)} as in_progress,
      ${sum(sql`status = 'not_started'`)} as not_started,
      (select coalesce(json_agg(json_build_object('id', id, 'happened_at', happened_at) order by ${recentOrder}),
        '[]') from (${recent}) as r) as recent,
      (select coalesce(json_agg(id order by ${upcomingOrder}), '[]') from (${upcoming}) as u) as upcoming
    from task_summary_counts where person_id = ${userId}`;
}

/**
 * The dashboard's figures (see `summaryQuery`), as a named statement: its planning took longer than its run.
 * Its generic plan keeps the index walks (measured with 20,000 people of 5 tasks and one of 10,000).
 */
export async function summaryFigures(db: Db, userId: string) {
  const [figures] = await executePrepared(db, summaryQuery(userId).compile(db));
  if (!figures) throw new Error('an aggregate without a row');
  return figures;
}
