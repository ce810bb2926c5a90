import type { EventEnvelope } from '@baton/contracts';
import { createLogger, NatsBus, startDurableConsumer } from '@baton/service-kit';
import { onEach, outboxDrained } from '@baton/service-kit/testing';
import { readJson, startPrivateNats, uniqueName } from '@baton/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestTasks, type TestTasks } from './testing';

/** identity and tasks on a private nats-server with JetStream, which the tests stop and start. */
let nats: Awaited<ReturnType<typeof startPrivateNats>>;
let bus: NatsBus;
let t: TestTasks;
const events: EventEnvelope[] = [];

beforeAll(async () => {
  nats = await startPrivateNats('tasks');
  bus = await NatsBus.connect({
    url: nats.url,
    name: 'tasks-events-test',
    logger: createLogger({ name: 'test' }),
  });
  t = await startTestTasks({ bus });
  await startDurableConsumer({
    bus,
    db: t.db,
    logger: t.tasks.deps.logger,
    spec: { durable: uniqueName('watch'), stream: 'TASKS' },
    handlers: onEach(['tasks.>'], async (event) => {
      events.push(event);
    }),
  });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await bus?.close().catch(() => undefined);
  await nats?.stop();
});

const of = (taskId: string) =>
  events
    .filter(
      (e) =>
        (e.data as { taskId?: string; task?: { id: string } }).taskId === taskId ||
        (e.data as { task?: { id: string } }).task?.id === taskId,
    )
    .map((e) => ({ type: e.type, audience: [...e.audience].sort() }));

const form = { title: 'Ship it', dueDate: '2026-12-31', priority: 'Lenient' };

/**
 * Returns once every event tasks queued so far is on the stream and through the watcher: the outbox has let
 * them all go, and a task `person` creates after that (on the stream behind them) has been seen.
 */
async function caughtUp(person: { access: string }) {
  await outboxDrained(t.db, 'event', 30_000);
  const { id } = await readJson(t.post('/create_list', { ...form, title: 'Later' }, person.access));
  await expect.poll(() => of(id).length, { timeout: 15_000, interval: 50 }).toBe(1);
}

describe('tasks events on NATS', () => {
  it('every change yields exactly one event, for the owner and the recipient', async () => {
    const [ada, bob] = [await t.person(), await t.person()];
    const both = [ada.id, bob.id].sort();
    const { id } = await readJson(
      t.post('/send_email/invite_user', { ...form, email: bob.email }, ada.access),
    );
    expect(
      (
        await t.post(
          '/accept_task',
          { task_id: id, user_email: bob.email, trusted: false, role: 'invite' },
          bob.access,
        )
      ).status,
    ).toBe(200);
    expect(
      (await t.post(`/progress/${id}/`, { progress: 40, message: 'halfway-ish' }, bob.access)).status,
    ).toBe(200);
    expect((await t.post(`/completed/${id}`, { completed: true }, bob.access)).status).toBe(200);
    expect((await t.post(`/completed/${id}`, { completed: false }, bob.access)).status).toBe(200);
    expect(
      (await t.post('/edit_shared_task/', { ...form, id, title: 'Ship it today' }, ada.access)).status,
    ).toBe(200);
    expect((await t.post(`/delete_list/${id}`, { id }, ada.access)).status).toBe(200);

    const expected = [
      'tasks.task.created',
      'tasks.task.invited',
      'tasks.task.accepted',
      'tasks.task.progress',
      'tasks.task.completed',
      'tasks.task.reopened',
      'tasks.task.updated',
      'tasks.task.deleted',
    ].map((type) => ({ type, audience: both }));
    await expect.poll(() => of(id).length, { timeout: 15_000, interval: 100 }).toBe(expected.length);
    expect(of(id)).toEqual(expected);
    await caughtUp(ada);
    expect(of(id)).toHaveLength(expected.length);
  });

  it('a change made while NATS is down is published once after it returns', async () => {
    const ada = await t.person();
    await nats.server.stop();
    const res = await t.post('/create_list', form, ada.access);
    expect(res.status).toBe(201);
    const { id } = await readJson(res);
    await expect
      .poll(
        async () =>
          (await t.db.selectFrom('kit_outbox').select('attempts').execute()).some((r) => r.attempts > 0),
        {
          timeout: 10_000,
        },
      )
      .toBe(true);
    expect(of(id)).toHaveLength(0);
    await nats.server.start();
    await expect.poll(() => of(id).length, { timeout: 30_000, interval: 100 }).toBe(1);
    expect(of(id)).toEqual([{ type: 'tasks.task.created', audience: [ada.id] }]);
    await caughtUp(ada);
    expect(of(id)).toHaveLength(1);
  }, 60_000);
});
