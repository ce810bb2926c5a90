import { type TaskPageRequest, taskMessages } from '@baton/contracts';
import { badRequest, executePrepared } from '@baton/service-kit';
import type { ExpressionBuilder } from 'kysely';
import type { TasksDb } from '../../context';
import type { TaskKind, TasksTable } from '../../db/schema';
import { selectTaskJson, tasksAnswer } from '../../views';

/**
 * The orders a list offers, each a generated column that is unique with the id and runs in one direction
 * (db migration `tasks_pages`), so the page after a cursor is one range of one index.
 */
const orders = {
  newest: { key: 't.created_us', direction: 'desc' },
  priority: { key: 't.sort_priority', direction: 'asc' },
  due: { key: 't.sort_due', direction: 'asc' },
  completed: { key: 't.completed_us', direction: 'desc' },
} as const;
type OrderName = keyof typeof orders;

interface Cursor {
  /** The order it belongs to: a cursor of another order is refused, not misread. */
  o: OrderName;
  /** The last task's sort key (int8 and text keys travel as strings, exact). */
  k: string;
  i: string;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

function decodeCursor(text: string, order: OrderName): Cursor {
  let cursor: Partial<Cursor> | undefined;
  try {
    cursor = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    cursor = undefined;
  }
  const keyOk =
    typeof cursor?.k === 'string' &&
    (order === 'due' ? cursor.k.length <= 64 && !cursor.k.includes('\u0000') : /^-?\d{1,20}$/.test(cursor.k));
  if (!cursor || cursor.o !== order || !keyOk || typeof cursor.i !== 'string' || !uuidPattern.test(cursor.i))
    throw badRequest(taskMessages.badCursor);
  return cursor as Cursor;
}

/** `folder_key` of an unfiled task. */
const noFolder = '00000000-0000-0000-0000-000000000000';

/**
 * The side of a list a page is on, and its folder (in the personal list, one folder, none, or all when
 * undefined). Delegated tasks are never filed: saying so lets their owner's side use the personal tasks' index.
 */
function sideOf(kind: TaskKind, page: TaskPageRequest) {
  const side: 'owner' | 'recipient' =
    kind !== 'personal' && page.side === 'recipient' ? 'recipient' : 'owner';
  const folder = side === 'recipient' ? undefined : kind === 'personal' ? page.folder : 'none';
  return { side, folderKey: folder && (folder === 'none' ? noFolder : folder) };
}

/** Which tasks one side of one list holds. */
function inScope(kind: TaskKind, userId: string, page: TaskPageRequest) {
  const { side, folderKey } = sideOf(kind, page);
  return (eb: ExpressionBuilder<{ t: TasksTable }, 't'>) =>
    side === 'recipient'
      ? eb.and([eb('t.kind', '=', kind), eb('t.recipient_id', '=', userId)])
      : eb.and([
          eb('t.kind', '=', kind),
          eb('t.owner_id', '=', userId),
          ...(folderKey ? [eb('t.folder_key', '=', folderKey)] : []),
        ]);
}

/**
 * The query of one page's rows (one more than the page, to know whether another follows). The page's ids are
 * chosen first, from the order's index alone (a range after the cursor, cut at the limit), and only those
 * rows are joined with recipients, owner and folder: a deep page costs what the first does, whatever the
 * planner guesses of the range.
 */
function rowsQuery(db: TasksDb, kind: TaskKind, userId: string, page: TaskPageRequest) {
  const name: OrderName = page.tab === 'completed' ? 'completed' : page.sort;
  const { key, direction } = orders[name];
  let ids = db
    .selectFrom('tasks as t')
    .select('t.id')
    .where(inScope(kind, userId, page))
    .where('t.completed', '=', page.tab === 'completed')
    .orderBy(key, direction)
    .orderBy('t.id', direction)
    .limit(page.limit + 1);
  if (page.cursor) {
    const after = decodeCursor(page.cursor, name);
    ids = ids.where((eb) =>
      eb(eb.refTuple(key, 't.id'), direction === 'desc' ? '<' : '>', eb.tuple(after.k, after.i)),
    );
  }
  const query = selectTaskJson(db, userId)
    .clearOrderBy()
    .where('t.id', 'in', ids)
    .select(`${key} as sort_key`)
    .orderBy(key, direction)
    .orderBy('t.id', direction);
  return { query, name, direction };
}

/**
 * The query of a whole list, as SPEC §7 has it (no `page`): a personal list is the person's own tasks; a
 * delegated one holds both sides.
 */
export function wholeListQuery(db: TasksDb, kind: TaskKind, userId: string) {
  const query = selectTaskJson(db, userId).where('t.kind', '=', kind);
  return kind === 'personal'
    ? query.where('t.owner_id', '=', userId)
    : query.where((eb) => eb.or([eb('t.owner_id', '=', userId), eb('r.user_id', '=', userId)]));
}

/**
 * The query of the tab counts of one side of a list: a few rows of task_side_counts, which triggers on tasks
 * keep (db migration `tasks_side_counts`), instead of counting every task of the side.
 */
function countsQuery(db: TasksDb, kind: TaskKind, userId: string, page: TaskPageRequest) {
  const { side, folderKey } = sideOf(kind, page);
  let counts = db
    .selectFrom('task_side_counts as c')
    .where('c.person_id', '=', userId)
    .where('c.kind', '=', kind)
    .where('c.side', '=', side);
  if (folderKey) counts = counts.where('c.folder_key', '=', folderKey);
  return counts.select((eb) => [
    eb.fn.coalesce(eb.fn.sum<string>('c.n').filterWhere('c.completed', '=', false), eb.lit(0)).as('due'),
    eb.fn.coalesce(eb.fn.sum<string>('c.n').filterWhere('c.completed', '=', true), eb.lit(0)).as('completed'),
  ]);
}

/**
 * The statement of one page request. A first page (no cursor) also says how many tasks each tab of the side
 * holds, in the same statement (one round trip): the counts' one row, joined with the page's rows (a null
 * task on an empty list). Later pages leave counting to the first.
 */
export function pageQuery(db: TasksDb, kind: TaskKind, userId: string, page: TaskPageRequest) {
  const { query, name, direction } = rowsQuery(db, kind, userId, page);
  if (page.cursor) return { query, name };
  const withCounts = db
    .selectFrom(countsQuery(db, kind, userId, page).as('c'))
    .leftJoinLateral(query.as('p'), (join) => join.onTrue())
    .select(['c.due', 'c.completed', 'p.task', 'p.id', 'p.sort_key'])
    .orderBy('p.sort_key', direction)
    .orderBy('p.id', direction);
  return { query: withCounts, name };
}

/** One page of a list and its continuation, as the JSON text of a TaskPage (its tasks written by Postgres). */
export async function taskPage(db: TasksDb, kind: TaskKind, userId: string, page: TaskPageRequest) {
  const { query, name } = pageQuery(db, kind, userId, page);
  const rows: {
    task: string | null;
    id: string | null;
    sort_key: unknown;
    due?: string;
    completed?: string;
  }[] = await executePrepared(db, query);
  const first = rows[0];
  const counts =
    first && 'due' in first ? { due: Number(first.due), completed: Number(first.completed) } : null;
  const tasks = rows.filter((row) => row.task !== null);
  const shown = tasks.slice(0, page.limit);
  const last = shown.at(-1);
  const next =
    tasks.length > page.limit && last
      ? encodeCursor({ o: name, k: String(last.sort_key), i: String(last.id) })
      : null;
  return tasksAnswer(
    shown.map((row) => row.task as string),
    { next, counts },
  );
}
