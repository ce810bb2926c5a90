import { type NotificationPreferencesUpdate, routes } from '@baton/contracts';
import { eventually } from '@baton/tasks/testing';
import { accountDeletion, type SignedUpUser } from '@baton/test-kit';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalPushService, TestPushDevice } from '../push/testing';
import { scheduleJob } from '../scheduler/scheduler';
import {
  comesDue,
  queuedJob,
  settled,
  startNotificationsWithPush,
  type TestNotifications,
  taskEvents,
} from '../testing';
import { digestKey } from './digest.service';

/**
 * Each channel of a person's preferences honoured, from task events on the bus through the consumer, the
 * job queue (polled every 100 ms), the outbox and a real SMTP capture, to a local push service whose pushes
 * the test decrypts.
 */
let t: TestNotifications;
let pushService: LocalPushService;
let stop: (() => Promise<void>) | undefined;
beforeAll(async () => {
  ({ t, pushService, close: stop } = await startNotificationsWithPush());
}, 60_000);
afterAll(() => stop?.());

const choose = async (user: SignedUpUser, update: NotificationPreferencesUpdate) => {
  const res = await t.notificationsCall(
    'PUT',
    routes.updateNotificationPreferences.path,
    user.access,
    update,
  );
  expect(res.status).toBe(200);
};
/** A device of `user` with push turned on. */
const deviceOf = async (user: SignedUpUser) => {
  const device = pushService.newDevice();
  const res = await t.notificationsCall('POST', routes.subscribePush.path, user.access, device.subscription);
  expect(res.status).toBe(201);
  return device;
};
const bellOf = (user: SignedUpUser) => t.storedFor(user.id);
const digestItemsOf = (user: SignedUpUser) =>
  t.db.selectFrom('digest_items').selectAll().where('user_id', '=', user.id).orderBy('created_at').execute();
/** Waits until every due job ran and every queued mail went. */
const allSettled = () => eventually(() => settled(t.db));
const pushesOf = (device: TestPushDevice) => device.pushes().map((push) => device.read(push));

/** Two people: Ana acts, Ben is told. */
const pair = async () =>
  [await t.person({ firstname: 'Ana' }), await t.person({ firstname: 'Ben' })] as const;

