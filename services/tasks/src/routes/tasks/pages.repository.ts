import { type TaskPageRequest, taskMessages } from '@baton/contracts';
import { badRequest, executePrepared, queryTemplate } from '@baton/service-kit';
import { type CompiledQuery, type ExpressionBuilder, sql } from 'kysely';
import type { TasksDb } from '../../context';
import type { TaskKind, TasksTable } from '../../db/schema';
import { timezoneOf } from '../../people.repository';
import {
  countsFromToday,
  type FilterShape,
  type FilterValue,
  filterConditions,
  filterKey,
  filterValueNames,
  splitFilter,
  todayIn,
} from './pages-filter.repository';
import { selectTaskJson, tasksAnswer } from './tasks.repository';

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

/** The range of the int8 keys (`created_us`, `sort_priority`, `completed_us`). */
const int8Min = -(2n ** 63n);
const int8Max = 2n ** 63n - 1n;
const isInt8 = (text: string) =>
  /^-?\d{1,19}$/.test(text) && BigInt(text) >= int8Min && BigInt(text) <= int8Max;

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
    (order === 'due' ? cursor.k.length <= 64 && !cursor.k.includes('\u0000') : isInt8(cursor.k));
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
function sideOf(kind: TaskKind, page: TaskPageRequest): Scope {
  const side: 'owner' | 'recipient' =
    kind !== 'personal' && page.side === 'recipient' ? 'recipient' : 'owner';
  const folder = side === 'recipient' ? undefined : kind === 'personal' ? page.folder : 'none';
  return { kind, side, folderKey: folder && (folder === 'none' ? noFolder : folder) };
}

/** One side of one list: its kind, whose side, and its folder key when it holds one folder's tasks only. */
interface Scope {
  kind: TaskKind;
  side: 'owner' | 'recipient';
  folderKey?: string;
}

/** Which tasks one side of one list holds. */
function inScope({ kind, side, folderKey }: Scope, userId: string) {
  return (eb: ExpressionBuilder<{ t: TasksTable }, 't'>) =>
    side === 'recipient'
      ? eb.and([eb('t.kind', '=', kind), eb('t.recipient_id', '=', userId)])
      : eb.and([
          eb('t.kind', '=', kind),
          eb('t.owner_id', '=', userId),
          ...(folderKey ? [eb('t.folder_key', '=', folderKey)] : []),
        ]);
}

/** What one page request asks of its statement's shape, and the values it runs with. */
interface PageShape {
  scope: Scope;
  order: OrderName;
  completed: boolean;
  /** A later page: rows after the cursor's key and id (`afterKey`, `afterId`); the first also counts. */
  later: boolean;
  /** The list's filter: its rows and its counts are the matching tasks only. */
  filter?: FilterShape;
}
type PageValue = 'userId' | 'folderKey' | 'limit' | 'pageSize' | 'afterKey' | 'afterId' | FilterValue;

/**
 * The query of one page's rows (one more than the page, to know whether another follows). The page's ids are
 * chosen first, from the order's index alone (a range after the cursor, cut at the limit), and only those
 * rows are joined with recipients, owner and folder: a deep page costs what the first does, whatever the
 * planner guesses of the range.
 */
function rowsQuery(db: TasksDb, shape: PageShape, v: Record<PageValue, string>) {
  const { key, direction } = orders[shape.order];
  let ids = db
    .selectFrom('tasks as t')
    .select('t.id')
    .where(inScope(shape.scope, v.userId))
    .where('t.completed', '=', shape.completed)
    .$if(shape.filter !== undefined, (q) => q.where(filterConditions(shape.filter as FilterShape, v)))
    .orderBy(key, direction)
    .orderBy('t.id', direction)
    .limit(sql<number>`${v.limit}`);
  if (shape.later)
    ids = ids.where((eb) =>
      eb(eb.refTuple(key, 't.id'), direction === 'desc' ? '<' : '>', eb.tuple(v.afterKey, v.afterId)),
    );
  return selectTaskJson(db, v.userId)
    .clearOrderBy()
    .where('t.id', 'in', ids)
    .select(`${key} as sort_key`)
    .orderBy(key, direction)
    .orderBy('t.id', direction);
}

/**
 * The query of the tab counts of one side of a list: a few rows of task_side_counts, which triggers on tasks
 * keep (db migration `tasks_side_counts`), instead of counting every task of the side.
 */
