import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect as connectTcp, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pushSubject } from '@baton/contracts';
import { NatsServerProcess } from '@baton/local-infra';
import { createMailer } from '@baton/mailer';
import { databaseServerUrl, dropDatabase, freePort, uniqueDatabaseName, uniqueName } from '@baton/test-kit';
import { AckPolicy, DeliverPolicy, jetstreamManager } from '@nats-io/jetstream';
import { connect as connectNats } from '@nats-io/transport-node';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EventBus } from './bus';
import { countDeadLetters, startDurableConsumer } from './consumer';
import { type Database, openDatabase } from './db';
import { createLogger } from './logger';
import { InProcessBus } from './memory-bus';
import { NatsBus } from './nats-bus';
import { enqueueEvent, enqueueMail, enqueuePush, OutboxRelay } from './outbox';
import { RevocationList } from './revocations';
import { onEach } from './testing';

const logger = createLogger({ name: 'kit-test' });
let db: Database<object>;
let database: string;
let nats: NatsServerProcess;
let natsDir: string;

beforeAll(async () => {
  database = uniqueDatabaseName('kit');
  db = await openDatabase({ url: databaseServerUrl(), database, migrations: {}, logger });
  natsDir = await mkdtemp(join(tmpdir(), 'baton-kit-nats-'));
  nats = await new NatsServerProcess(await freePort(), natsDir).start();
});
afterAll(async () => {
  await db.destroy();
  await dropDatabase(database);
  await nats.stop();
  await rm(natsDir, { recursive: true, force: true });
});

/** Runs `work` on a fresh migrated database of its own, dropped afterwards. */
async function withOwnDatabase(work: (own: Database<object>) => Promise<void>) {
  const name = uniqueDatabaseName('kit_own');
  const own = await openDatabase({ url: databaseServerUrl(), database: name, migrations: {}, logger });
  try {
    await work(own);
  } finally {
    await own.destroy();
    await dropDatabase(name);
  }
}

/**
 * The test Postgres behind a TCP relay that can be cut (every connection dropped, new ones refused, as when
 * the server goes away) and restored on the same address.
 */
async function databaseBehindSwitch() {
  const target = new URL(databaseServerUrl());
  const sockets = new Set<Socket>();
  const relay = createServer((client) => {
    const server = connectTcp(Number(target.port || 5432), target.hostname);
    for (const socket of [client, server]) {
      sockets.add(socket);
      socket.on('error', () => socket.destroy());
      socket.on('close', () => sockets.delete(socket));
    }
    client.pipe(server).pipe(client);
  });
  const port = await freePort();
  const listen = () => new Promise<void>((resolve) => relay.listen(port, '127.0.0.1', resolve));
  await listen();
  const url = new URL(databaseServerUrl());
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    cut() {
      relay.close();
      for (const socket of sockets) socket.destroy();
    },
    restore: () => (relay.listening ? Promise.resolve() : listen()),
    close: () => new Promise<void>((resolve) => relay.close(() => resolve())),
  };
}

/** The ids of the rows in a database's outbox. */
const outboxIds = async (own: Database<object>) =>
  (await own.selectFrom('kit_outbox').select('id').orderBy('id').execute()).map((row) => row.id);

/** A plain durable consumer that records the ids of the envelopes it receives. */
async function recordIds(bus: EventBus, durable: string, subject: string) {
  const seen: string[] = [];
  const sub = await bus.consume(
    { durable: uniqueName(durable), stream: 'IDENTITY', subjects: [subject], maxDeliver: 3 },
    async (d) => {
      seen.push((d.data as { id: string }).id);
      d.ack();
    },
  );
  return { seen, sub };
}

const envelope = (id = randomUUID()) => ({
  id,
  type: 'identity.user.deleted',
  occurredAt: new Date().toISOString(),
  actorId: null,
  audience: [],
  data: { userId: randomUUID(), email: 'gone@example.com' },
});

