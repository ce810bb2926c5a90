import { randomUUID } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { InProcessBus } from './memory-bus';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const heapMb = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed / 1024 / 1024;
};

const event = () => ({
  id: randomUUID(),
  type: 'tasks.task.progress',
  occurredAt: new Date().toISOString(),
  actorId: randomUUID(),
  audience: [randomUUID(), randomUUID()],
  data: {
    taskId: randomUUID(),
    title: 'A task title of usual length',
    progress: 40,
    message: 'x'.repeat(120),
  },
});

describe('InProcessBus', () => {
  it('holds 100,000 events only until its consumers settle them: memory stays flat', async () => {
    const bus = new InProcessBus();
    let handled = 0;
    for (const durable of ['notifications-tasks', 'another-consumer'])
      await bus.consume({ durable, stream: 'TASKS', subjects: ['tasks.>'], maxDeliver: 5 }, async (d) => {
        handled += 1;
        d.ack();
      });
    const publish = async (count: number) => {
      for (let i = 0; i < count; i++) {
        const e = event();
        await bus.publish(e.type, e, { msgId: e.id });
        // Give the consumers their turn now and then, as a running app does between requests.
        if (i % 1_000 === 999) await new Promise((r) => setImmediate(r));
      }
      await expect.poll(() => bus.size, { timeout: 30_000 }).toBe(0);
    };
    await publish(10_000);
    const warm = heapMb();
    await publish(90_000);
    const after = heapMb();
    expect(handled).toBe(200_000);
    console.log(`heap after 10,000 events ${warm.toFixed(1)} MB, after 100,000 ${after.toFixed(1)} MB`);
    // Kept whole, the 90,000 further events (~0.6 KB each, cloned) would add over 50 MB.
    expect(after - warm).toBeLessThan(8);
    await bus.close();
  }, 120_000);

  it('a message published while paused reaches consumers that subscribe before open()', async () => {
    const bus = new InProcessBus({ paused: true });
    const e = event();
    let handled = false;
    await bus.publish(e.type, e, {
      msgId: e.id,
      onHandled: () => {
        handled = true;
      },
    });
    const seen: string[] = [];
    await bus.consume(
      { durable: 'late', stream: 'TASKS', subjects: ['tasks.>'], maxDeliver: 5 },
      async (d) => {
        seen.push((d.data as { id: string }).id);
      },
    );
    expect(seen).toEqual([]);
    bus.open();
    await expect.poll(() => seen).toEqual([e.id]);
    await expect.poll(() => handled).toBe(true);
    expect(bus.size).toBe(0);
  });
});
