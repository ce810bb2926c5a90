import { dashboardSummary } from '@baton/contracts';
import { accountDeletion, readJson, type SignedUpUser } from '@baton/test-kit';
import fc from 'fast-check';
import { type RawBuilder, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { eventually, useTestTasks } from '../../testing';
import { type SummaryRow, summaryFigures, summaryQuery } from './tasks.repository';

const env = useTestTasks();

async function summaryOf(who: SignedUpUser) {
  const res = await env.t.get('/api/tasks/summary/', who.access);
  expect(res.status).toBe(200);
  return dashboardSummary.parse(await readJson(res));
}

/** The most rows any step of `query`'s plan read (returned, or read and filtered out), as EXPLAIN ANALYZE says. */
async function largestStepOf(query: RawBuilder<unknown>) {
  const compiled = query.compile(env.t.db);
  const explained = await env.t.db.executeQuery<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>({
    ...compiled,
    sql: `explain (analyze, format json) ${compiled.sql}`,
  });
  const read = (node: PlanNode): number =>
    Math.max(
      (node['Actual Rows'] +
        (node['Rows Removed by Filter'] ?? 0) +
        (node['Rows Removed by Index Recheck'] ?? 0)) *
        node['Actual Loops'],
      ...(node.Plans ?? []).map(read),
    );
  const [top] = explained.rows[0]?.['QUERY PLAN'] ?? [];
  if (!top) throw new Error('no plan');
  return read(top.Plan);
}
interface PlanNode {
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

async function personal(who: SignedUpUser, title: string, dueDate = '2026-12-10') {
  const res = await env.t.post('/create_list', { title, dueDate, priority: 'Moderate' }, who.access);
  expect(res.status).toBe(201);
  return (await readJson(res)).id as string;
}

describe('GET /api/tasks/summary/ (the dashboard)', () => {
  it('counts every task the person sees once, by category and status', async () => {
    const { t } = env;
    const [ana, ben, sam] = [await t.person(), await t.person(), await t.person()];
    const p1 = await personal(ana, 'Started');
    await personal(ana, 'Untouched');
    const p3 = await personal(ana, 'Done');
    expect((await t.post(`/progress/${p1}/`, { progress: 20, message: '' }, ana.access)).status).toBe(200);
    expect((await t.post(`/completed/${p3}`, { completed: true }, ana.access)).status).toBe(200);
    await t.delegated(ana, ben, { role: 'assign', form: { title: 'Ana to Ben' } });
    await t.delegated(ben, ana, { role: 'assign', form: { title: 'Ben to Ana' } });
    await t.delegated(ben, ana, { role: 'invite', form: { title: 'Ben invites Ana' }, accepted: false });
    await personal(sam, 'Not Ana’s');
    expect(await summaryOf(ana)).toMatchObject({
      total: 6,
      personal: 3,
      invited: 1,
      assigned: 1,
      status: { completed: 1, inProgress: 1, notStarted: 4 },
    });
    const bens = await summaryOf(ben);
    expect([bens.total, bens.personal, bens.invited, bens.assigned]).toEqual([3, 0, 0, 1]);
  });

  it('lists the 10 latest creations or completions and the 10 open tasks due soonest', async () => {
    const { t } = env;
    const who = await t.person();
    const ids: string[] = [];
    for (let i = 0; i < 14; i += 1)
      ids.push(await personal(who, `Task ${i}`, `2026-12-${String(28 - i).padStart(2, '0')}`));
    // The oldest task is completed last: it leads Recent Activity, and leaves Upcoming Deadlines.
    expect((await t.post(`/completed/${ids[0]}`, { completed: true }, who.access)).status).toBe(200);
    const summary = await summaryOf(who);
    expect(summary.recent.map((r) => [r.task.title, r.what])).toEqual([
      ['Task 0', 'Completed'],
      ...[13, 12, 11, 10, 9, 8, 7, 6, 5].map((i) => [`Task ${i}`, 'Created']),
    ]);
    expect(summary.upcoming.map((task) => task.title)).toEqual(
      [13, 12, 11, 10, 9, 8, 7, 6, 5, 4].map((i) => `Task ${i}`),
    );
  });

  it('needs a token', async () => {
    expect((await env.t.get('/api/tasks/summary/')).status).toBe(401);
  });

  it('is right with 10,000 tasks', async () => {
    const who = await env.t.person();
    await sql`
      insert into tasks (owner_id, owner_email, kind, title, due_date, priority, progress, completed, completed_at, created_at)
      select ${who.id}::uuid, ${who.email}, 'personal', 'Bulk ' || n, to_char(date '2026-12-01' + (n % 90), 'YYYY-MM-DD'),
             'Moderate', (n % 3) * 10, n % 10 = 0, case when n % 10 = 0 then now() - n * interval '100 milliseconds' end,
             now() - n * interval '1 minute'
      from generate_series(1, 10000) as n`.execute(env.t.db);
    const summary = await summaryOf(who);
    // n % 10 = 0 completed (1,000); of the open 9,000, n % 3 = 0 has progress 0 (3,000).
    expect(summary).toMatchObject({ total: 10_000, personal: 10_000 });
    expect(summary.status).toEqual({ completed: 1000, inProgress: 6000, notStarted: 3000 });
    // The latest happenings are completions (seconds ago), the newest first.
    expect(summary.recent.map((r) => [r.task.title, r.what])).toEqual(
      [10, 20, 30, 40, 50, 60, 70, 80, 90, 100].map((n) => [`Bulk ${n}`, 'Completed']),
    );
    expect(summary.upcoming).toHaveLength(10);
    expect(summary.upcoming.every((task) => task.dueDate === '2026-12-02' && !task.completed)).toBe(true);
    // No step of the statement reads all of the person's tasks: each reads a few rows (with statistics, as
    // autovacuum would have them after such an insert).
    await sql`analyze tasks`.execute(env.t.db);
    expect(await largestStepOf(summaryQuery(who.id))).toBeLessThanOrEqual(20);
  });
});

/**
 * The oracle: the dashboard's figures and lists as the statement before issue 37 computed them, reading every
 * task the person owns or receives.
 */
async function countedSummary(userId: string) {
  const happenedAt = sql`case when completed and completed_at is not null then completed_at else created_at end`;
  const { rows } = await sql<SummaryRow>`
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
         order by ${happenedAt} desc, id limit 10) as r) as recent,
      (select coalesce(json_agg(id), '[]') from (
        select id from mine where not completed and due_date is not null
         order by due_date, created_at desc, id limit 10) as u) as upcoming
    from mine`.execute(env.t.db);
  return rows[0];
}

const who = fc.nat(2);
/** A task among those the actor sees (modulo their number). */
const task = fc.nat(999);
const change = fc.oneof(
  // Creations weigh more: the other changes need tasks to change.
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('create' as const),
      who,
      due: fc.constantFrom('2026-12-01', '2026-12-02', '2026-12-03'),
      repeats: fc.boolean(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('delegate' as const),
      who,
      // 3: an address with no account (the task has no recipient id).
      to: fc.nat(3),
      role: fc.constantFrom('invite' as const, 'assign' as const),
      accepted: fc.boolean(),
    }),
  },
  fc.record({ op: fc.constant('progress' as const), who, task, progress: fc.constantFrom(0, 5, 50, 100) }),
  fc.record({ op: fc.constant('complete' as const), who, task, completed: fc.boolean() }),
  fc.record({ op: fc.constant('decline' as const), who, task }),
  // To another person, to an address with no account (3), or to oneself (the task becomes personal again).
  fc.record({ op: fc.constant('reassign' as const), who, task, to: fc.nat(3) }),
  fc.record({
    op: fc.constant('bulk' as const),
    who,
    tasks: fc.uniqueArray(task, { minLength: 1, maxLength: 4 }),
    action: fc.constantFrom('complete', 'reopen', 'due_date', 'delete'),
  }),
  { weight: 2, arbitrary: fc.record({ op: fc.constant('undo' as const), who }) },
  fc.record({ op: fc.constant('delete' as const), who, task }),
);
type Change = typeof change extends fc.Arbitrary<infer T> ? T : never;

