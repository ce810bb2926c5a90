import { streams } from '@baton/contracts';
import type { Delivery, DurableSpec, EventBus, FollowSpec, PublishOptions, Subscription } from './bus';
import { subjectMatches } from './bus';

interface Pending {
  subject: string;
  data: unknown;
  headers: Record<string, string>;
  /** Durable consumers that have not settled (acked or given up on) this message yet. */
  waitingFor: Set<string>;
  onHandled?: () => void;
}

interface Consumer {
  spec: DurableSpec;
  queue: { message: Pending; attempt: number }[];
  handler?: (delivery: Delivery) => Promise<void>;
  running: boolean;
}

const DEDUPE_WINDOW_MS = 2 * 60_000;
const DEDUPE_MAX_IDS = 10_000;

type Follower = { subject: string; handler: (data: unknown) => void };

/**
 * JetStream's contract inside one process, holding only what is still owed: a message stays until every
 * durable consumer that wants it has settled it, then it is dropped (memory stays flat however long the
 * process runs) and `onHandled` tells the publisher, whose outbox row is the durable copy until then.
 * Durable consumers keep their queue across unsubscribe, deliver in order, redeliver on nak or a thrown
 * handler up to `maxDeliver`. A message id seen in the last two minutes (at most the last 10,000) is
 * stored once. Data is structured-cloned so nobody shares objects across the bus.
 *
 * Opened `paused`, it holds what is published until `open()`: `npm start` opens it once every service
 * has registered its consumers, so the outbox rows that a previous run left reach all of them.
 */
export class InProcessBus implements EventBus {
  readonly mode = 'in-process' as const;
  /** Routed messages some consumer has not settled yet. */
  private unsettled = 0;
  /** Message ids seen lately: JetStream's two-minute duplicate window, capped so memory stays bounded. */
  private recent = new Map<string, number>();
  private held: Pending[] = [];
  private consumers = new Map<string, Consumer>();
  private followers = new Set<Follower>();
  private core = new Set<{ filter: string; handler: (data: unknown, subject: string) => void }>();
  private closed = false;
  private paused: boolean;

  constructor(options: { paused?: boolean } = {}) {
    this.paused = options.paused ?? false;
  }

  /** Messages not yet settled by every consumer that wants them (what this bus holds in memory). */
  get size() {
    return this.unsettled + this.held.length;
  }

  open() {
    this.paused = false;
    for (const message of this.held.splice(0)) this.route(message);
  }

  async publish(subject: string, data: unknown, options: PublishOptions) {
    if (this.closed) throw new Error('bus closed');
    if (!Object.values(streams).some((filters) => filters.some((f) => subjectMatches(f, subject)))) {
      throw new Error(`no stream holds subject ${subject}`);
    }
    if (this.isDuplicate(options.msgId)) return;
    const message: Pending = {
      subject,
      data: structuredClone(data),
      headers: options.headers ?? {},
      waitingFor: new Set(),
      onHandled: options.onHandled,
    };
    if (this.paused) this.held.push(message);
    else this.route(message);
  }

  async consume(spec: DurableSpec, handler: (delivery: Delivery) => Promise<void>): Promise<Subscription> {
    let consumer = this.consumers.get(spec.durable);
    if (!consumer) {
      consumer = { spec, queue: [], running: false };
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

  /** Nothing is kept for replay in one process: a follower sees what is published after it subscribed. */
  async follow(spec: FollowSpec, handler: (data: unknown) => void): Promise<Subscription> {
    const follower = { subject: spec.subject, handler };
    this.followers.add(follower);
    return { stop: async () => void this.followers.delete(follower) };
  }

  /** Nothing to wait for: a core message is handed to its subscribers as it is published. */
  async flush() {}

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
    this.followers.clear();
  }

  private isDuplicate(msgId: string) {
    const now = Date.now();
    for (const [id, at] of this.recent) {
      if (now - at < DEDUPE_WINDOW_MS && this.recent.size < DEDUPE_MAX_IDS) break;
      this.recent.delete(id);
    }
    if (this.recent.has(msgId)) return true;
    this.recent.set(msgId, now);
    return false;
  }

  /** Hands a message to every follower and to the queue of every durable consumer that wants it. */
  private route(message: Pending) {
    for (const follower of this.followers) {
      if (subjectMatches(follower.subject, message.subject)) follower.handler(structuredClone(message.data));
    }
    const wanting = [...this.consumers.values()].filter((c) => this.wants(c, message.subject));
    if (wanting.length === 0) return message.onHandled?.();
    this.unsettled += 1;
    for (const consumer of wanting) {
      message.waitingFor.add(consumer.spec.durable);
      consumer.queue.push({ message, attempt: 0 });
      this.pump(consumer);
    }
  }

  private settle(consumer: Consumer, message: Pending) {
    message.waitingFor.delete(consumer.spec.durable);
    if (message.waitingFor.size > 0) return;
    this.unsettled -= 1;
    message.onHandled?.();
  }

  private wants(consumer: Consumer, subject: string) {
    return (
      streams[consumer.spec.stream].some((f) => subjectMatches(f, subject)) &&
      consumer.spec.subjects.some((f) => subjectMatches(f, subject))
    );
  }

  private pump(consumer: Consumer) {
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
        this.settle(consumer, item.message);
      }
    } finally {
      consumer.running = false;
    }
  }

  private deliver(consumer: Consumer, message: Pending, attempt: number) {
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
