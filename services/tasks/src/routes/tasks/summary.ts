import type { DashboardSummary } from '@baton/contracts';
import { sql } from 'kysely';
import type { TasksDb } from '../../context';
import { selectTaskViews, toTask } from '../../views';

/** SPEC §9: the dashboard's recent and upcoming lists hold 10 tasks each. */
const listSize = 10;

/**
 * The dashboard (SPEC §2) in three queries, whatever the number of tasks: the counts, the 10 latest
 * creations or completions and the 10 open tasks due soonest, among every task the person sees (their own
 * and those delegated to them).
 */
export async function dashboardSummary(db: TasksDb, userId: string): Promise<DashboardSummary> {
  const visible = selectTaskViews(db)
    .clearOrderBy()
    .where((eb) => eb.or([eb('t.owner_id', '=', userId), eb('t.recipient_id', '=', userId)]));
  const happenedAt = sql<Date>`case when t.completed and t.completed_at is not null then t.completed_at else t.created_at end`;
  const [counts, recent, upcoming] = await Promise.all([
    db
      .selectFrom('tasks as t')
      .where((eb) => eb.or([eb('t.owner_id', '=', userId), eb('t.recipient_id', '=', userId)]))
      .select((eb) => {
        const count = () => eb.fn.countAll<string>();
        const received = eb('t.recipient_id', '=', userId);
        return [
          count().as('total'),
          count().filterWhere('t.kind', '=', 'personal').as('personal'),
          count()
            .filterWhere(eb.and([eb('t.kind', '=', 'invite'), received]))
            .as('invited'),
          count()
            .filterWhere(eb.and([eb('t.kind', '=', 'assign'), received]))
            .as('assigned'),
          count().filterWhere('t.completed', '=', true).as('completed'),
          count()
            .filterWhere(eb.and([eb('t.completed', '=', false), eb('t.progress', '>', 0)]))
            .as('in_progress'),
          count()
            .filterWhere(eb.and([eb('t.completed', '=', false), eb('t.progress', '=', 0)]))
            .as('not_started'),
        ];
      })
      .executeTakeFirstOrThrow(),
    visible
      .select(happenedAt.as('happened_at'))
      .orderBy(happenedAt, 'desc')
      .orderBy('t.id')
      .limit(listSize)
      .execute(),
    visible
      .where('t.completed', '=', false)
      .where('t.due_date', 'is not', null)
      .orderBy('t.due_date')
      .orderBy('t.created_at', 'desc')
      .limit(listSize)
      .execute(),
  ]);
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
    recent: recent.map((row) => ({
      task: toTask(row, userId),
      what: row.completed && row.completed_at ? 'Completed' : 'Created',
      at: row.happened_at.toISOString(),
    })),
    upcoming: upcoming.map((row) => toTask(row, userId)),
  };
}
