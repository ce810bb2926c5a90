import { randomUUID } from 'node:crypto';
import { type EventEnvelope, notificationEvents, routes } from '@baton/contracts';
import { eventually } from '@baton/tasks/testing';
import type { SignedUpUser } from '@baton/test-kit';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LocalPushService } from '../push/testing';
import {
  comesDue,
  settled,
  startNotificationsWithPush,
  type TestNotifications,
  taskEvents,
} from '../testing';
import { deliver } from './delivery.service';
import { digestKey } from './digest.service';

/**
 * The figure: what a busy day (50 events for one person) produces, with the default preferences and
 * with every event's e-mail in the digest. Pinned here, so a change of the defaults shows in this test.
 */
let t: TestNotifications;
let pushService: LocalPushService;
let stop: (() => Promise<void>) | undefined;
beforeAll(async () => {
  ({ t, pushService, close: stop } = await startNotificationsWithPush());
}, 60_000);
afterAll(() => stop?.());

/** A due-date reminder of one of `person`'s tasks, as the reminder job delivers it. */
const reminderOf = (person: SignedUpUser, n: number) => () =>
  t.service.deps.write((trx) =>
    deliver(
      trx,
      {
        eventId: randomUUID(),
        event: 'due_soon',
        drafts: [
          {
            userId: person.id,
            type: 'info',
            title: 'Due soon',
            message: `“Invoice ${n}” is due tomorrow.`,
            taskId: randomUUID(),
            action: null,
          },
        ],
      },
      t.service.deps.config,
    ),
  );

/**
 * `person`'s day, 50 events in all, interleaved: 5 assignments (3 waiting for Accept, 2 from a trusted
 * sender), 20 comments on 4 tasks, 10 progress notes and 5 completions on tasks they delegated, 5 of their
 * delegations accepted, 5 due-date reminders.
 */
function busyDay(person: SignedUpUser, colleague: SignedUpUser) {
  const to = (taskId?: string) => taskEvents(colleague, person, taskId);
  const discussed = [to(), to(), to(), to()];
  const delegated = [to(), to()];
  const happenings: Array<EventEnvelope | (() => Promise<void>)> = [];
  for (let n = 0; n < 5; n++) {
    happenings.push(to().assigned({ accepted: n >= 3 }));
    for (const task of discussed) happenings.push(task.comment(`Comment ${n} on ${task.taskId}`));
    for (const task of delegated) happenings.push(task.progress(10 * (n + 1), `Step ${n}`));
    happenings.push(to().completed(), to().accepted(), reminderOf(person, n));
  }
  expect(happenings).toHaveLength(50);
  return happenings;
}

async function measure(person: SignedUpUser, colleague: SignedUpUser) {
  const device = pushService.newDevice();
  await t.notificationsCall('POST', routes.subscribePush.path, person.access, device.subscription);
  for (const happening of busyDay(person, colleague))
    await (typeof happening === 'function' ? happening() : t.handled(happening));
  await eventually(() => settled(t.db));
  const immediate = t.mailsTo(person.email).length;
  // The evening: the digest's moment comes.
  await comesDue(t.db, digestKey(person.id));
  await eventually(() => settled(t.db));
  const mails = t.mailsTo(person.email);
  const digest = mails.find((mail) => mail.subject.startsWith('Your Baton digest'));
  const pushes = device.pushes().map((push) => device.read(push));
  return {
    bell: (await t.storedFor(person.id)).length,
    immediateMails: immediate,
    digestMails: mails.length - immediate,
    digestSubject: digest?.subject ?? null,
    pushes: pushes.length,
    pushTags: new Set(pushes.map((push) => push.tag)).size,
  };
}

it('a busy day: 50 events, with the defaults and with every e-mail in the digest', async () => {
  const ana = await t.person({ firstname: 'Ana' });
  const [ben, cleo] = [await t.person({ firstname: 'Ben' }), await t.person({ firstname: 'Cleo' })];
  const allDigest = Object.fromEntries(notificationEvents.map((event) => [event, { email: 'digest' }]));
  const res = await t.notificationsCall('PUT', routes.updateNotificationPreferences.path, cleo.access, {
    events: allDigest,
  });
  expect(res.status).toBe(200);

  const defaults = await measure(ben, ana);
  const digests = await measure(cleo, ana);
  console.info('busy day (50 events)', { defaults, digests });

  // The bell: one per event, but a task's 5 unread comments are one (20 comments on 4 tasks: 4).
  expect(defaults.bell).toBe(34);
  // Mails now: the 5 reminders (the 3 untrusted assignments came with tasks' accept link, the 2 trusted ones
  // send none: SPEC §1); the rest (20 comments, 10 progress notes, 5 completions, 5 acceptances) in one digest.
  expect(defaults).toMatchObject({
    immediateMails: 5,
    digestMails: 1,
    digestSubject: 'Your Baton digest: 40 updates',
  });
  expect(digests).toMatchObject({
    bell: 34,
    immediateMails: 0,
    digestMails: 1,
    digestSubject: 'Your Baton digest: 47 updates',
  });
  // Pushes: assignments, comments and reminders (30); a queued push is replaced by a later one of its tag.
  for (const run of [defaults, digests]) {
    expect(run.pushes).toBeLessThanOrEqual(30);
    expect(run.pushes).toBeGreaterThanOrEqual(run.pushTags);
    expect(run.pushTags).toBe(14);
  }
});
