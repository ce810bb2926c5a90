import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventEnvelope } from '@baton/contracts';
import { NatsServerProcess } from '@baton/local-infra';
import { createLogger, type EventBus, InProcessBus, NatsBus, startDurableConsumer } from '@baton/service-kit';
import { onEach, outboxDrained, withOutage } from '@baton/service-kit/testing';
import { freePort, makeUser, uniqueName } from '@baton/test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestIdentity } from './testing';

interface Broker {
  bus: EventBus;
  /** Whether readiness notices the outage (a real broker connection does; the simulated one does not). */
  reportsOutage: boolean;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

async function natsBroker(): Promise<Broker> {
  const dir = await mkdtemp(join(tmpdir(), 'baton-nats-'));
  const server = await new NatsServerProcess(await freePort(), dir).start();
  const bus = await NatsBus.connect({
    url: server.url,
    name: 'outbox-test',
    logger: createLogger({ name: 'test' }),
  });
  return {
    bus,
    reportsOutage: true,
    stop: () => server.stop(),
    start: async () => {
      await server.start();
    },
    close: async () => {
      await bus.close().catch(() => {});
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function inProcessBroker(): Promise<Broker> {
  const inner = new InProcessBus();
  const { bus, state } = withOutage(inner);
  return {
    bus,
    reportsOutage: false,
    stop: async () => {
      state.down = true;
    },
    start: async () => {
      state.down = false;
    },
    close: () => inner.close(),
  };
}

const readyStatus = async (t: { request: (path: string) => Response | Promise<Response> }) =>
  (await t.request('/readyz')).status;

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const fn of cleanup.reverse()) await fn();
  cleanup = [];
});

describe.each([
  ['NATS JetStream', natsBroker],
  ['the in-process bus', inProcessBroker],
])('outbox on %s', (_name, makeBroker) => {
  it('a sign-up succeeds while the broker is down; after it returns the event is delivered exactly once', async () => {
    const broker = await makeBroker();
    cleanup.push(() => broker.close());
    const t = await startTestIdentity({ bus: broker.bus });
    cleanup.push(() => t.close());

    const delivered: EventEnvelope[] = [];
    const consumer = await startDurableConsumer({
      bus: broker.bus,
      db: t.identity.deps.db,
      logger: t.identity.deps.logger,
      spec: { durable: uniqueName('welcome'), stream: 'IDENTITY' },
      handlers: onEach(['identity.user.created'], async (event) => {
        delivered.push(event);
      }),
    });
    cleanup.push(() => consumer.stop());

    await broker.stop();
    const user = makeUser();
    const res = await t.request('/user_signup/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...user, confirmPassword: user.password }),
    });
    expect(res.status).toBe(201);
    if (broker.reportsOutage) {
      await expect.poll(() => readyStatus(t), { timeout: 10_000 }).toBe(503);
    }
    // The relay tried and failed: the event waits in the outbox.
    await expect
      .poll(
        async () =>
          (await t.identity.deps.db.selectFrom('kit_outbox').select('attempts').execute())[0]?.attempts ?? 0,
        {
          timeout: 10_000,
        },
      )
      .toBeGreaterThan(0);
    expect(delivered).toHaveLength(0);

    await broker.start();
    await expect.poll(() => readyStatus(t), { timeout: 10_000 }).toBe(200);
    await expect.poll(() => delivered.length, { timeout: 20_000, interval: 100 }).toBe(1);
    expect(delivered[0]).toMatchObject({ type: 'identity.user.created', data: { email: user.email } });
    // Nothing arrives twice: once all that was queued has gone out, a later sign-up's event comes alone.
    await outboxDrained(t.identity.deps.db, 'event');
    const later = makeUser();
    expect((await t.post('/user_signup/', { ...later, confirmPassword: later.password })).status).toBe(201);
    const emails = () => delivered.map((event) => (event.data as { email: string }).email);
    await expect.poll(emails, { timeout: 10_000 }).toEqual([user.email, later.email]);
    // Nothing left to send.
    await expect
      .poll(() => t.identity.deps.db.selectFrom('kit_outbox').selectAll().execute())
      .toHaveLength(0);
  });
});
