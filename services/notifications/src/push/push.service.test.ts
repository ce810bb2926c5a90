import { createLogger, openDatabase } from '@baton/service-kit';
import { eventually } from '@baton/tasks/testing';
import {
  databaseServerUrl,
  dropDatabase,
  readJson,
  type SignedUpUser,
  uniqueDatabaseName,
} from '@baton/test-kit';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../db/migrations';
import type { NotificationsTables } from '../db/schema';
import { saveSubscription } from '../routes/push/push.repository';
import { startTestNotifications, type TestNotifications } from '../testing';
import { forgetSubscription } from './push.repository';
import {
  type PushNotification,
  pushPayload,
  pushPayloadMaxBytes,
  pushTtlSeconds,
  queuePushes,
} from './push.service';
import { type LocalPushService, startLocalPushService, type TestPushDevice, vapidClaims } from './testing';
import { vapidKeys } from './vapid.service';

let pushService: LocalPushService;
let t: TestNotifications;
beforeAll(async () => {
  pushService = await startLocalPushService();
  t = await startTestNotifications({
    config: { PUSH_TEST_ORIGINS: [pushService.origin], VAPID_SUBJECT: 'mailto:ops@baton.example' },
  });
});
afterAll(async () => {
  await t.close();
  await pushService.close();
});

const note = (overrides: Partial<PushNotification> = {}): PushNotification => ({
  title: 'Task assigned',
  body: 'Ana assigned you “Quarterly report”.',
  url: 'http://localhost:8080/home/tasks/7',
  tag: 'task:7',
  ...overrides,
});

/** A person with push on for a new device of the local push service (through the route, as the browser does). */
async function withDevice(person?: SignedUpUser) {
  const user = person ?? (await t.person());
  const device = pushService.newDevice();
  const res = await t.notificationsCall(
    'POST',
    '/api/settings/push/subscriptions/',
    user.access,
    device.subscription,
  );
  expect(res.status).toBe(201);
  return { user, device };
}

const push = (userId: string, notification: PushNotification) =>
  t.service.deps.write((trx) => queuePushes(trx, userId, notification));

/** Jobs still in the queue (waiting, running, or failed and waiting to be tried again). */
const queuedJobs = async () =>
  Number(
    (await sql<{ n: string }>`select count(*) as n from graphile_worker._private_jobs`.execute(t.db)).rows[0]
      ?.n,
  );

const stored = (device: TestPushDevice) =>
  t.db
    .selectFrom('push_subscriptions')
    .selectAll()
    .where('endpoint', '=', device.subscription.endpoint)
    .executeTakeFirst();

