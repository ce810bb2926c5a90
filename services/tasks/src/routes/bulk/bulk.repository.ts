import type { BulkAction } from '@baton/contracts';
import { sql } from 'kysely';
import type { TasksTrx } from '../../context';

/** The tables whose rows belong to a task (they cascade when it is deleted), in the order they come back. */
const ownedTables = ['task_recipients', 'accept_tokens', 'progress_logs', 'comments'] as const;
type RowTable = 'tasks' | (typeof ownedTables)[number];

const ids = (taskIds: readonly string[]) => sql`${[...taskIds]}::uuid[]`;

/** Locks the tasks among `taskIds`, in id order (two bulk changes never wait on each other in a circle). */
export const lockTasks = (trx: TasksTrx, taskIds: readonly string[]) =>
  trx.selectFrom('tasks').select('id').where('id', 'in', taskIds).orderBy('id').forUpdate().execute();

/** `table`'s rows of the tasks, as one JSON array written by Postgres (`to_jsonb` of each row). */
const rowsOf = (table: RowTable, taskIds: readonly string[]) =>
  sql`(select coalesce(jsonb_agg(to_jsonb(x)), '[]') from ${sql.table(table)} as x
    where ${sql.ref(table === 'tasks' ? 'x.id' : 'x.task_id')} = any(${ids(taskIds)}))`;

/**
 * Records a bulk change with the tasks as they are before it; a delete keeps all their rows as well, to
 * put them back whole. The rows go from Postgres to Postgres, never through Node. The change's id.
 */
