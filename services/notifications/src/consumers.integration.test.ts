import { createLogger, NatsBus } from '@baton/service-kit';
import { outboxDrained } from '@baton/service-kit/testing';
import { eventually } from '@baton/tasks/testing';
import { accountDeletion, readJson, type SignedUpUser, startPrivateNats } from '@baton/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventOf, sampleTask, startTestNotifications, type TestNotifications } from './testing';

/** identity, tasks and notifications on a private nats-server with JetStream, driven through tasks' routes. */
let nats: Awaited<ReturnType<typeof startPrivateNats>>;
let bus: NatsBus;
let t: TestNotifications;

beforeAll(async () => {
  nats = await startPrivateNats('notifications');
  bus = await NatsBus.connect({
    url: nats.url,
    name: 'notifications-test',
    logger: createLogger({ name: 'test' }),
  });
  t = await startTestNotifications({ bus });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await bus?.close().catch(() => undefined);
  await nats?.stop();
});

const form = {
  title: 'Quarterly report',
  description: 'Numbers for Q4',
  dueDate: '2054-11-28',
  priority: 'Moderate',
};

/**
 * Returns once notifications has handled every task event so far: tasks' outbox has let them all go, and an
 * event on the stream behind them (telling a stranger their folders changed) has been handled.
 */
async function caughtUp() {
  await outboxDrained(t.tasks.deps.db, 'event');
  await t.handled(
    eventOf('tasks.folders.changed', { actorId: null, audience: [crypto.randomUUID()], data: {} }),
  );
}

/** Waits until `user` has `count` notifications and every event so far is handled: a further one would be here. */
async function settled(user: SignedUpUser, count: number) {
  await eventually(async () => (await t.storedFor(user.id)).length >= count);
  await caughtUp();
  return t.storedFor(user.id);
}

const ok = async (res: Response | Promise<Response>) => {
  const response = await res;
  expect(response.ok, await response.clone().text()).toBe(true);
  return readJson(response);
};

