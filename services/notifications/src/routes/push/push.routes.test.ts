import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { preferenceMessages } from '@baton/contracts/constants';
import { hostileBodies } from '@baton/service-kit/testing';
import { eventually } from '@baton/tasks/testing';
import { readJson, type SignedUpUser } from '@baton/test-kit';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventOf, startTestNotifications, type TestNotifications } from '../../testing';
import { pushDevicesMax } from './push.service';

const testOrigin = 'http://127.0.0.1:9';
let t: TestNotifications;
beforeAll(async () => {
  t = await startTestNotifications({ config: { PUSH_TEST_ORIGINS: [testOrigin] } });
});
afterAll(() => t.close());

/** Keys as a browser makes them: a P-256 public point and a 16-byte auth secret, base64url. */
const browserKeys = () => ({
  p256dh: createECDH('prime256v1').generateKeys('base64url'),
  auth: randomBytes(16).toString('base64url'),
});
const subscriptionAt = (endpoint: string) => ({ endpoint, expirationTime: null, keys: browserKeys() });
const fcm = () => `https://fcm.googleapis.com/fcm/send/${randomUUID()}`;

const subscribe = (user: SignedUpUser, body: unknown) =>
  t.notificationsCall('POST', '/api/settings/push/subscriptions/', user.access, body);
const unsubscribe = (user: SignedUpUser, endpoint: string) =>
  t.notificationsCall('POST', '/api/settings/push/subscriptions/remove/', user.access, { endpoint });
const devicesOf = async (userId: string) =>
  (
    await t.db
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute()
  ).map((row) => row.endpoint);

describe('GET /api/settings/push/key/', () => {
  it("answers the server's VAPID public key, a P-256 point, the same every time", async () => {
    const ana = await t.person();
    const res = await t.notificationsCall('GET', '/api/settings/push/key/', ana.access);
    expect(res.status).toBe(200);
    const { publicKey } = await readJson(res);
    const point = Buffer.from(publicKey, 'base64url');
    expect(point).toHaveLength(65);
    expect(point[0]).toBe(4);
    const again = await readJson(t.notificationsCall('GET', '/api/settings/push/key/', ana.access));
    expect(again).toEqual({ publicKey });
  });

  it('needs a valid access token', async () => {
    expect((await t.notificationsCall('GET', '/api/settings/push/key/')).status).toBe(401);
    expect((await t.notificationsCall('GET', '/api/settings/push/key/', 'not-a-token')).status).toBe(401);
  });
});

