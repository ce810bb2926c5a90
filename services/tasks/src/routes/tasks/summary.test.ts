import { dashboardSummary } from '@baton/contracts';
import { readJson, type SignedUpUser } from '@baton/test-kit';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestTasks } from '../../testing';

const env = useTestTasks();

async function summaryOf(who: SignedUpUser) {
  const res = await env.t.get('/api/tasks/summary/', who.access);
  expect(res.status).toBe(200);
  return dashboardSummary.parse(await readJson(res));
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
  });
});