describe('task events become notifications for everyone concerned except the actor', () => {
  let ana: SignedUpUser;
  let ben: SignedUpUser;
  let taskId: string;

  beforeAll(async () => {
    ana = await t.person({ firstname: 'Ana' });
    ben = await t.person({ firstname: 'Ben' });
  });

  it('an assignment tells the recipient who, what and when', async () => {
    ({ id: taskId } = await ok(
      t.post('/send_email/assign_user/', { ...form, email: ben.email }, ana.access),
    ));
    const [note] = await settled(ben, 1);
    expect(note).toMatchObject({
      type: 'info',
      title: 'New task assigned',
      message:
        'Ana assigned you “Quarterly report”, due Sat 28 Nov 2054. Accept it here or from the e-mail we sent you.',
      is_read: false,
      is_deleted: false,
    });
    expect(await t.storedFor(ana.id)).toEqual([]);
    // Pushed live to Ben's /ws/notifications/ as the stored object.
    await eventually(async () => t.pushesTo(ben.id, 'notifications').length === 1);
    expect(t.pushesTo(ben.id, 'notifications')[0]).toMatchObject({
      payload: { id: note?.id, title: note?.title },
    });
  });

  it('each later change yields exactly one notification, for the other side only', async () => {
    await ok(
      t.post(
        '/accept_task',
        { task_id: taskId, user_email: ben.email, trusted: false, role: 'assign' },
        ben.access,
      ),
    );
    await ok(
      t.post(`/progress/${taskId}/`, { progress: 60, message: 'Tables done, charts next' }, ben.access),
    );
    await ok(t.post(`/completed/${taskId}`, { completed: true }, ben.access));
    await ok(t.post(`/completed/${taskId}`, { completed: false }, ben.access));
    const forAna = await settled(ana, 4);
    expect(forAna.map((n) => [n.type, n.message])).toEqual([
      ['success', 'Ben accepted your assignment “Quarterly report”.'],
      ['info', 'Ben moved “Quarterly report” to 60%: “Tables done, charts next”'],
      ['success', 'Ben completed “Quarterly report”.'],
      ['warning', 'Ben reopened “Quarterly report”.'],
    ]);

    await ok(
      t.post(
        '/edit_shared_task/',
        { ...form, id: taskId, title: 'Q4 report', dueDate: '2054-12-01' },
        ana.access,
      ),
    );
    await ok(t.post(`/delete_list/${taskId}`, { id: taskId }, ana.access));
    const forBen = await settled(ben, 3);
    expect(forBen.slice(1).map((n) => [n.type, n.message])).toEqual([
      ['info', 'Ana updated “Q4 report”, due Tue 1 Dec 2054.'],
      ['error', 'Ana deleted “Q4 report”.'],
    ]);
    expect(await t.storedFor(ana.id)).toHaveLength(4);
  });

  it('live task events reach both sides of /ws/tasks/, the actor’s other tabs too', async () => {
    await eventually(async () => t.pushesTo(ben.id, 'tasks').length >= 7);
    // Each carries its place in the person's log (task-messages.integration.test.ts resumes from it).
    const shapes = (userId: string) =>
      t.pushesTo(userId, 'tasks').map((m) => {
        const { id, ...shape } = m.payload as { id?: string };
        expect(id).toMatch(/^[0-9a-f-]{36}$/);
        return shape;
      });
    const expected = [
      { type: 'task_added', task_id: taskId },
      { type: 'task_accepted', task_id: taskId },
      { type: 'progress_update', task_id: taskId, progress: 60 },
      { type: 'task_complete', task_id: taskId, completed: true },
      { type: 'task_complete', task_id: taskId, completed: false },
      {
        type: 'task_update',
        task_id: taskId,
        task: {
          title: 'Q4 report',
          description: 'Numbers for Q4',
          dueDate: '2054-12-01',
          priority: 'Moderate',
          progress: 60,
        },
      },
      { type: 'task_delete', task_id: taskId },
    ];
    expect(shapes(ben.id)).toEqual(expected);
    await eventually(async () => shapes(ana.id).length >= 7);
    expect(shapes(ana.id)).toEqual(expected);
  });

  it('an invitation reads as one; a trusted sender’s task needs no e-mail', async () => {
    const cleo = await t.person({ firstname: 'Cleo' });
    await t.trust(cleo, ana);
    await ok(
      t.post('/send_email/invite_user', { ...form, dueDate: '2055-01-04', email: cleo.email }, ana.access),
    );
    const [note] = await settled(cleo, 1);
    // Accepted at once: nothing to accept from the bell.
    expect(note).toMatchObject({
      title: 'New task invitation',
      message: 'Ana invited you to “Quarterly report”, due Mon 4 Jan 2055.',
      task_id: expect.any(String),
      action: null,
    });
  });

  it('links notifications to their task; the recipient may accept from the bell until it is accepted', async () => {
    const [ana, ben] = [await t.person({ firstname: 'Ana' }), await t.person({ firstname: 'Ben' })];
    const { id } = await ok(t.post('/send_email/invite_user', { ...form, email: ben.email }, ana.access));
    const [invitation] = await settled(ben, 1);
    expect(invitation).toMatchObject({ task_id: id, action: 'invite_accept' });
    // Listed and pushed with both.
    expect(await readJson(t.notificationsCall('GET', '/notifications/', ben.access))).toMatchObject({
      notifications: [{ id: invitation?.id, task_id: id, action: 'invite_accept' }],
    });
    await eventually(async () => t.pushesTo(ben.id, 'notifications').length === 1);
    expect(t.pushesTo(ben.id, 'notifications')[0]).toMatchObject({
      payload: { id: invitation?.id, task_id: id, action: 'invite_accept' },
    });

    // A comment links to its task and offers nothing.
    const comment = {
      id: crypto.randomUUID(),
      user: ana.email,
      name: 'Ana',
      content: 'Numbers by Friday?',
      timestamp: new Date().toISOString(),
    };
    const commented = eventOf('tasks.comment.created', {
      actorId: ana.id,
      audience: [ana.id, ben.id],
      data: { taskId: id, taskTitle: form.title, comment },
    });
    await bus.publish(commented.type, commented, { msgId: commented.id });
    const [, onComment] = await settled(ben, 2);
    expect(onComment).toMatchObject({ title: 'New comment', task_id: id, action: null });

    // Accepted (from the bell, the e-mail or the card): Accept is not offered again, after a reload either.
    await ok(
      t.post(
        '/accept_task',
        { task_id: id, user_email: ben.email, trusted: false, role: 'invite' },
        ben.access,
      ),
    );
    const [toAna] = await settled(ana, 1);
    expect(toAna).toMatchObject({ title: 'Task accepted', task_id: id, action: null });
    await eventually(async () => (await t.storedFor(ben.id))[0]?.action === null);
    expect(await t.storedFor(ben.id)).toMatchObject([{ task_id: id }, { task_id: id }]);

    // A deleted task leaves nothing to open.
    await ok(t.post(`/delete_list/${id}`, { id }, ana.access));
    await eventually(async () => (await t.storedFor(ben.id)).length === 3);
    expect((await t.storedFor(ben.id)).map((n) => [n.title, n.task_id, n.action])).toEqual([
      ['New task invitation', null, null],
      ['New comment', null, null],
      ['Task deleted', null, null],
    ]);
  });

  it('a personal task concerns nobody else', async () => {
    const before = (await t.storedFor(ana.id)).length;
    const { id } = await ok(t.post('/create_list', form, ana.access));
    await ok(t.post(`/completed/${id}`, { completed: true }, ana.access));
    await caughtUp();
    expect(await t.storedFor(ana.id)).toHaveLength(before);
  });
});