describe('POST /api/settings/push/subscriptions/', () => {
  it("keeps the device of each browser's push service", async () => {
    const ana = await t.person();
    const endpoints = [
      fcm(),
      `https://updates.push.services.mozilla.com/wpush/v2/${randomUUID()}`,
      `https://web.push.apple.com/${randomUUID()}`,
      `https://wns2-by3p.notify.windows.com/w/?token=${randomUUID()}`,
      `${testOrigin}/push/${randomUUID()}`,
    ];
    for (const endpoint of endpoints) {
      const res = await subscribe(ana, subscriptionAt(endpoint));
      expect(res.status, endpoint).toBe(201);
      expect(await readJson(res)).toEqual({ message: preferenceMessages.pushOn });
    }
    expect((await devicesOf(ana.id)).sort()).toEqual([...endpoints].sort());
  });

  it('refuses an endpoint that is not a push service (the server would call it: SSRF) and keys that cannot encrypt', async () => {
    const ana = await t.person();
    const keys = browserKeys();
    const bad = [
      // Not a push service, or one pretending to be.
      { endpoint: 'http://127.0.0.1:5432/', keys },
      { endpoint: 'https://169.254.169.254/latest/meta-data/', keys },
      { endpoint: 'http://fcm.googleapis.com/fcm/send/x', keys },
      { endpoint: 'https://fcm.googleapis.com:8443/fcm/send/x', keys },
      { endpoint: 'https://fcm.googleapis.com.evil.example/fcm/send/x', keys },
      { endpoint: 'https://evil.example/push.apple.com', keys },
      { endpoint: 'https://pushservicesmozilla.com/x', keys },
      { endpoint: 'https://user:secret@fcm.googleapis.com/fcm/send/x', keys },
      { endpoint: 'http://127.0.0.1:10/push/x', keys },
      { endpoint: 'not a url', keys },
      // Keys no browser makes: not a point of the curve, the wrong length, not base64url.
      { endpoint: fcm(), keys: { ...keys, p256dh: Buffer.alloc(65, 4).toString('base64url') } },
      { endpoint: fcm(), keys: { ...keys, p256dh: keys.p256dh.slice(0, 40) } },
      { endpoint: fcm(), keys: { ...keys, auth: randomBytes(8).toString('base64url') } },
      { endpoint: fcm(), keys: { ...keys, auth: `${keys.auth}+/` } },
      { endpoint: fcm(), keys: { p256dh: keys.p256dh } },
      { endpoint: fcm() },
      {},
    ];
    for (const body of bad) {
      const res = await subscribe(ana, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await readJson(res)).message, JSON.stringify(body)).toBe(
        preferenceMessages.badPushSubscription,
      );
    }
    for (const hostile of hostileBodies(subscriptionAt(fcm()))) {
      const res = await t.service.app.request('/api/settings/push/subscriptions/', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${ana.access}` },
        body: hostile.body,
      });
      expect(res.status, hostile.name).toBe(400);
      expect((await readJson(res)).error).toBe(hostile.message);
    }
    expect(await devicesOf(ana.id)).toEqual([]);
  });

  it('moves a device to whoever subscribes it next (the same browser, signed in by someone else)', async () => {
    const [ana, ben] = [await t.person(), await t.person()];
    const endpoint = fcm();
    expect((await subscribe(ana, subscriptionAt(endpoint))).status).toBe(201);
    const bens = subscriptionAt(endpoint);
    expect((await subscribe(ben, bens)).status).toBe(201);
    expect(await devicesOf(ana.id)).toEqual([]);
    const row = await t.db
      .selectFrom('push_subscriptions')
      .selectAll()
      .where('endpoint', '=', endpoint)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: ben.id, ...bens.keys });
  });

  it(`keeps a person's newest ${pushDevicesMax} devices`, async () => {
    const ana = await t.person();
    const endpoints = Array.from({ length: pushDevicesMax + 2 }, fcm);
    for (const [i, endpoint] of endpoints.entries()) {
      expect((await subscribe(ana, subscriptionAt(endpoint))).status).toBe(201);
      // Each one older than the next, as if made on another day.
      await t.db
        .updateTable('push_subscriptions')
        .set({ created_at: sql`now() - make_interval(days => ${endpoints.length - i})` })
        .where('endpoint', '=', endpoint)
        .execute();
    }
    expect(await devicesOf(ana.id)).toEqual(endpoints.slice(2));
  });

  it('needs a valid access token', async () => {
    const res = await t.notificationsCall(
      'POST',
      '/api/settings/push/subscriptions/',
      undefined,
      subscriptionAt(fcm()),
    );
    expect(res.status).toBe(401);
  });
});

describe('POST /api/settings/push/subscriptions/remove/', () => {
  it("turns off the caller's own device only; someone else's gets the same answer and stays", async () => {
    const [ana, ben] = [await t.person(), await t.person()];
    const [anas, bens] = [fcm(), fcm()];
    await subscribe(ana, subscriptionAt(anas));
    await subscribe(ben, subscriptionAt(bens));

    const other = await unsubscribe(ana, bens);
    expect(other.status).toBe(200);
    expect(await readJson(other)).toEqual({ message: preferenceMessages.pushOff });
    expect(await devicesOf(ben.id)).toEqual([bens]);

    const own = await unsubscribe(ana, anas);
    expect(await readJson(own)).toEqual({ message: preferenceMessages.pushOff });
    expect(await devicesOf(ana.id)).toEqual([]);
    // Again: already off.
    expect((await unsubscribe(ana, anas)).status).toBe(200);
  });

  it('refuses a body without an endpoint', async () => {
    const ana = await t.person();
    for (const body of [{}, { endpoint: 42 }, { endpoint: 'x'.repeat(3000) }]) {
      const res = await t.notificationsCall(
        'POST',
        '/api/settings/push/subscriptions/remove/',
        ana.access,
        body,
      );
      expect(res.status).toBe(400);
      expect((await readJson(res)).message).toBe(preferenceMessages.badPushSubscription);
    }
  });

  it('needs a valid access token', async () => {
    const res = await t.notificationsCall('POST', '/api/settings/push/subscriptions/remove/', undefined, {
      endpoint: fcm(),
    });
    expect(res.status).toBe(401);
  });
});

describe('account deletion', () => {
  it("forgets the person's devices", async () => {
    const ana = await t.person();
    await subscribe(ana, subscriptionAt(fcm()));
    const deleted = eventOf('identity.user.deleted', {
      actorId: ana.id,
      audience: [ana.id],
      data: { userId: ana.id, email: ana.email },
    });
    await t.bus.publish(deleted.type, deleted, { msgId: deleted.id });
    await eventually(async () => (await devicesOf(ana.id)).length === 0);
  });
});
