import type { Priority } from '@baton/contracts';
import type { AuthContext } from '@baton/service-kit';
import { sql } from 'kysely';
import type { TasksDb, TasksTrx } from '../../context';

type Db = TasksDb | TasksTrx;

/** A task an import writes: always a personal task of the person importing. */
export interface ImportedTask {
  title: string;
  description: string;
  dueDate: string | null;
  priority: Priority;
  completed: boolean;
  completedAt: string | null;
  progress: number;
}

/** Rows one insert statement writes: ten thousand take ten statements, each a few megabytes at most. */
const insertChunk = 1_000;

/** The title and due date of each task `userId` owns or receives whose title is among `titles`. */
export const tasksTitled = (db: Db, userId: string, titles: string[]) =>
  titles.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('tasks')
        .select(['title', 'due_date'])
        .where((eb) => eb.or([eb('owner_id', '=', userId), eb('recipient_id', '=', userId)]))
        .where(sql<boolean>`title = any(${titles}::text[])`)
        .execute();

/** One import of a person at a time: a second confirm of the same file waits, then finds every task there. */
export const lockImports = (trx: TasksTrx, userId: string) =>
  sql`select pg_advisory_xact_lock(hashtextextended(${`import:${userId}`}, 0))`.execute(trx);

/**
 * Inserts the tasks, a thousand per statement, each chunk as columns of arrays (`unnest`): one statement text
 * whatever the count, and the side counts' statement triggers run once per chunk. The file's first task is
 * the newest by a microsecond, and so on, so the lists (newest first) show them in the file's order.
 */
export async function insertImported(trx: TasksTrx, me: AuthContext, tasks: ImportedTask[]) {
  for (let start = 0; start < tasks.length; start += insertChunk) {
    const chunk = tasks.slice(start, start + insertChunk);
    const column = <K extends keyof ImportedTask>(key: K) => chunk.map((task) => task[key]);
    await sql`
      insert into tasks (owner_id, owner_email, kind, title, description, due_date, priority, progress, completed,
                         completed_at, created_at)
      select ${me.userId}::uuid, ${me.email}, 'personal', t.title, t.description, t.due_date, t.priority, t.progress,
             t.completed, t.completed_at, now() - (${start}::int + t.n) * interval '1 microsecond'
        from unnest(${column('title')}::text[], ${column('description')}::text[], ${column('dueDate')}::text[],
                    ${column('priority')}::text[], ${column('progress')}::int[], ${column('completed')}::bool[],
                    ${column('completedAt')}::timestamptz[])
             with ordinality as t(title, description, due_date, priority, progress, completed, completed_at, n)`.execute(
      trx,
    );
  }
}