describe('exactly once', () => {
  it('an event delivered twice (new message id, same event id) yields one notification each', async () => {
    const ana = await t.person({ firstname: 'Ana' });
    const ben = await t.person({ firstname: 'Ben' });
    const event = eventOf('tasks.task.assigned', {
      actorId: ana.id,
      audience: [ana.id, ben.id],
      data: { task: sampleTask(), recipientEmail: ben.email, recipientId: ben.id },
    });
    await bus.publish(event.type, event, { msgId: `${event.id}-first` });
    await bus.publish(event.type, event, { msgId: `${event.id}-again` });
    const stored = await settled(ben, 1);
    expect(stored).toHaveLength(1);
    expect(t.pushesTo(ben.id, 'notifications')).toHaveLength(1);
  });

  it('a comment tells the other side what was said', async () => {
    const ana = await t.person({ firstname: 'Ana' });
    const ben = await t.person({ firstname: 'Ben' });
    const comment = {
      id: crypto.randomUUID(),
      user: ben.email,
      name: 'Ben',
      content: 'Can we move the deadline?',
      timestamp: new Date().toISOString(),
    };
    const event = eventOf('tasks.comment.created', {
      actorId: ben.id,
      audience: [ana.id, ben.id],
      data: { taskId: crypto.randomUUID(), taskTitle: 'Quarterly report', comment },
    });
    await bus.publish(event.type, event, { msgId: event.id });
    const [note] = await settled(ana, 1);
    expect(note).toMatchObject({
      title: 'New comment',
      message: 'Ben commented on “Quarterly report”: “Can we move the deadline?”',
    });
    expect(await t.storedFor(ben.id)).toEqual([]);
  });

  it('collapses a task’s comments into one notification while it is unread, counted and pushed again with its id', async () => {
    const ana = await t.person({ firstname: 'Ana' });
    const ben = await t.person({ firstname: 'Ben' });
    const taskId = crypto.randomUUID();
    const say = async (content: string, task = taskId) => {
      const comment = {
        id: crypto.randomUUID(),
        user: ben.email,
        name: 'Ben',
        content,
        timestamp: new Date().toISOString(),
      };
      const event = eventOf('tasks.comment.created', {
        actorId: ben.id,
        audience: [ana.id, ben.id],
        data: { taskId: task, taskTitle: 'Quarterly report', comment },
      });
      await bus.publish(event.type, event, { msgId: event.id });
      await eventually(() =>
        t.db
          .selectFrom('kit_processed_events')
          .select('event_id')
          .where('event_id', '=', event.id)
          .executeTakeFirst(),
      );
    };
    for (const content of ['One', 'Two', 'Three']) await say(content);
    const [note, ...others] = await t.storedFor(ana.id);
    expect(others).toEqual([]);
    expect(note).toMatchObject({
      title: 'New comments',
      message: '3 new comments on “Quarterly report”; the latest from Ben: “Three”',
      is_read: false,
    });
    const pushedIds = () =>
      t.pushesTo(ana.id, 'notifications').map((push) => (push as { payload: { id: string } }).payload.id);
    await eventually(async () => pushedIds().length >= 3);
    expect(pushedIds()).toEqual([note?.id, note?.id, note?.id]);
    // Another task's comments are their own; once read, the next comment starts a new notification.
    await say('Elsewhere', crypto.randomUUID());
    expect(await t.storedFor(ana.id)).toHaveLength(2);
    await ok(t.notificationsCall('POST', '/notifications/mark_as_read/', ana.access, { ids: [note?.id] }));
    await say('Four');
    const after = await t.storedFor(ana.id);
    expect(after).toHaveLength(3);
    expect(after.find((n) => n.id === note?.id)?.message).toBe(
      '3 new comments on “Quarterly report”; the latest from Ben: “Three”',
    );
    expect(after.filter((n) => n.message === 'Ben commented on “Quarterly report”: “Four”')).toHaveLength(1);
  });
});

describe('account deletion', () => {
  it('erases the person’s notifications; the others learn the shared task went away', async () => {
    const ana = await t.person({ firstname: 'Ana' });
    const ben = await t.person({ firstname: 'Ben' });
    await ok(t.post('/send_email/assign_user/', { ...form, email: ben.email }, ana.access));
    await ok(
      t.post('/send_email/assign_user/', { ...form, title: 'Other way round', email: ana.email }, ben.access),
    );
    await settled(ben, 1);
    await settled(ana, 1);
    expect((await t.identity.post('/delete-account/', accountDeletion(ben), ben.access)).status).toBe(200);
    await eventually(async () => (await t.storedFor(ben.id)).length === 0);
    // An event still in flight after the erasure stores nothing for the deleted account.
    const late = eventOf('tasks.task.assigned', {
      actorId: ana.id,
      audience: [ana.id, ben.id],
      data: { task: sampleTask(), recipientEmail: ben.email, recipientId: ben.id },
    });
    await bus.publish(late.type, late, { msgId: late.id });
    await eventually(() =>
      t.db
        .selectFrom('kit_processed_events')
        .select('event_id')
        .where('event_id', '=', late.id)
        .executeTakeFirst(),
    );
    const forAna = await settled(ana, 2);
    expect(forAna[1]?.message).toBe('“Other way round” was removed because its owner closed their account.');
    expect(await t.storedFor(ben.id)).toEqual([]);
    expect(await readJson(t.notificationsCall('GET', '/notifications/', ana.access))).toMatchObject({
      notifications: [{ message: forAna[1]?.message }, { message: forAna[0]?.message }],
    });
  });
});
