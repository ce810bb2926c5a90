import { createLogger, NatsBus } from '@baton/service-kit';
import { eventually } from '@baton/tasks/testing';
import { type SignedUpUser, startPrivateNats } from '@baton/test-kit';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { digestKey, sendDigest } from '../delivery/digest.service';
import { preferencesOf } from '../routes/preferences/preferences.service';
import {
  comesDue,
  queuedJob,
  settled,
  startTestNotifications,
  type TestNotifications,
  taskEvents,
} from '../testing';

/**
 * A digest is sent exactly once, whatever happens between collecting and sending: a restart of the service,
 * several replicas running its job queue (on a private nats-server, where replicas share a durable consumer),
 * a test digest at the same moment as the scheduled one.
 */
let nats: Awaited<ReturnType<typeof startPrivateNats>>;
let bus: NatsBus;
let t: TestNotifications;
let ana: SignedUpUser;
beforeAll(async () => {
  nats = await startPrivateNats('notifications-digest');
  bus = await NatsBus.connect({ url: nats.url, name: 'digest-test', logger: createLogger({ name: 'test' }) });
  t = await startTestNotifications({ bus, config: { SCHEDULER_POLL_MS: 100 } });
  ana = await t.person({ firstname: 'Ana' });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await bus?.close().catch(() => undefined);
  await nats?.stop();
});

const digestsTo = (user: SignedUpUser) =>
  t.mailsTo(user.email).filter((mail) => mail.subject.startsWith('Your Baton digest'));

it('a test digest and the scheduled one at the same moment: each item goes once', async () => {
  const ben = await t.person();
  const task = taskEvents(ana, ben);
  for (const words of ['One', 'Two', 'Three']) await t.handled(task.comment(words));
  const { deps } = t.service;
  const send = (evenIfEmpty: boolean) =>
    deps.write(async (trx) =>
      sendDigest(trx, deps.config, ben.id, await preferencesOf(trx, ben.id), { evenIfEmpty }),
    );
  await Promise.all([send(false), send(true)]);
  await eventually(() => settled(t.db));
  const subjects = digestsTo(ben).map((mail) => mail.subject);
  // Whichever took the items first sent them; the test digest, second, had nothing new.
  expect(subjects.sort()).toEqual(
    subjects.length === 1
      ? ['Your Baton digest: 3 updates']
      : ['Your Baton digest: 3 updates', 'Your Baton digest: nothing new'],
  );
});

// Last: it stops the service the others use.
it('collected before a restart, sent once after it, with two replicas running the queue', async () => {
  const ben = await t.person();
  const task = taskEvents(ana, ben);
  for (const words of ['First draft is up', 'Numbers checked', 'Sent to the board'])
    await t.handled(task.comment(words));
  expect(await queuedJob(t.db, digestKey(ben.id))).toBeDefined();

  // The service stops after collecting, before the digest's moment; two replicas start on its database.
  await t.service.close();
  const replicas: Awaited<ReturnType<typeof t.startService>>[] = [];
  try {
    for (let n = 0; n < 2; n++) replicas.push(await t.startService());
    const { db } = (replicas[0] as (typeof replicas)[number]).deps;
    await comesDue(db, digestKey(ben.id));
    await eventually(async () => (await settled(db)) && digestsTo(ben).length > 0);
    expect(await queuedJob(db, digestKey(ben.id))).toBeUndefined();
    const [digest, ...more] = digestsTo(ben);
    expect(more).toEqual([]);
    expect(digest?.subject).toBe('Your Baton digest: 3 updates');
    for (const words of ['First draft is up', 'Numbers checked', 'Sent to the board'])
      expect(digest?.text).toContain(words);
    const waiting = await db
      .selectFrom('digest_items')
      .select('id')
      .where('user_id', '=', ben.id)
      .where('sent_at', 'is', null)
      .execute();
    expect(waiting).toEqual([]);
  } finally {
    for (const replica of replicas) await replica.close();
  }
});
