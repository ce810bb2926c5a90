import { streams } from '@baton/contracts';
import type { Delivery, DurableSpec, EventBus, Subscription } from './bus';
import { subjectMatches } from './bus';

interface Stored {
  seq: number;
  subject: string;
  data: unknown;
  headers: Record<string, string>;
}

interface Consumer {
  spec: DurableSpec;
  /** Next stream sequence not yet handed to the queue. */
  cursor: number;
  queue: { message: Stored; attempt: number }[];
  handler?: (delivery: Delivery) => Promise<void>;
  running: boolean;
}

const DEDUPE_WINDOW_MS = 2 * 60_000;

/**
 * JetStream's contract inside one process: streams keep messages, `msgId` dedupes within two minutes,
 * durable consumers keep their position across unsubscribe, deliver in order, redeliver on nak or a
 * thrown handler up to `maxDeliver`. Data is structured-cloned so nobody shares objects across the bus.
 */
export class InProcessBus implements EventBus {
  readonly mode = 'in-process' as const;
  private log: Stored[] = [];
  private seen = new Map<string, number>();
  private consumers = new Map<string, Consumer>();
  private core = new Set<{ filter: string; handler: (data: unknown, subject: string) => void }>();
  private closed = false;

  async publish(
    subject: string,
    data: unknown,
    options: { msgId: string; headers?: Record<string, string> },
  ) {
    if (this.closed) throw new Error('bus closed');
    if (!Object.values(streams).some((filters) => filters.some((f) => subjectMatches(f, subject)))) {
      throw new Error(`no stream holds subject ${subject}`);
    }
    const now = Date.now();
    for (const [id, at] of this.seen) if (now - at > DEDUPE_WINDOW_MS) this.seen.delete(id);
    if (this.seen.has(options.msgId)) return;
    this.seen.set(options.msgId, now);
    this.log.push({
      seq: this.log.length + 1,
      subject,
      data: structuredClone(data),
      headers: options.headers ?? {},
    });
    for (const consumer of this.consumers.values()) this.pump(consumer);
  }

  async consume(spec: DurableSpec, handler: (delivery: Delivery) => Promise<void>): Promise<Subscription> {
    let consumer = this.consumers.get(spec.durable);
    if (!consumer) {
      consumer = { spec, cursor: 0, queue: [], running: false };
      this.consumers.set(spec.durable, consumer);
    }
    if (consumer.handler) throw new Error(`durable ${spec.durable} already has a subscriber`);
    consumer.handler = handler;
    const active = consumer;
    this.pump(active);
    return {
      stop: async () => {
        active.handler = undefined;
      },
    };
  }

  publishCore(subject: string, data: unknown) {
    for (const sub of this.core) {
      if (subjectMatches(sub.filter, subject))
        queueMicrotask(() => sub.handler(structuredClone(data), subject));
    }
  }

  subscribeCore(filter: string, handler: (data: unknown, subject: string) => void) {
    const sub = { filter, handler };
    this.core.add(sub);
    return { unsubscribe: () => void this.core.delete(sub) };
  }

  checkReady() {
    if (this.closed) throw new Error('bus closed');
  }

  async close() {
    this.closed = true;
    for (const c of this.consumers.values()) c.handler = undefined;
    this.core.clear();
  }

  private inStream(consumer: Consumer, subject: string) {
    const streamFilters = streams[consumer.spec.stream];
    return (
      streamFilters.some((f) => subjectMatches(f, subject)) &&
      consumer.spec.subjects.some((f) => subjectMatches(f, subject))
    );
  }

  private pump(consumer: Consumer) {
    while (consumer.cursor < this.log.length) {
      const message = this.log[consumer.cursor++] as Stored;
      if (this.inStream(consumer, message.subject)) consumer.queue.push({ message, attempt: 0 });
    }
    if (!consumer.running && consumer.handler && consumer.queue.length) void this.run(consumer);
  }

  private async run(consumer: Consumer) {
    consumer.running = true;
    try {
      while (consumer.handler && consumer.queue.length && !this.closed) {
        const item = consumer.queue[0] as (typeof consumer.queue)[number];
        item.attempt += 1;
        const outcome = await this.deliver(consumer, item.message, item.attempt);
        if (outcome.kind === 'nak' && item.attempt < consumer.spec.maxDeliver) {
          await new Promise((r) => setTimeout(r, outcome.delayMs));
          continue;
        }
        consumer.queue.shift();
      }
    } finally {
      consumer.running = false;
    }
  }

  private deliver(consumer: Consumer, message: Stored, attempt: number) {
    return new Promise<{ kind: 'ack' | 'term' } | { kind: 'nak'; delayMs: number }>((resolve) => {
      const handler = consumer.handler;
      if (!handler) return resolve({ kind: 'nak', delayMs: 0 });
      const delivery: Delivery = {
        subject: message.subject,
        data: structuredClone(message.data),
        attempt,
        headers: message.headers,
        ack: () => resolve({ kind: 'ack' }),
        nak: (delayMs) => resolve({ kind: 'nak', delayMs }),
        term: () => resolve({ kind: 'term' }),
      };
      // A handler that returns without settling counts as an ack; one that throws, as a nak.
      handler(delivery).then(
        () => resolve({ kind: 'ack' }),
        () => resolve({ kind: 'nak', delayMs: 100 }),
      );
    });
  }
}
