import type { DashboardSummary, Task } from '@baton/contracts';
import { type ExpressionBuilder, sql } from 'kysely';
import type { TasksDb } from '../../context';
import type { TasksTable } from '../../db/schema';
import { selectTaskViews, toTask } from '../../views';

/** SPEC §9: the dashboard's recent and upcoming lists hold 10 tasks each. */
const listSize = 10;

/** Every task the person sees: their own, and those delegated to them. */
const seenBy = (userId: string) => (eb: ExpressionBuilder<{ t: TasksTable }, 't'>) =>
  eb.or([eb('t.owner_id', '=', userId), eb('t.recipient_id', '=', userId)]);

const happenedAt = sql<Date>`case when t.completed and t.completed_at is not null then t.completed_at else t.created_at end`;

const whatHappened = (task: Task): 'Completed' | 'Created' =>
  task.completed && task.completedAt ? 'Completed' : 'Created';

/**
 * The dashboard (SPEC §2) whatever the number of tasks: the counts, the 10 latest creations or completions
 * and the 10 open tasks due soonest, ranked on the tasks table alone; only those 20 are read in full.
 */
export async function dashboardSummary(db: TasksDb, userId: string): Promise<DashboardSummary> {
  const tasks = db.selectFrom('tasks as t').where(seenBy(userId));
  const [counts, recent, upcoming] = await Promise.all([
    tasks
      .select((eb) => {
        const count = () => eb.fn.countAll<string>();
        const open = eb('t.completed', '=', false);
        const received = (kind: 'invite' | 'assign') =>
          eb.and([eb('t.kind', '=', kind), eb('t.recipient_id', '=', userId)]);
        return [
          count().as('total'),
          count().filterWhere('t.kind', '=', 'personal').as('personal'),
          count().filterWhere(received('invite')).as('invited'),
          count().filterWhere(received('assign')).as('assigned'),
          count().filterWhere('t.completed', '=', true).as('completed'),
          count()
            .filterWhere(eb.and([open, eb('t.progress', '>', 0)]))
            .as('in_progress'),
          count()
            .filterWhere(eb.and([open, eb('t.progress', '=', 0)]))
            .as('not_started'),
        ];
      })
      .executeTakeFirstOrThrow(),
    tasks
      .select(['t.id', happenedAt.as('happened_at')])
      .orderBy(happenedAt, 'desc')
      .orderBy('t.id')
      .limit(listSize)
      .execute(),
    tasks
      .select('t.id')
      .where('t.completed', '=', false)
      .where('t.due_date', 'is not', null)
      .orderBy('t.due_date')
      .orderBy('t.created_at', 'desc')
      .orderBy('t.id')
      .limit(listSize)
      .execute(),
  ]);
  const ids = [...new Set([...recent, ...upcoming].map((row) => row.id))];
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
      return task ? [{ task, what: whatHappened(task), at: happened_at.toISOString() }] : [];
    }),
    upcoming: upcoming.flatMap(({ id }) => taskOf(id) ?? []),
  };
}
