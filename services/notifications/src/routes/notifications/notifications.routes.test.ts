import { randomUUID } from 'node:crypto';
import { hostileBodies } from '@baton/service-kit/testing';
import { eventually } from '@baton/tasks/testing';
import { readJson, type SignedUpUser } from '@baton/test-kit';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventOf, sampleTask, startTestNotifications, type TestNotifications } from '../../testing';

let t: TestNotifications;
beforeAll(async () => {
  t = await startTestNotifications();
});
afterAll(() => t.close());

/** `count` notifications for `to`, each from its own assignment event. */
async function notify(from: SignedUpUser, to: SignedUpUser, count: number) {
  for (let i = 0; i < count; i++) {
    const event = eventOf('tasks.task.assigned', {
      actorId: from.id,
      audience: [from.id, to.id],
      data: { task: sampleTask({ title: `Task ${i}` }), recipientEmail: to.email, recipientId: to.id },
    });
    await t.bus.publish(event.type, event, { msgId: event.id });
  }
  await eventually(async () => (await t.storedFor(to.id)).length >= count);
  return (await t.storedFor(to.id)).map((n) => n.id);
}

const list = async (user: SignedUpUser) =>
  (await readJson(t.notificationsCall('GET', '/notifications/', user.access))).notifications as Array<{
    id: string;
    is_read: boolean;
    title: string;
  }>;

describe('GET /notifications/', () => {
  it('lists only one’s own, newest first, in the shape of SPEC §3', async () => {
    const [ana, ben] = [await t.person(), await t.person()];
    const ids = await notify(ana, ben, 3);
    const res = await t.notificationsCall('GET', '/notifications/', ben.access);
    expect(res.status).toBe(200);
    const { notifications } = await readJson(res);
    expect(notifications.map((n: { id: string }) => n.id)).toEqual([...ids].reverse());
    expect(Object.keys(notifications[0]).sort()).toEqual(
      ['action', 'created_at', 'id', 'is_deleted', 'is_read', 'message', 'task_id', 'title', 'type'].sort(),
    );
    // An assignment links to its task and offers its recipient Accept.
    expect(notifications[0]).toMatchObject({ task_id: expect.any(String), action: 'assign_accept' });
    expect(await list(ana)).toEqual([]);
  });

  it('after one of them: those made since, oldest first, with a margin for commits landing out of order', async () => {
    const [ana, ben] = [await t.person(), await t.person()];
    const ids = await notify(ana, ben, 4);
    const newestFirst = [...ids].reverse();
    const second = ids[1] as string;
    // The oldest, dated two minutes back: resuming from a later one, the margin (10 s) does not reach it.
    await t.db
      .updateTable('notifications')
      .set({ created_at: sql`now() - interval '2 minutes'` })
      .where('id', '=', ids[0] as string)
      .execute();
    const after = async (id: string) =>
      (
        await readJson(t.notificationsCall('GET', `/notifications/?after=${id}`, ben.access))
      ).notifications.map((n: { id: string }) => n.id);
    expect(await after(newestFirst[3] as string)).toEqual([ids[1], ids[2], ids[3]]);
    expect(await after(newestFirst[0] as string)).not.toContain(newestFirst[0]);
    expect(await after(second)).not.toContain(ids[0]);
    // Someone else's notification, or one that does not exist, is not a place to resume from: the newest.
    const [anaOwn] = await notify(ben, ana, 1);
    expect(await after(anaOwn as string)).toEqual(newestFirst);
    expect(await after(randomUUID())).toEqual(newestFirst);
    const bad = await t.notificationsCall('GET', '/notifications/?after=nope', ben.access);
    expect(bad.status).toBe(400);
  });

  it('needs a valid access token', async () => {
    expect((await t.notificationsCall('GET', '/notifications/')).status).toBe(401);
    expect((await t.notificationsCall('GET', '/notifications/', 'not-a-token')).status).toBe(401);
  });
});

describe('POST /notifications/mark_as_read/ and /notifications/delete/', () => {
  it('marks read and deletes one’s own, and says how many changed', async () => {
    const [ana, ben] = [await t.person(), await t.person()];
    const [first, second, third] = await notify(ana, ben, 3);
    const read = await t.notificationsCall('POST', '/notifications/mark_as_read/', ben.access, {
      ids: [first, second],
    });
    expect(await readJson(read)).toEqual({ ok: true, count: 2 });
    expect(
      (await list(ben))
        .filter((n) => n.is_read)
        .map((n) => n.id)
        .sort(),
    ).toEqual([first, second].sort());

    const deleted = await t.notificationsCall('POST', '/notifications/delete/', ben.access, { ids: [first] });
    expect(await readJson(deleted)).toEqual({ ok: true, count: 1 });
    expect((await list(ben)).map((n) => n.id).sort()).toEqual([second, third].sort());
    // Deleted stays deleted: neither listed nor changed again.
    const again = await t.notificationsCall('POST', '/notifications/delete/', ben.access, { ids: [first] });
    expect(await readJson(again)).toEqual({ ok: true, count: 0 });
  });

  it('leaves other people’s notifications alone without saying they exist', async () => {
    const [ana, ben] = [await t.person(), await t.person()];
    const [bens] = await notify(ana, ben, 1);
    for (const path of ['/notifications/mark_as_read/', '/notifications/delete/']) {
      const res = await t.notificationsCall('POST', path, ana.access, { ids: [bens, randomUUID()] });
      expect(await readJson(res)).toEqual({ ok: true, count: 0 });
    }
    expect(await list(ben)).toMatchObject([{ id: bens, is_read: false }]);
  });

  it.each([
    ['no body', undefined],
    ['no ids', {}],
    ['an empty list', { ids: [] }],
    ['an id that is not a uuid', { ids: ['1 OR 1=1'] }],
    ['ids that are not a list', { ids: 'all' }],
    ['too many ids', { ids: Array.from({ length: 501 }, () => randomUUID()) }],
  ])('refuses %s with 400 and changes nothing', async (_name, body) => {
    const [ana, ben] = [await t.person(), await t.person()];
    await notify(ana, ben, 1);
    for (const path of ['/notifications/mark_as_read/', '/notifications/delete/']) {
      const res = await t.notificationsCall('POST', path, ben.access, body);
      expect(res.status).toBe(400);
      expect(typeof (await readJson(res)).error).toBe('string');
    }
    expect(await list(ben)).toMatchObject([{ is_read: false }]);
  });

  it('refuses 12,000 levels of nesting and a lone surrogate with 400', async () => {
    const ben = await t.person();
    for (const path of ['/notifications/mark_as_read/', '/notifications/delete/']) {
      for (const hostile of hostileBodies({ ids: [randomUUID()], note: 'x' })) {
        const res = await t.service.app.request(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${ben.access}` },
          body: hostile.body,
        });
        expect(res.status, hostile.name).toBe(400);
        expect((await readJson(res)).error).toBe(hostile.message);
      }
    }
  });

  it('needs a valid access token', async () => {
    const res = await t.notificationsCall('POST', '/notifications/delete/', undefined, {
      ids: [randomUUID()],
    });
    expect(res.status).toBe(401);
  });
});