export async function recordChange(
  trx: TasksTrx,
  userId: string,
  action: BulkAction,
  taskIds: readonly string[],
) {
  const tables: RowTable[] = action === 'delete' ? ['tasks', ...ownedTables] : ['tasks'];
  const before = sql`jsonb_build_object(${sql.join(tables.map((table) => sql`${sql.lit(table)}, ${rowsOf(table, taskIds)}`))})`;
  const { id } = await trx
    .insertInto('bulk_changes')
    .values({ user_id: userId, action, before: before as never, after: sql`'[]'::jsonb` as never })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The tasks as the change left them: an undo refuses when one of them differs. */
export const recordAfter = (trx: TasksTrx, changeId: string, taskIds: readonly string[]) =>
  sql`update bulk_changes set after = ${rowsOf('tasks', taskIds)} where id = ${changeId}`.execute(trx);

/** The ids of the tasks in the change's rows before, and after. */
const beforeIds = sql<string[]>`array(select e->>'id' from jsonb_array_elements(before->'tasks') e)`;
const afterIds = sql<string[]>`array(select e->>'id' from jsonb_array_elements(after) e)`;

/** `userId`'s change, locked: whether it is still within `windowSeconds` and not undone, and the tasks it holds. */
export const lockChange = (trx: TasksTrx, changeId: string, userId: string, windowSeconds: number) =>
  trx
    .selectFrom('bulk_changes')
    .select([
      'action',
      sql<boolean>`undone_at is null and created_at > now() - make_interval(secs => ${windowSeconds})`.as(
        'open',
      ),
      beforeIds.as('before_ids'),
      afterIds.as('after_ids'),
    ])
    .where('id', '=', changeId)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();

/**
 * The columns of `table`: whether Postgres generates each, and whether it is derived from other rows (a search
 * column, `tsvector`, that triggers keep from the task's comments and notes: not the task's own state).
 */
async function columnsOf(trx: TasksTrx, table: RowTable) {
  const { rows } = await sql<{
    name: string;
    generated: boolean;
    derived: boolean;
  }>`select column_name as name,
      is_generated <> 'NEVER' as generated, data_type = 'tsvector' as derived
    from information_schema.columns where table_schema = current_schema() and table_name = ${table}
    order by ordinal_position`.execute(trx);
  return rows;
}

/**
 * Whether a task the change left behind is gone or differs now from how the change left it (a comment or
 * a note added since is no change to the task).
 */
export async function changedSince(trx: TasksTrx, changeId: string) {
  const derived = (await columnsOf(trx, 'tasks')).filter((c) => c.derived).map((c) => c.name);
  const { rows } = await sql<{ changed: boolean }>`select exists (
      select 1 from bulk_changes b cross join jsonb_array_elements(b.after) e
        left join tasks t on t.id = (e->>'id')::uuid
      where b.id = ${changeId} and (t.id is null or to_jsonb(t) - ${derived}::text[] <> e - ${derived}::text[])
    ) as changed`.execute(trx);
  return rows[0]?.changed ?? true;
}

/** The change's rows of `table`, as records `r` of that table. */
const savedRows = (table: RowTable) =>
  sql`bulk_changes b cross join jsonb_populate_recordset(null::${sql.table(table)}, b.before->${table}) r`;

/** Puts the tasks' columns back as they were before the change (updated now). */
export async function restoreTaskColumns(trx: TasksTrx, changeId: string) {
  const columns = (await columnsOf(trx, 'tasks'))
    .filter((c) => !c.generated && !c.derived && c.name !== 'id' && c.name !== 'updated_at')
    .map((c) => c.name);
  const from = columns.map((column) => sql`r.${sql.id(column)}`);
  await sql`update tasks t set (${sql.join(columns.map((column) => sql.id(column)))}) = (${sql.join(from)}),
      updated_at = now()
    from ${savedRows('tasks')} where b.id = ${changeId} and t.id = r.id`.execute(trx);
}

/** Inserts the deleted tasks again, with their recipients, accept links, progress notes and comments. */
export async function restoreDeleted(trx: TasksTrx, changeId: string) {
  for (const table of ['tasks', ...ownedTables] as const) {
    const columns = (await columnsOf(trx, table)).filter((c) => !c.generated).map((c) => c.name);
    const into = columns.map((column) => sql.id(column));
    const from = columns.map((column) => sql`r.${sql.id(column)}`);
    await sql`insert into ${sql.table(table)} (${sql.join(into)})
      select ${sql.join(from)} from ${savedRows(table)} where b.id = ${changeId}`.execute(trx);
  }
}

/**
 * What changed around the restored tasks meanwhile: a person erased since loses their part in them (as
 * erasure removes it), and a folder deleted since no longer holds them.
 */
export async function forgetGone(trx: TasksTrx, taskIds: readonly string[]) {
  const erased = sql`(select id from erased_users)`;
  const these = ids(taskIds);
  await sql`delete from task_recipients where task_id = any(${these}) and user_id in ${erased}`.execute(trx);
  await sql`update tasks set recipient_id = null where id = any(${these}) and recipient_id in ${erased}`.execute(
    trx,
  );
  await sql`delete from progress_logs where task_id = any(${these}) and author_id in ${erased}`.execute(trx);
  await sql`delete from comments where task_id = any(${these}) and author_id in ${erased}`.execute(trx);
  await sql`update tasks set folder_id = null where id = any(${these}) and folder_id is not null
    and folder_id not in (select id from folders)`.execute(trx);
}

export const markUndone = (trx: TasksTrx, changeId: string) =>
  trx.updateTable('bulk_changes').set({ undone_at: sql<Date>`now()` }).where('id', '=', changeId).execute();

/**
 * Deletes up to `batch` changes older than `olderThanSeconds` (rows other replicas hold are left to them), with
 * the attachments of the tasks each deleted for good: files may let go of those now.
 */
export async function takeExpiredChanges(trx: TasksTrx, olderThanSeconds: number, batch = 100) {
  const { rows } = await sql<{ user_id: string; detached: { taskId: string; key: string }[] }>`
    delete from bulk_changes where id in (
      select id from bulk_changes where created_at <= now() - make_interval(secs => ${olderThanSeconds})
      order by created_at limit ${batch} for update skip locked)
    returning user_id, case when action = 'delete' and undone_at is null then (
      select coalesce(jsonb_agg(jsonb_build_object('taskId', e->>'id', 'key', e->>'attachment_key')), '[]')
        from jsonb_array_elements(before->'tasks') e where coalesce(e->>'attachment_key', '') <> ''
    ) else '[]' end as detached`.execute(trx);
  return rows;
}