describe('the dashboard figures kept by triggers', () => {
  it('equal counting the tasks after any creates, edits, delegations, declines, reassignments, bulk changes, undos, deletes and an account deletion', async () => {
    const { t } = env;
    const people = [await t.person(), await t.person(), await t.person()];
    const nobody = (n: number) => `nobody-${n}@example.com`;
    const addressOf = (i: number, n: number) => people[i]?.email ?? nobody(n);
    /** Each person's bulk changes, latest last: an undo takes back the latest. */
    const changes: string[][] = [[], [], []];
    let made = 0;
    const posted = async (path: string, body: unknown, as: SignedUpUser) => {
      const res = await t.post(path, body, as.access);
      // Refusals (a task not theirs to change, an undo of a changed task) are fine; a failure is not.
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBeLessThan(500);
      return res;
    };
    /**
     * The `n`th (modulo their number) of the tasks `as` sees, oldest first; of those they receive for a decline,
     * delegated for a reassignment, own for a bulk change (other changes are tried on any, and may be refused).
     */
    const pick = async (as: SignedUpUser, n: number, only?: 'received' | 'delegated' | 'owned') => {
      const ids = await t.db
        .selectFrom('tasks')
        .select('id')
        .where((eb) =>
          only === 'received'
            ? eb('recipient_id', '=', as.id)
            : only === 'delegated'
              ? eb.and([eb('owner_id', '=', as.id), eb('kind', '<>', 'personal')])
              : only === 'owned'
                ? eb('owner_id', '=', as.id)
                : eb.or([eb('owner_id', '=', as.id), eb('recipient_id', '=', as.id)]),
        )
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return ids[n % Math.max(1, ids.length)]?.id;
    };

    async function apply(c: Change) {
      const as = people[c.who] as SignedUpUser;
      made += 1;
      if (c.op === 'create') {
        const form = { title: `Task ${made}`, dueDate: c.due, priority: 'Moderate' };
        await posted('/create_list', c.repeats ? { ...form, recurrence: 'FREQ=DAILY' } : form, as);
      } else if (c.op === 'delegate') {
        const to = c.to === c.who ? 3 : c.to;
        const form = { title: `Task ${made}`, dueDate: '2026-12-02', priority: 'Lenient' };
        const recipient = people[to];
        if (recipient) await t.delegated(as, recipient, { role: c.role, accepted: c.accepted, form });
        else
          await posted(
            `/send_email/${c.role === 'assign' ? 'assign_user/' : 'invite_user'}`,
            { ...form, email: nobody(made) },
            as,
          );
      } else if (c.op === 'bulk') {
        const ids = [
          ...new Set((await Promise.all(c.tasks.map((n) => pick(as, n, 'owned')))).flatMap((id) => id ?? [])),
        ];
        if (ids.length === 0) return;
        const [action, value] =
          c.action === 'reopen'
            ? ['complete', false]
            : c.action === 'complete'
              ? ['complete', true]
              : c.action === 'due_date'
                ? ['due_date', '2026-11-30']
                : ['delete', undefined];
        const res = await posted('/api/tasks/bulk/', { task_ids: ids, action, value }, as);
        if (res.status === 200) changes[c.who]?.push((await readJson(res)).change_id);
      } else if (c.op === 'undo') {
        const changeId = changes[c.who]?.pop();
        if (changeId) await posted('/api/tasks/bulk/undo/', { change_id: changeId }, as);
      } else {
        const only = c.op === 'decline' ? 'received' : c.op === 'reassign' ? 'delegated' : undefined;
        const id = await pick(as, c.task, only);
        if (!id) return;
        if (c.op === 'progress') await posted(`/progress/${id}/`, { progress: c.progress, message: '' }, as);
        else if (c.op === 'complete') await posted(`/completed/${id}`, { completed: c.completed }, as);
        else if (c.op === 'decline') await posted('/decline_task', { task_id: id, reason: 'No time' }, as);
        else if (c.op === 'reassign')
          await posted('/reassign_task', { task_id: id, email: addressOf(c.to, made) }, as);
        else await posted(`/delete_list/${id}`, { id }, as);
      }
    }
    const agree = async () => {
      for (const person of people)
        expect(await summaryFigures(t.db, person.id)).toEqual(await countedSummary(person.id));
    };

    await fc.assert(
      fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 15 }), async (run) => {
        for (const c of run) {
          await apply(c);
          await agree();
        }
      }),
      { numRuns: 30 },
    );
    // Account deletion: their tasks go, and they leave the tasks they received.
    const [leaver, stayer] = people;
    if (!leaver || !stayer) throw new Error('no people');
    await apply({ op: 'create', who: 0, due: '2026-12-01', repeats: false });
    await t.delegated(leaver, stayer, { role: 'assign' });
    await t.delegated(stayer, leaver, { role: 'invite' });
    expect(Number((await summaryFigures(t.db, leaver.id)).total)).toBeGreaterThanOrEqual(3);
    expect((await t.identity.post('/delete-account/', accountDeletion(leaver), leaver.access)).status).toBe(
      200,
    );
    await eventually(async () => !(await t.knows(leaver.email)));
    await agree();
  }, 240_000);
});