describe.each([
  ['NATS JetStream', () => NatsBus.connect({ url: nats.url, name: 'kit-test', logger })],
  ['the in-process bus', async () => new InProcessBus()],
])('on %s', (_name, connect) => {
  let bus: EventBus;
  beforeAll(async () => {
    bus = await connect();
  });
  afterAll(() => bus.close());

  it('stores one message per Nats-Msg-Id', async () => {
    const { seen, sub } = await recordIds(bus, 'dedupe', 'identity.user.deleted');
    const event = envelope();
    await bus.publish('identity.user.deleted', event, { msgId: event.id });
    await bus.publish('identity.user.deleted', event, { msgId: event.id });
    // A later message arrives after both: once it is seen, a stored second copy would have been seen too.
    const later = envelope();
    await bus.publish('identity.user.deleted', later, { msgId: later.id });
    await expect.poll(() => seen.includes(later.id)).toBe(true);
    expect(seen.filter((id) => id === event.id)).toHaveLength(1);
    await sub.stop();
  });

  it('the durable consumer runs an event id once even when it arrives twice', async () => {
    const handled: string[] = [];
    const durable = uniqueName('idempotent');
    const sub = await startDurableConsumer({
      bus,
      db,
      logger,
      spec: { durable, stream: 'IDENTITY' },
      handlers: onEach(['identity.user.deleted'], async (event) => {
        handled.push(event.id);
      }),
    });
    const event = envelope();
    // Two different message ids, one event id: a republish after a crash looks like this.
    await bus.publish('identity.user.deleted', event, { msgId: randomUUID() });
    await bus.publish('identity.user.deleted', event, { msgId: randomUUID() });
    // Handled in order: once a later event is handled, the second copy has been through the consumer too.
    const later = envelope();
    await bus.publish('identity.user.deleted', later, { msgId: later.id });
    await expect.poll(() => handled.includes(later.id)).toBe(true);
    expect(handled.filter((id) => id === event.id)).toHaveLength(1);
    const rows = await db
      .selectFrom('kit_processed_events')
      .selectAll()
      .where('consumer', '=', durable)
      .execute();
    expect(rows.map((r) => r.event_id)).toContain(event.id);
    await sub.stop();
  });

  it('a failing handler is retried at most maxDeliver times, and its writes are rolled back', async () => {
    let attempts = 0;
    const durable = uniqueName('failing');
    // Redelivered 50 ms after each failure (400 ms doubling by default), so a fourth attempt would come soon.
    const retryMs = 50;
    const sub = await startDurableConsumer({
      bus,
      db,
      logger,
      redeliveryDelayMs: () => retryMs,
      spec: { durable, stream: 'IDENTITY', maxDeliver: 3 },
      handlers: onEach(['identity.user.deleted'], async (event) => {
        if (event.data && (event.data as { email: string }).email !== 'poison@example.com') return;
        attempts += 1;
        throw new Error('always fails');
      }),
    });
    const event = { ...envelope(), data: { userId: randomUUID(), email: 'poison@example.com' } };
    await bus.publish('identity.user.deleted', event, { msgId: event.id });
    await expect.poll(() => attempts, { timeout: 15_000 }).toBe(3);
    await new Promise((r) => setTimeout(r, 10 * retryMs));
    expect(attempts).toBe(3);
    const processed = await db
      .selectFrom('kit_processed_events')
      .selectAll()
      .where('event_id', '=', event.id)
      .execute();
    expect(processed).toHaveLength(0);
    await sub.stop();
  });

  it('keeps an event it gave up on as a dead letter, counted, and replays it once when an operator asks', async () => {
    let broken = true;
    const applied: string[] = [];
    const durable = uniqueName('dead');
    const sub = await startDurableConsumer({
      bus,
      db,
      logger,
      replayPollMs: 100,
      redeliveryDelayMs: () => 50,
      spec: { durable, stream: 'IDENTITY', maxDeliver: 2 },
      handlers: onEach(['identity.user.deleted'], async (event) => {
        if ((event.data as { email: string }).email !== 'later@example.com') return;
        if (broken) throw new Error('the projection table is missing');
        applied.push(event.id);
      }),
    });
    const letters = () =>
      db.selectFrom('kit_dead_letters').selectAll().where('consumer', '=', durable).execute();
    const event = { ...envelope(), data: { userId: randomUUID(), email: 'later@example.com' } };
    await bus.publish('identity.user.deleted', event, { msgId: event.id });
    await expect.poll(async () => (await letters()).length, { timeout: 15_000 }).toBe(1);
    const [letter] = await letters();
    expect(letter).toMatchObject({
      event_id: event.id,
      subject: 'identity.user.deleted',
      error: 'the projection table is missing',
      attempts: 2,
      replayed_at: null,
    });
    expect(await countDeadLetters(db)).toBeGreaterThanOrEqual(1);
    // The cause is fixed; the operator asks for a replay (what `npm run dead-letters -- <service> replay` does).
    broken = false;
    await db
      .updateTable('kit_dead_letters')
      .set({ replay_requested_at: new Date() })
      .where('consumer', '=', durable)
      .execute();
    await expect.poll(() => applied, { timeout: 5_000 }).toEqual([event.id]);
    await expect.poll(async () => (await letters())[0]?.replayed_at).not.toBeNull();
    await new Promise((r) => setTimeout(r, 300));
    expect(applied).toEqual([event.id]);
    await sub.stop();
  });

  it('waits out an outage of its database, however many deliveries it takes, and gives no event up for it', async () => {
    const outage = await databaseBehindSwitch();
    const name = uniqueDatabaseName('kit_outage');
    const own = await openDatabase({ url: outage.url, database: name, migrations: {}, logger });
    const quiet = createLogger({ name: 'kit-outage', level: 'silent' });
    const warn = vi.spyOn(quiet, 'warn');
    const email = `${uniqueName('outage')}@example.com`;
    const applied: string[] = [];
    const durable = uniqueName('outage');
    // A new durable reads the stream from its start: other tests' events pass through it too.
    const sub = await startDurableConsumer({
      bus,
      db: own,
      logger: quiet,
      redeliveryDelayMs: () => 50,
      spec: { durable, stream: 'IDENTITY', maxDeliver: 2 },
      handlers: onEach(['identity.user.deleted'], async (event) => {
        if ((event.data as { email: string }).email === email) applied.push(event.id);
      }),
    });
    const event = { ...envelope(), data: { userId: randomUUID(), email } };
    const failedDeliveries = () =>
      warn.mock.calls.filter(([fields]) => (fields as { eventId?: string }).eventId === event.id).length;
    try {
      outage.cut();
      await bus.publish('identity.user.deleted', event, { msgId: event.id });
      // Twice as many failed deliveries as maxDeliver allows a failing event, all while the database is away.
      await expect.poll(failedDeliveries, { timeout: 15_000 }).toBeGreaterThanOrEqual(4);
      await outage.restore();
      await expect.poll(() => applied, { timeout: 15_000 }).toEqual([event.id]);
      const letters = await own
        .selectFrom('kit_dead_letters')
        .select('event_id')
        .where('consumer', '=', durable)
        .where('event_id', '=', event.id)
        .execute();
      expect(letters).toEqual([]);
    } finally {
      await outage.restore();
      await sub.stop();
      await own.destroy();
      await dropDatabase(name);
      await outage.close();
    }
  });

  it('keeps an invalid event as a dead letter instead of dropping it', async () => {
    const durable = uniqueName('invalid');
    const sub = await startDurableConsumer({
      bus,
      db,
      logger,
      spec: { durable, stream: 'IDENTITY' },
      handlers: onEach(['identity.user.deleted'], async () => undefined),
    });
    const id = randomUUID();
    await bus.publish('identity.user.deleted', { id, nonsense: true }, { msgId: id });
    await expect
      .poll(
        async () =>
          (
            await db.selectFrom('kit_dead_letters').select('error').where('consumer', '=', durable).execute()
          ).map((r) => r.error),
        { timeout: 10_000 },
      )
      .toEqual(['not an event envelope']);
    await sub.stop();
  });

  it('the relay publishes outbox rows written in a committed transaction, and none from a rolled-back one', async () => {
    // A database of its own: no row another test (or the other bus's run) left can be published here.
    await withOwnDatabase(async (own) => {
      const relay = new OutboxRelay({ db: own, bus, logger, pollMs: 100 });
      const { seen, sub } = await recordIds(bus, uniqueName('relay'), 'identity.trust.removed');
      const data = { ownerId: randomUUID(), trustedUserId: randomUUID() };
      const committed = await own
        .transaction()
        .execute((trx) => enqueueEvent(trx, 'identity.trust.removed', { actorId: null, audience: [], data }));
      await own
        .transaction()
        .execute(async (trx) => {
          await enqueueEvent(trx, 'identity.trust.removed', { actorId: null, audience: [], data });
          throw new Error('rollback');
        })
        .catch(() => {});
      expect(await outboxIds(own)).toEqual([committed.id]);
      relay.start();
      await expect.poll(() => outboxIds(own)).toEqual([]);
      await expect.poll(() => seen).toEqual([committed.id]);
      await relay.stop();
      await sub.stop();
    });
  });
});