describe('a comment, by the channels its reader chose', () => {
  it('with the defaults: the bell, an item of the daily digest, a push; no mail yet', async () => {
    const [ana, ben] = await pair();
    const device = await deviceOf(ben);
    const task = taskEvents(ana, ben);
    await t.handled(task.comment('First draft is up'));

    expect((await bellOf(ben)).map((n) => n.title)).toEqual(['New comment']);
    expect((await digestItemsOf(ben)).map((item) => [item.event, item.heading, item.task_id])).toEqual([
      ['comment', 'New comment', task.taskId],
    ]);
    const job = await queuedJob(t.db, digestKey(ben.id));
    const at = DateTime.fromJSDate(job?.run_at as Date, { zone: 'UTC' });
    expect([at.hour, at.minute]).toEqual([8, 0]);
    expect(at.diffNow().as('hours')).toBeGreaterThan(0);
    expect(at.diffNow().as('hours')).toBeLessThanOrEqual(24);

    await eventually(async () => device.pushes().length === 1);
    expect(pushesOf(device)).toEqual([
      {
        title: 'New comment',
        body: 'Ana commented on “Quarterly report”: “First draft is up”',
        url: `/home/tasks/${task.taskId}`,
        tag: `comments:${task.taskId}`,
      },
    ]);
    await allSettled();
    expect(t.mailsTo(ben.email)).toEqual([]);
  });

  it('in the app off: no bell notification, the other channels still go', async () => {
    const [ana, ben] = await pair();
    await choose(ben, { events: { comment: { inApp: false } } });
    await t.handled(taskEvents(ana, ben).comment('Numbers checked'));
    expect(await bellOf(ben)).toEqual([]);
    expect(await digestItemsOf(ben)).toHaveLength(1);
  });

  it('e-mail at once: one mail, in HTML and text, that opens the task and unsubscribes in one click', async () => {
    const [ana, ben] = await pair();
    const device = await deviceOf(ben);
    await choose(ben, { events: { comment: { email: 'immediate', push: false } } });
    const task = taskEvents(ana, ben);
    await t.handled(task.comment('Can you check the totals?'));
    await allSettled();

    const mails = t.mailsTo(ben.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    const link = `http://baton.test/home/tasks/${task.taskId}`;
    expect(mail?.subject).toBe('Ana commented on “Quarterly report”: “Can you check the totals?”');
    expect(mail?.html).toContain('New comment');
    expect(mail?.html).toContain(`href="${link}"`);
    expect(mail?.text).toContain('Can you check the totals?');
    expect(mail?.text).toContain(link);
    expect(mail?.headers['list-unsubscribe']).toMatch(
      /^<http:\/\/baton\.test\/api\/unsubscribe\/[\w-]{43}\/>$/,
    );
    expect(mail?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail?.text).toContain('http://baton.test/home/settings/notifications');
    expect(await digestItemsOf(ben)).toEqual([]);
    expect(await queuedJob(t.db, digestKey(ben.id))).toBeUndefined();
    expect(device.pushes()).toEqual([]);
    expect(await bellOf(ben)).toHaveLength(1);
  });

  it('e-mail off: neither a mail nor a digest item', async () => {
    const [ana, ben] = await pair();
    await choose(ben, { events: { comment: { email: 'off' } } });
    await t.handled(taskEvents(ana, ben).comment('Looks good'));
    await allSettled();
    expect(t.mailsTo(ben.email)).toEqual([]);
    expect(await digestItemsOf(ben)).toEqual([]);
    expect(await bellOf(ben)).toHaveLength(1);
  });

  it('every mail of one scope carries the same unsubscribe link; each scope its own', async () => {
    const [ana, ben] = await pair();
    await choose(ben, { events: { comment: { email: 'immediate' }, progress: { email: 'immediate' } } });
    const task = taskEvents(ana, ben);
    await t.handled(task.comment('One'));
    await t.handled(task.comment('Two'));
    await t.handled(task.progress(40));
    await allSettled();
    const links = t.mailsTo(ben.email).map((mail) => mail.headers['list-unsubscribe']);
    expect(links).toHaveLength(3);
    expect(links[0]).toBe(links[1]);
    expect(links[2]).not.toBe(links[0]);
  });
});

describe('an assignment', () => {
  it('not accepted yet: the bell and push, but no mail (tasks mailed the accept link)', async () => {
    const [ana, ben] = await pair();
    const device = await deviceOf(ben);
    await t.handled(taskEvents(ana, ben).assigned({ accepted: false }));
    await allSettled();
    expect((await bellOf(ben)).map((n) => n.action)).toEqual(['assign_accept']);
    expect(t.mailsTo(ben.email)).toEqual([]);
    expect(await digestItemsOf(ben)).toEqual([]);
    expect(pushesOf(device).map((push) => push.title)).toEqual(['New task assigned']);
  });

  it('from a trusted sender (accepted at once): no mail by default (SPEC §1), one when the person asks', async () => {
    const [ana, ben] = await pair();
    await t.handled(taskEvents(ana, ben).assigned({ accepted: true }));
    await allSettled();
    expect(await bellOf(ben)).toHaveLength(1);
    expect(t.mailsTo(ben.email)).toEqual([]);

    await choose(ben, { events: { assigned: { email: 'immediate' } } });
    const task = taskEvents(ana, ben);
    await t.handled(task.assigned({ accepted: true }));
    await allSettled();
    const [mail] = t.mailsTo(ben.email);
    expect(mail?.subject).toMatch(/^Ana assigned you “Quarterly report”/);
    expect(mail?.text).toContain(`http://baton.test/home/tasks/${task.taskId}`);
    expect(t.mailsTo(ben.email)).toHaveLength(1);
  });
});

it('news with no preference of its own (a task updated) rings the bell only', async () => {
  const [ana, ben] = await pair();
  const device = await deviceOf(ben);
  await choose(ben, { events: { comment: { email: 'immediate' } } });
  await t.handled(taskEvents(ana, ben).updated());
  await allSettled();
  expect((await bellOf(ben)).map((n) => n.title)).toEqual(['Task updated']);
  expect(t.mailsTo(ben.email)).toEqual([]);
  expect(await digestItemsOf(ben)).toEqual([]);
  expect(device.pushes()).toEqual([]);
});

describe('the digest', () => {
  it("goes at the person's hour in their zone, as one mail of what collected, each item once", async () => {
    const [ana, ben] = await pair();
    await choose(ben, { timezone: 'Asia/Tokyo', digest: { frequency: 'daily', hour: 9 } });
    const task = taskEvents(ana, ben);
    await t.handled(task.comment('First draft is up'));
    await t.handled(task.progress(60, 'Tables done'));
    await t.handled(task.completed());
    const job = await queuedJob(t.db, digestKey(ben.id));
    const at = DateTime.fromJSDate(job?.run_at as Date, { zone: 'Asia/Tokyo' });
    expect([at.hour, at.minute]).toEqual([9, 0]);
    expect(at.diffNow().as('hours')).toBeLessThanOrEqual(24);

    await comesDue(t.db, digestKey(ben.id));
    await allSettled();
    const [digest, ...others] = t.mailsTo(ben.email);
    expect(others).toEqual([]);
    expect(digest?.subject).toBe('Your Baton digest: 3 updates');
    const text = digest?.text ?? '';
    const order = ['First draft is up', 'moved “Quarterly report” to 60%: “Tables done”', 'Ana completed'];
    expect(order.map((words) => text.indexOf(words))).toEqual(
      [...order.map((words) => text.indexOf(words))].sort((a, b) => a - b),
    );
    for (const words of order) expect(text).toContain(words);
    expect(text).toContain('every day at 09:00 (Asia/Tokyo time)');
    expect(digest?.headers['list-unsubscribe']).toMatch(/\/api\/unsubscribe\/[\w-]{43}\/>$/);
    expect((await digestItemsOf(ben)).every((item) => item.sent_at !== null)).toBe(true);
    expect(await queuedJob(t.db, digestKey(ben.id))).toBeUndefined();

    // What comes later waits for the next one, alone.
    await t.handled(task.comment('Sent to the board'));
    await comesDue(t.db, digestKey(ben.id));
    await allSettled();
    const [, next] = t.mailsTo(ben.email);
    expect(next?.subject).toBe('Your Baton digest: 1 update');
    expect(next?.text).toContain('Sent to the board');
    expect(next?.text).not.toContain('Tables done');
  });

  it('that comes due with nothing waiting sends nothing', async () => {
    const ben = await t.person();
    await t.service.deps.write((trx) =>
      scheduleJob(trx, {
        job: 'digest',
        key: digestKey(ben.id),
        runAt: new Date(),
        payload: { userId: ben.id },
      }),
    );
    await allSettled();
    expect(await queuedJob(t.db, digestKey(ben.id))).toBeUndefined();
    expect(t.mailsTo(ben.email)).toEqual([]);
  });

  it('moves when its timing changes; off, it is cancelled and collects nothing; on again, what waits goes', async () => {
    const [ana, ben] = await pair();
    const task = taskEvents(ana, ben);
    await t.handled(task.comment('One'));
    const hourOf = async () =>
      DateTime.fromJSDate((await queuedJob(t.db, digestKey(ben.id)))?.run_at as Date, {
        zone: 'America/New_York',
      }).hour;
    await choose(ben, { timezone: 'America/New_York', digest: { hour: 17 } });
    expect(await hourOf()).toBe(17);

    await choose(ben, { digest: { frequency: 'off' } });
    expect(await queuedJob(t.db, digestKey(ben.id))).toBeUndefined();
    await t.handled(task.comment('Two'));
    expect(await digestItemsOf(ben)).toHaveLength(1);
    expect(await queuedJob(t.db, digestKey(ben.id))).toBeUndefined();

    await choose(ben, { digest: { frequency: 'weekly', weekday: 3 } });
    const job = DateTime.fromJSDate((await queuedJob(t.db, digestKey(ben.id)))?.run_at as Date, {
      zone: 'America/New_York',
    });
    expect([job.weekday, job.hour]).toEqual([3, 17]);
  });
});

it("a deleted account's preferences, waiting digest and unsubscribe links go with it", async () => {
  const [ana, ben] = await pair();
  await choose(ben, { timezone: 'Europe/Berlin', events: { progress: { email: 'immediate' } } });
  const task = taskEvents(ana, ben);
  await t.handled(task.comment('Waits for the digest'));
  await t.handled(task.progress(20));
  await allSettled();
  const rowsOf = async () => ({
    preferences: await t.db
      .selectFrom('preferences')
      .select('user_id')
      .where('user_id', '=', ben.id)
      .execute(),
    items: await digestItemsOf(ben),
    tokens: await t.db
      .selectFrom('unsubscribe_tokens')
      .select('token')
      .where('user_id', '=', ben.id)
      .execute(),
    digest: await queuedJob(t.db, digestKey(ben.id)),
  });
  const before = await rowsOf();
  expect([before.preferences, before.items, before.tokens].map((rows) => rows.length)).toEqual([1, 1, 1]);
  expect(before.digest).toBeDefined();

  expect((await t.identity.post(routes.deleteAccount.path, accountDeletion(ben), ben.access)).status).toBe(
    200,
  );
  await eventually(async () => (await rowsOf()).preferences.length === 0);
  expect(await rowsOf()).toEqual({ preferences: [], items: [], tokens: [], digest: undefined });
});
