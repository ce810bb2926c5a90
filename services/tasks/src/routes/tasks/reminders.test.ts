import { errorBody, preferenceMessages, routes, taskAnswer } from '@baton/contracts';
import { readJson, type SignedUpUser } from '@baton/test-kit';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestTasks } from '../../testing';

/** A task's reminder and overdue notice: stored from the create and edit forms, returned in every task. */
const env = useTestTasks();

const form = { title: 'Quarterly report', dueDate: '2026-11-28', priority: 'Moderate' };
let ana: SignedUpUser;
let ben: SignedUpUser;

beforeAll(async () => {
  ana = await env.t.person({ firstname: 'Ana' });
  ben = await env.t.person({ firstname: 'Ben' });
});

const taskOf = async (id: string, who = ana) =>
  taskAnswer.parse(await readJson(await env.t.get(routes.getTask.path.replace('{taskId}', id), who.access)))
    .task;

async function created(path: string, body: Record<string, unknown>) {
  const res = await env.t.post(path, body, ana.access);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await readJson(res)).id as string;
}

describe('the task form’s reminder', () => {
  it.each([
    ['days before below 0', { daysBefore: -1, hour: 9 }],
    ['days before past the most', { daysBefore: 31, hour: 9 }],
    ['an hour past 23', { daysBefore: 1, hour: 24 }],
    ['a fraction of a day', { daysBefore: 1.5, hour: 9 }],
    ['a part missing', { daysBefore: 1 }],
    ['a number as text', { daysBefore: '1', hour: 9 }],
    ['not an object', 'tomorrow'],
    ['a bare number', 3],
  ])('refuses %s with 400 and the sentence', async (_name, reminder) => {
    for (const path of [routes.savePersonalTask.path, routes.assignTask.path]) {
      const res = await env.t.post(path, { ...form, email: ben.email, reminder }, ana.access);
      expect(res.status, path).toBe(400);
      expect(errorBody.parse(await readJson(res)).message).toBe(preferenceMessages.badReminder);
    }
  });

  it('refuses an overdue notice that is not true or false', async () => {
    const res = await env.t.post(routes.savePersonalTask.path, { ...form, overdueNotice: 'yes' }, ana.access);
    expect(res.status).toBe(400);
  });

  it('is none by default, and round-trips: kept when absent, changed when sent, cleared by null', async () => {
    const plain = await created(routes.savePersonalTask.path, form);
    expect(await taskOf(plain)).toMatchObject({ reminder: null, overdueNotice: false });

    const id = await created(routes.savePersonalTask.path, { ...form, reminder: { daysBefore: 1, hour: 9 } });
    expect((await taskOf(id)).reminder).toEqual({ daysBefore: 1, hour: 9 });
    const edit = (body: Record<string, unknown>) =>
      env.t.post(routes.savePersonalTask.path, { ...form, id, ...body }, ana.access);

    expect((await edit({ title: 'Renamed' })).status).toBe(200);
    expect(await taskOf(id)).toMatchObject({ title: 'Renamed', reminder: { daysBefore: 1, hour: 9 } });
    expect((await edit({ reminder: { daysBefore: 7, hour: 0 } })).status).toBe(200);
    expect((await taskOf(id)).reminder).toEqual({ daysBefore: 7, hour: 0 });
    expect((await edit({ reminder: null })).status).toBe(200);
    expect((await taskOf(id)).reminder).toBeNull();
  });

  it('and the delegator’s overdue notice reach both sides of a delegated task, and its lists', async () => {
    const id = await created(routes.assignTask.path, {
      ...form,
      email: ben.email,
      reminder: { daysBefore: 2, hour: 17 },
      overdueNotice: true,
    });
    const expected = { reminder: { daysBefore: 2, hour: 17 }, overdueNotice: true };
    expect(await taskOf(id)).toMatchObject(expected);
    expect(await taskOf(id, ben)).toMatchObject(expected);
    // The lists' JSON is written by Postgres: it carries the same.
    const list = await readJson(
      await env.t.post(routes.assignedTasks.path, { userEmail: ana.email }, ana.access),
    );
    expect(list.tasks.find((task: { id: string }) => task.id === id)).toMatchObject(expected);

    const res = await env.t.post(
      routes.editSharedTask.path,
      { ...form, id, email: ben.email, overdueNotice: false },
      ana.access,
    );
    expect(res.status).toBe(200);
    expect(await taskOf(id)).toMatchObject({ reminder: { daysBefore: 2, hour: 17 }, overdueNotice: false });
  });
});