describe('queuePushes and the push job', () => {
  it('sends each device of the person the notification, encrypted for it and signed with the VAPID key', async () => {
    const { user, device } = await withDevice();
    const { device: second } = await withDevice(user);
    const { device: someoneElse } = await withDevice();
    await push(user.id, note());

    const [received] = await eventually(async () =>
      device.pushes().length > 0 ? device.pushes() : undefined,
    );
    if (!received) throw new Error('no push');
    expect(device.read(received)).toEqual(note());
    await eventually(async () => second.pushes().length === 1);
    expect(second.read(second.pushes()[0] as never)).toEqual(note());
    expect(someoneElse.pushes()).toEqual([]);

    // RFC 8291/8030: the body is aes128gcm; the push service keeps it a day for an offline device.
    expect(received.headers['content-encoding']).toBe('aes128gcm');
    expect(received.headers.ttl).toBe(String(pushTtlSeconds));
    expect(received.headers.urgency).toBe('normal');
    // RFC 8292: signed with the key the browser subscribed with, for this push service, naming who to contact.
    const { publicKey } = await readJson(t.notificationsCall('GET', '/api/settings/push/key/', user.access));
    const { header, claims } = vapidClaims(received, publicKey);
    expect(header).toEqual({ typ: 'JWT', alg: 'ES256' });
    expect(claims.aud).toBe(pushService.origin);
    expect(claims.sub).toBe('mailto:ops@baton.example');
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    expect(claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600_000);
    // Another server's key would not verify.
    expect(() => vapidClaims(received, pushService.newDevice().subscription.keys.p256dh)).toThrow();

    await eventually(async () => (await stored(device))?.last_success_at instanceof Date);
  });

  it('forgets a device its push service says is gone (410, 404), without failing the job', async () => {
    for (const status of [410, 404]) {
      const { user, device } = await withDevice();
      device.answerWith(status);
      await push(user.id, note());
      await eventually(async () => (await stored(device)) === undefined);
      expect(device.pushes()).toHaveLength(1);
    }
    // Done with, not waiting to be tried again.
    await eventually(async () => (await queuedJobs()) === 0);
  });

  it('tries again when the push service fails (5xx), and then succeeds', async () => {
    const { user, device } = await withDevice();
    device.answerWith(503);
    await push(user.id, note());
    await eventually(async () => device.pushes().length === 1);
    device.answerWith(201);
    // graphile-worker waits e^1 ≈ 2.7 s before the second attempt.
    await eventually(async () => (await stored(device))?.last_success_at instanceof Date, 15_000);
    expect(device.pushes()).toHaveLength(2);
    expect(device.read(device.pushes()[1] as never)).toEqual(note());
  });

  it('sends nothing to a device turned off, or moved to someone else, after the push was queued', async () => {
    const { user, device } = await withDevice();
    const { device: moved } = await withDevice(user);
    const ben = await t.person();
    await t.service.deps.write(async (trx) => {
      await queuePushes(trx, user.id, note({ tag: 'first' }));
      // Before the jobs run: one device turned off, the other signed in on by Ben.
      await forgetSubscription(trx, device.subscription.endpoint);
      await saveSubscription(trx, {
        endpoint: moved.subscription.endpoint,
        user_id: ben.id,
        ...moved.subscription.keys,
      });
    });
    await push(ben.id, note({ tag: 'second' }));
    await eventually(async () => (await queuedJobs()) === 0);
    expect(moved.pushes().map((p) => moved.read(p).tag)).toEqual(['second']);
    expect(device.pushes()).toEqual([]);
  });

  it('queues nothing for a person without devices, and nothing when the change rolls back', async () => {
    const ana = await t.person();
    await push(ana.id, note());
    expect(await queuedJobs()).toBe(0);
    const { user, device } = await withDevice();
    await expect(
      t.service.deps.write(async (trx) => {
        await queuePushes(trx, user.id, note({ tag: 'rolled-back' }));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await push(user.id, note({ tag: 'after' }));
    await eventually(async () => (await queuedJobs()) === 0);
    expect(device.pushes().map((p) => device.read(p).tag)).toEqual(['after']);
  });
});

describe('the payload', () => {
  it('stays within what every push service takes, clipping title and body', () => {
    const long = note({ title: 'T'.repeat(500), body: '𝄞'.repeat(2000) });
    const payload = JSON.parse(pushPayload(long));
    expect(Buffer.byteLength(pushPayload(long))).toBeLessThanOrEqual(pushPayloadMaxBytes);
    expect(payload.title).toBe(`${'T'.repeat(119)}…`);
    expect(payload.body).toBe(`${'𝄞'.repeat(399)}…`);
    expect(payload).toMatchObject({ url: long.url, tag: long.tag });
    expect(JSON.parse(pushPayload(note()))).toEqual(note());
    // Beyond that, the title alone, and the workspace for a link too long to carry.
    const huge = note({ title: '𝄞'.repeat(500), body: '𝄞'.repeat(2000), url: `/home/${'x'.repeat(3000)}` });
    expect(Buffer.byteLength(pushPayload(huge))).toBeLessThanOrEqual(pushPayloadMaxBytes);
    expect(JSON.parse(pushPayload(huge))).toEqual({
      title: `${'𝄞'.repeat(119)}…`,
      body: '',
      url: '/home',
      tag: huge.tag,
    });
  });
});

describe('VAPID keys', () => {
  it('are made once: replicas starting together on a new database agree on one pair, kept across restarts', async () => {
    const database = uniqueDatabaseName('notifications');
    const open = () =>
      openDatabase<NotificationsTables>({
        url: databaseServerUrl(),
        database,
        migrations,
        logger: createLogger({ name: 'test' }),
      });
    const [first, second] = [await open(), await open()];
    try {
      const [a, b] = await Promise.all([vapidKeys(first), vapidKeys(second)]);
      expect(a).toEqual(b);
      await second.destroy();
      const restarted = await open();
      expect(await vapidKeys(restarted)).toEqual(a);
      await restarted.destroy();
    } finally {
      await first.destroy();
      await dropDatabase(database);
    }
  });
});
