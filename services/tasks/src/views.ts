import type { Category, Task } from '@baton/contracts';
import { type SelectQueryBuilder, sql } from 'kysely';
import type { TasksDb } from './context';
import type { TaskKind } from './db/schema';

/** The rows a task card reads: the task, its recipient, the owner's name, the folder. */
const taskCards = (db: TasksDb) =>
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
export function selectTaskViews(db: TasksDb) {
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

const categoryOf = (kind: TaskKind, asOwner: boolean): Category => {
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
    ${categoryCase(viewerId)} as category) as v)`;

/** Tasks as `viewerId` sees them, each as the JSON text of a Task (`task`), in the lists' order. */
export function selectTaskJson(db: TasksDb, viewerId: string) {
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