describe('the outbox relay and pushes', () => {
  it('keeps a push until the broker confirms it holds it, then lets it go', async () => {
    const inner = new InProcessBus();
    let confirming = false;
    // The in-process bus, with a broker that does not answer a flush until `confirming`.
    let flushes = 0;
    const bus = new Proxy(inner, {
      get: (target, name) =>
        name === 'flush'
          ? async () => {
              flushes += 1;
              if (!confirming) throw new Error('broker away');
            }
          : Reflect.get(target, name, target),
    });
    const userId = randomUUID();
    const pushed: unknown[] = [];
    inner.subscribeCore(pushSubject(userId), (data) => pushed.push(data));
    const pending = () =>
      db
        .selectFrom('kit_outbox' as never)
        .select(sql<string>`count(*)`.as('n'))
        .where(sql.ref('subject'), '=', pushSubject(userId))
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.n));
    await db
      .transaction()
      .execute((trx) => enqueuePush(trx, userId, { channel: 'tasks', payload: { type: 'folders_changed' } }));
    const relay = new OutboxRelay({ db, bus, logger, pollMs: 100 }).start();
    relay.kick();
    await expect.poll(() => pushed.length).toBeGreaterThan(0);
    // The relay has asked the broker at least twice since publishing; it answered neither time: the push stays.
    const asked = flushes;
    await expect.poll(() => flushes).toBeGreaterThanOrEqual(asked + 2);
    expect(await pending()).toBe(1);
    confirming = true;
    await expect.poll(pending).toBe(0);
    await relay.stop();
    await inner.close();
  });
});

