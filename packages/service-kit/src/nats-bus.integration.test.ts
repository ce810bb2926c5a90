import { randomUUID } from 'node:crypto';
import { streams } from '@baton/contracts';
import { startPrivateNats } from '@baton/test-kit';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, nanos } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from './logger';
import { NatsBus } from './nats-bus';

/** The limits a bus puts on its streams, on a NATS of this file's own (the machine's streams are shared). */
const logger = createLogger({ name: 'nats-bus-test', level: 'fatal' });
let nats: Awaited<ReturnType<typeof startPrivateNats>>;

beforeAll(async () => {
  nats = await startPrivateNats('bus-limits');
});
afterAll(() => nats?.stop());

/** Runs `work` with a JetStream manager of this file's NATS, as an operator's `nats` tool would. */
async function asOperator<T>(work: (jsm: Awaited<ReturnType<typeof jetstreamManager>>) => Promise<T>) {
  const nc = await connect({ servers: nats.url });
  try {
    return await work(await jetstreamManager(nc));
  } finally {
    await nc.close();
  }
}

const streamInfo = (name: string) => asOperator((jsm) => jsm.streams.info(name));

/** Publishes an event of about `bytes` bytes on TASKS. */
function publish(bus: NatsBus, bytes: number) {
  const id = randomUUID();
  return bus.publish('tasks.task.created', { id, data: { text: 'x'.repeat(bytes) } }, { msgId: id });
}

const week = nanos(7 * 24 * 3_600_000);

/** Sets a stream's limits as an operator would (`nats stream edit`). */
const edit = (name: string, config: { max_age: number; max_bytes: number }) =>
  asOperator((jsm) => jsm.streams.update(name, config));

describe('stream limits', () => {
  it('keeps a week of TASKS and FOLDERS (6 and 1 GiB, oldest out first), and all of IDENTITY and NOTIFICATIONS', async () => {
    const bus = await NatsBus.connect({ url: nats.url, name: 'limits-default', logger });
    try {
      const configs = Object.fromEntries(
        await Promise.all(Object.keys(streams).map(async (name) => [name, (await streamInfo(name)).config])),
      );
      expect(configs.TASKS).toMatchObject({ max_age: week, max_bytes: 6 * 1024 ** 3, discard: 'old' });
      expect(configs.FOLDERS).toMatchObject({ max_age: week, max_bytes: 1024 ** 3, discard: 'old' });
      for (const name of ['IDENTITY', 'NOTIFICATIONS'])
        expect(configs[name]).toMatchObject({ max_age: 0, max_bytes: -1 });
      for (const name of Object.keys(streams))
        expect(configs[name]).toMatchObject({ duplicate_window: nanos(2 * 60_000) });
    } finally {
      await bus.close();
    }
  });

  it('gives a stream made without limits its own, then holds it within its bytes (just under: all kept; over: the oldest go) and its age', async () => {
    await edit('TASKS', { max_bytes: -1, max_age: 0 });
    expect((await streamInfo('TASKS')).config).toMatchObject({ max_bytes: -1, max_age: 0 });
    const maxBytes = 20_000;
    const bus = await NatsBus.connect({
      url: nats.url,
      name: 'limits-small',
      logger,
      streamLimits: { TASKS: { maxAgeMs: 2_000, maxBytes } },
    });
    try {
      expect((await streamInfo('TASKS')).config).toMatchObject({
        max_bytes: maxBytes,
        max_age: nanos(2_000),
      });
      const before = (await streamInfo('TASKS')).state;
      expect(before.messages).toBe(0);
      const first = before.last_seq + 1;
      // Four events of ~4 KB: under 20,000 bytes, every one is kept.
      for (let i = 0; i < 4; i++) await publish(bus, 4_000);
      let state = (await streamInfo('TASKS')).state;
      expect(state.messages).toBe(4);
      expect(state.first_seq).toBe(first);
      // Two more: past the limit, the oldest are dropped and the stream stays within it.
      for (let i = 0; i < 2; i++) await publish(bus, 4_000);
      state = (await streamInfo('TASKS')).state;
      expect(state.bytes).toBeLessThanOrEqual(maxBytes);
      expect(state.first_seq).toBeGreaterThan(first);
      expect(state.last_seq - before.last_seq).toBe(6);
      // Past their age, none is left.
      await expect.poll(async () => (await streamInfo('TASKS')).state.messages, { timeout: 10_000 }).toBe(0);
    } finally {
      await bus.close();
    }
  });

  it("keeps an operator's limits", async () => {
    await edit('TASKS', { max_bytes: 50_000, max_age: nanos(3_600_000) });
    const bus = await NatsBus.connect({ url: nats.url, name: 'limits-kept', logger });
    try {
      expect((await streamInfo('TASKS')).config).toMatchObject({
        max_bytes: 50_000,
        max_age: nanos(3_600_000),
      });
    } finally {
      await bus.close();
    }
  });
});
