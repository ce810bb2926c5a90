import { dashboardSummary } from '@baton/contracts';
import { readJson, type SignedUpUser } from '@baton/test-kit';
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
});