describe('following identity.session.revoked (RevocationList)', () => {
  const revocation = (sessionIds: string[]) => ({
    ...envelope(),
    type: 'identity.session.revoked',
    data: { userId: randomUUID(), sessionIds, reason: 'logout' },
  });

  it('on NATS, a durable made with a delivery limit (as before) has none once its consumer starts', async () => {
    const bus = await NatsBus.connect({ url: nats.url, name: 'kit-limit', logger });
    const nc = await connectNats({ servers: nats.url });
    const jsm = await jetstreamManager(nc);
    const durable = uniqueName('limited');
    await jsm.consumers.add('IDENTITY', {
      durable_name: durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: 'identity.user.deleted',
      max_deliver: 5,
    });
    const sub = await startDurableConsumer({
      bus,
      db,
      logger,
      spec: { durable, stream: 'IDENTITY' },
      handlers: onEach(['identity.user.deleted'], async () => {}),
    });
    try {
      expect((await jsm.consumers.info('IDENTITY', durable)).config.max_deliver).toBe(-1);
    } finally {
      await sub.stop();
      await nc.close();
      await bus.close();
    }
  });

  it('on NATS, a verifier that starts later knows the revocations of the last hour before it answers', async () => {
    const bus = await NatsBus.connect({ url: nats.url, name: 'kit-follow', logger });
    const before = randomUUID();
    const event = revocation([before]);
    await bus.publish('identity.session.revoked', event, { msgId: event.id });
    const list = await RevocationList.follow(bus, logger);
    expect(list.isRevoked(before)).toBe(true);
    const later = randomUUID();
    const closed: string[] = [];
    list.onRevoked((r) => closed.push(...r.sessionIds));
    const next = revocation([later]);
    await bus.publish('identity.session.revoked', next, { msgId: next.id });
    await expect.poll(() => list.isRevoked(later)).toBe(true);
    expect(closed).toEqual([later]);
    expect(list.isRevoked(randomUUID())).toBe(false);
    await list.stop();
    await bus.close();
  });

  it('on the in-process bus, every follower gets each revocation as it is published', async () => {
    const bus = new InProcessBus();
    const [a, b] = [await RevocationList.follow(bus, logger), await RevocationList.follow(bus, logger)];
    const id = randomUUID();
    const event = revocation([id]);
    await bus.publish('identity.session.revoked', event, { msgId: event.id });
    expect([a.isRevoked(id), b.isRevoked(id)]).toEqual([true, true]);
    await bus.close();
  });
});

describe('the outbox relay with a slow SMTP server', () => {
  it('publishes events written after a mail without waiting for the mail', async () => {
    // An SMTP server that accepts the connection and then says nothing, as an overloaded one would.
    const silent: Socket[] = [];
    const smtp = createServer((socket) => void silent.push(socket));
    const port = await freePort();
    await new Promise<void>((r) => smtp.listen(port, '127.0.0.1', r));
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Baton <x@baton.test>' });
    const bus = new InProcessBus();
    const relay = new OutboxRelay({ db, bus, mailer, logger, pollMs: 100 });
    const { seen, sub } = await recordIds(bus, uniqueName('lanes'), 'identity.trust.removed');
    const event = await db.transaction().execute(async (trx) => {
      await enqueueMail(trx, { to: 'someone@example.com', subject: 'Slow', text: 'Slow' });
      return enqueueEvent(trx, 'identity.trust.removed', {
        actorId: null,
        audience: [],
        data: { ownerId: randomUUID(), trustedUserId: randomUUID() },
      });
    });
    relay.start();
    await expect.poll(() => seen).toContain(event.id);
    // Published while the mail written before it is still unsent (its connection, tried at once, may reach
    // the server after the event is out): the event did not wait for it.
    await expect.poll(() => silent.length).toBeGreaterThan(0);
    expect(
      await db
        .selectFrom('kit_outbox')
        .select('destination')
        .where('destination', '=', 'mail')
        .where('subject', '=', 'Slow')
        .execute(),
    ).toEqual([{ destination: 'mail' }]);
    for (const socket of silent) socket.destroy();
    await relay.stop();
    await sub.stop();
    mailer.close();
    smtp.close();
    await db.deleteFrom('kit_outbox').execute();
  });
});
