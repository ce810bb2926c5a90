import type { DashboardSummary, Task } from '@baton/contracts';
import { sql } from 'kysely';
import type { TasksDb } from '../../context';
import { selectTaskViews, toTask } from '../../views';

/** SPEC §9: the dashboard's recent and upcoming lists hold 10 tasks each. */
const listSize = 10;

const happenedAt = sql<Date>`case when completed and completed_at is not null then completed_at else created_at end`;

const whatHappened = (task: Task): 'Completed' | 'Created' =>
  task.completed && task.completedAt ? 'Completed' : 'Created';

interface SummaryRow {
  total: string;
  personal: string;
  invited: string;
  assigned: string;
  completed: string;
  in_progress: string;
  not_started: string;
  recent: { id: string; happened_at: string }[];
  upcoming: string[];
}

/**
 * The dashboard (SPEC §2) whatever the number of tasks, in one statement: the tasks the person sees (their own,
 * and those delegated to them) are read once, then counted, and ranked for the 10 latest creations or
 * completions and the 10 open tasks due soonest; only those 20 are then read in full. (Three statements read
 * them three times: with a tenth of the table the person's, each was a scan of it.)
 */
export async function dashboardSummary(db: TasksDb, userId: string): Promise<DashboardSummary> {
  const summary = await sql<SummaryRow>`
    with mine as materialized (
      select id, kind, recipient_id, completed, progress, completed_at, created_at, due_date
        from tasks where owner_id = ${userId} or recipient_id = ${userId})
    select
      count(*) as total,
      count(*) filter (where kind = 'personal') as personal,
      count(*) filter (where kind = 'invite' and recipient_id = ${userId}) as invited,
      count(*) filter (where kind = 'assign' and recipient_id = ${userId}) as assigned,
      count(*) filter (where completed) as completed,
      count(*) filter (where not completed and progress > 0) as in_progress,
      count(*) filter (where not completed and progress = 0) as not_started,
      (select coalesce(json_agg(json_build_object('id', id, 'happened_at', happened_at)), '[]') from (
        select id, ${happenedAt} as happened_at from mine
         order by ${happenedAt} desc, id limit ${listSize}) as r) as recent,
      (select coalesce(json_agg(id), '[]') from (
        select id from mine where not completed and due_date is not null
         order by due_date, created_at desc, id limit ${listSize}) as u) as upcoming
    from mine`.execute(db);
  const counts = summary.rows[0];
  if (!counts) throw new Error('an aggregate without a row');
  const { recent, upcoming } = counts;
  const ids = [...new Set([...recent.map((row) => row.id), ...upcoming])];
  const rows = ids.length ? await selectTaskViews(db).where('t.id', 'in', ids).execute() : [];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const taskOf = (id: string) => {
    const row = byId.get(id);
    return row ? toTask(row, userId) : undefined;
  };
  const n = (value: string) => Number(value);
  return {
    total: n(counts.total),
    personal: n(counts.personal),
    invited: n(counts.invited),
    assigned: n(counts.assigned),
    status: {
      completed: n(counts.completed),
      inProgress: n(counts.in_progress),
      notStarted: n(counts.not_started),
    },
    // A task deleted between the two reads is left out.
    recent: recent.flatMap(({ id, happened_at }) => {
      const task = taskOf(id);
      return task ? [{ task, what: whatHappened(task), at: new Date(happened_at).toISOString() }] : [];
    }),
    upcoming: upcoming.flatMap((id) => taskOf(id) ?? []),
  };
}