function countsQuery(db: TasksDb, { kind, side, folderKey }: Scope, userId: string) {
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
 * The tab counts of the tasks of one side of a list that pass a filter: counted, as no trigger keeps them.
 */
function filteredCountsQuery(db: TasksDb, shape: PageShape, v: Record<PageValue, string>) {
  return db
    .selectFrom('tasks as t')
    .where(inScope(shape.scope, v.userId))
    .where(filterConditions(shape.filter as FilterShape, v))
    .select((eb) => [
      eb.fn.countAll<string>().filterWhere('t.completed', '=', false).as('due'),
      eb.fn.countAll<string>().filterWhere('t.completed', '=', true).as('completed'),
    ]);
}

/**
 * A page as one row: the shown tasks' JSON texts joined by Postgres, whether another page follows, and the
 * last shown task's sort key and id (for the cursor). Node gets one string per page, not a row and a string
 * per task: those, short-lived and many, were most of what a page request left to the garbage collector.
 */
function pageOfRows(db: TasksDb, shape: PageShape, v: Record<PageValue, string>) {
  const { key, direction } = orders[shape.order];
  const ranked = rowsQuery(db, shape, v).select(
    sql<string>`row_number() over (order by ${sql.ref(key)} ${sql.raw(direction)}, t.id ${sql.raw(direction)})`.as(
      'n',
    ),
  );
  return db
    .selectFrom(ranked.as('p'))
    .select([
      sql<string | null>`string_agg(p.task, ',' order by p.n) filter (where p.n <= ${v.pageSize})`.as(
        'tasks',
      ),
      sql<boolean>`count(*) > ${v.pageSize}`.as('more'),
      sql<string | null>`max(p.sort_key::text) filter (where p.n = ${v.pageSize})`.as('last_key'),
      sql<string | null>`max(p.id::text) filter (where p.n = ${v.pageSize})`.as('last_id'),
    ]);
}

/**
 * The statement of one page request. A first page also says how many tasks each tab of the side holds, in
 * the same statement (one round trip): the counts' one row next to the page's. Later pages leave counting
 * to the first.
 */
function pageStatement(db: TasksDb, shape: PageShape, v: Record<PageValue, string>) {
  const page = pageOfRows(db, shape, v);
  if (shape.later) return page;
  const counts = shape.filter ? filteredCountsQuery(db, shape, v) : countsQuery(db, shape.scope, v.userId);
  return db
    .selectFrom(counts.as('c'))
    .crossJoinLateral(page.as('p'))
    .select(['c.due', 'c.completed', 'p.tasks', 'p.more', 'p.last_key', 'p.last_id']);
}

interface PageRow {
  /** The shown tasks' JSON texts, comma-separated (null on an empty page). */
  tasks: string | null;
  more: boolean;
  last_key: string | null;
  last_id: string | null;
  /** The tab counts, on a first page. */
  due?: string;
  completed?: string;
}

/** Each page statement's shape, built and compiled once (the SQL is the same for every database). */
/** A template reads the values of its own names only (a filter's, when it has one). */
type PageTemplate = (values: Partial<Record<PageValue, unknown>>) => CompiledQuery<PageRow>;
const pageTemplates = new Map<string, PageTemplate>();

/** The compiled statement of one page request, and the order its cursor belongs to. */
export function pageQuery(
  db: TasksDb,
  kind: TaskKind,
  userId: string,
  page: TaskPageRequest,
  today?: string,
) {
  const order: OrderName = page.tab === 'completed' ? 'completed' : page.sort;
  const after = page.cursor ? decodeCursor(page.cursor, order) : undefined;
  const scope = sideOf(kind, page);
  const filter = splitFilter(page.filter, today);
  const shape: PageShape = {
    scope,
    order,
    completed: page.tab === 'completed',
    later: Boolean(after),
    filter: filter?.shape,
  };
  const key = [
    kind,
    scope.side,
    scope.folderKey ? 'folder' : 'all',
    order,
    shape.later,
    filterKey(filter?.shape),
  ].join(' ');
  let template = pageTemplates.get(key);
  if (!template) {
    const names: PageValue[] = ['userId', 'limit', 'pageSize'];
    if (scope.folderKey) names.push('folderKey');
    if (after) names.push('afterKey', 'afterId');
    if (filter) names.push(...filterValueNames(filter.shape));
    template = queryTemplate(names, (v) =>
      pageStatement(db, { ...shape, scope: { ...scope, folderKey: scope.folderKey && v.folderKey } }, v),
    ) as PageTemplate;
    pageTemplates.set(key, template);
  }
  const query = template({
    userId,
    limit: page.limit + 1,
    pageSize: page.limit,
    folderKey: scope.folderKey,
    afterKey: after?.k,
    afterId: after?.i,
    ...filter?.values,
  });
  return { query, name: order };
}

/** One page of a list and its continuation, as the JSON text of a TaskPage (its tasks written by Postgres). */
export async function taskPage(db: TasksDb, kind: TaskKind, userId: string, page: TaskPageRequest) {
  // "Today" is the person's (their zone), read only for a filter that counts from it.
  const today = countsFromToday(page.filter) ? todayIn(await timezoneOf(db, userId)) : undefined;
  const { query, name } = pageQuery(db, kind, userId, page, today);
  const [row] = await executePrepared(db, query);
  if (!row) throw new Error('a page statement answers one row');
  const counts = 'due' in row ? { due: Number(row.due), completed: Number(row.completed) } : null;
  const next =
    row.more && row.last_key !== null && row.last_id !== null
      ? encodeCursor({ o: name, k: row.last_key, i: row.last_id })
      : null;
  return tasksAnswer(row.tasks === null ? [] : [row.tasks], { next, counts });
}
