import { type StreamName, streams } from '@baton/contracts';
import {
  AckPolicy,
  DeliverPolicy,
  DiscardPolicy,
  type JetStreamClient,
  jetstream,
  jetstreamManager,
  type StreamConfig,
} from '@nats-io/jetstream';
import { connect, type NatsConnection, nanos, headers as natsHeaders } from '@nats-io/transport-node';
import {
  type Delivery,
  type DurableSpec,
  type EventBus,
  type FollowSpec,
  type PublishOptions,
  type Subscription,
  subjectMatches,
} from './bus';
import type { Logger } from './logger';

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const PUBLISH_TIMEOUT_MS = 3_000;

/** What JetStream keeps of a stream: events stay after every consumer has acknowledged them, until these. */
export interface StreamLimits {
  /** Events older than this go. */
  maxAgeMs: number;
  /** Past this many bytes in the stream, its oldest events go first. */
  maxBytes: number;
}

const week = 7 * 24 * 3_600_000;

/**
 * TASKS and FOLDERS keep a week of events (a consumer down for days still catches up), within 6 and 1 GiB of
 * the chart's 10 Gi volume. IDENTITY and NOTIFICATIONS keep everything: a new consumer builds its projection of
 * people from the first `identity.user.created` (deploy/README.md, "NATS streams").
 */
export const defaultStreamLimits: Partial<Record<StreamName, StreamLimits>> = {
  TASKS: { maxAgeMs: week, maxBytes: 6 * 1024 ** 3 },
  FOLDERS: { maxAgeMs: week, maxBytes: 1024 ** 3 },
};

/** How long a Nats-Msg-Id is remembered: a publish retried within it is stored once. */
const duplicateWindowMs = 2 * 60_000;

/**
 * A stream's configuration from its limits. On a stream that exists, only the limits it lacks: one an
 * operator set (`nats stream edit`) stays.
 */
function limitsOf(limits: StreamLimits | undefined, existing?: StreamConfig) {
  if (!limits) return {};
  const maxAge = existing?.max_age || nanos(limits.maxAgeMs);
  return {
    max_age: maxAge,
    ...(existing && existing.max_bytes > 0 ? {} : { max_bytes: limits.maxBytes, discard: DiscardPolicy.Old }),
    // JetStream refuses a window longer than the age kept.
    duplicate_window: Math.min(existing?.duplicate_window ?? nanos(duplicateWindowMs), maxAge),
  };
}

/** JetStream-backed bus. Streams of the contracts package are created or updated at connect. */
export class NatsBus implements EventBus {
  readonly mode = 'nats' as const;
  private connected = true;
  private constructor(
    private readonly nc: NatsConnection,
    private readonly js: JetStreamClient,
    private readonly logger: Logger,
  ) {}

  static async connect(options: {
    url: string;
    name: string;
    logger: Logger;
    /** Limits of new streams, and of those without (defaultStreamLimits). */
    streamLimits?: Partial<Record<StreamName, StreamLimits>>;
  }) {
    const nc = await connect({
      servers: options.url,
      name: options.name,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 500,
    });
    const jsm = await jetstreamManager(nc);
    const limits = options.streamLimits ?? defaultStreamLimits;
    for (const [name, subjects] of Object.entries(streams) as [StreamName, readonly string[]][]) {
      const existing = await jsm.streams.info(name).then(
        (info) => info.config,
        () => undefined,
      );
      if (existing)
        await jsm.streams.update(name, { subjects: [...subjects], ...limitsOf(limits[name], existing) });
      else
        await jsm.streams.add({
          name,
          subjects: [...subjects],
          duplicate_window: nanos(duplicateWindowMs),
          ...limitsOf(limits[name]),
        });
    }
    const bus = new NatsBus(nc, jetstream(nc, { timeout: PUBLISH_TIMEOUT_MS }), options.logger);
    (async () => {
      for await (const status of nc.status()) {
        if (status.type === 'disconnect' || status.type === 'reconnect') {
          bus.connected = status.type === 'reconnect';
          options.logger.warn({ nats: status.type }, 'nats connection status');
        }
      }
    })().catch(() => {});
    return bus;
  }

  async publish(subject: string, data: unknown, options: PublishOptions) {
    const h = natsHeaders();
    for (const [k, v] of Object.entries(options.headers ?? {})) h.set(k, v);
    await this.js.publish(subject, encoder.encode(JSON.stringify(data)), {
      msgID: options.msgId,
      headers: h,
    });
  }

  async consume(spec: DurableSpec, handler: (delivery: Delivery) => Promise<void>): Promise<Subscription> {
    const jsm = await jetstreamManager(this.nc);
    // nats-server 2.9 (Debian's) knows only one filter subject; several are filtered here instead.
    const filter = spec.subjects.length === 1 ? { filter_subject: spec.subjects[0] } : {};
    const wanted = (subject: string) => spec.subjects.some((f) => subjectMatches(f, subject));
    const settings = {
      ...filter,
      // JetStream's "no limit" is -1.
      max_deliver: Number.isFinite(spec.maxDeliver) ? spec.maxDeliver : -1,
      ack_wait: nanos(spec.ackWaitMs ?? 30_000),
    };
    try {
      await jsm.consumers.info(spec.stream, spec.durable);
      await jsm.consumers.update(spec.stream, spec.durable, settings);
    } catch {
      await jsm.consumers.add(spec.stream, {
        durable_name: spec.durable,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        ...settings,
      });
    }
    const consumer = await this.js.consumers.get(spec.stream, spec.durable);
    const messages = await consumer.consume({ max_messages: 64 });
    const done = (async () => {
      for await (const m of messages) {
        if (!wanted(m.subject)) {
          m.ack();
          continue;
        }
        const h: Record<string, string> = {};
        for (const key of m.headers?.keys() ?? []) h[key] = m.headers?.get(key) ?? '';
        let data: unknown;
        try {
          data = JSON.parse(decoder.decode(m.data));
        } catch {
          this.logger.error({ subject: m.subject, durable: spec.durable }, 'unparseable message terminated');
          m.term();
          continue;
        }
        let settled = false;
        const once = (fn: () => void) => () => {
          if (!settled) {
            settled = true;
            fn();
          }
        };
        const delivery: Delivery = {
          subject: m.subject,
          data,
          attempt: m.info.deliveryCount,
          headers: h,
          ack: once(() => m.ack()),
          nak: (delayMs) => once(() => m.nak(delayMs))(),
          term: once(() => m.term()),
        };
        try {
          await handler(delivery);
          delivery.ack();
        } catch {
          delivery.nak(100);
        }
      }
    })();
    return {
      stop: async () => {
        await messages.close();
        await done;
      },
    };
  }

  async follow(spec: FollowSpec, handler: (data: unknown) => void): Promise<Subscription> {
    const jsm = await jetstreamManager(this.nc);
    // Caught up once the newest message of the subject stored now has been handled (if it is in range).
    const newest = await jsm.streams
      .getMessage(spec.stream, { last_by_subj: spec.subject })
      .catch(() => null);
    const catchUpTo = newest && newest.time.getTime() >= spec.sinceMs ? newest.seq : 0;
    const consumer = await this.js.consumers.get(spec.stream, {
      filter_subjects: spec.subject,
      deliver_policy: DeliverPolicy.StartTime,
      opt_start_time: new Date(spec.sinceMs).toISOString(),
    });
    const messages = await consumer.consume();
    let caughtUp = () => {};
    const ready = new Promise<void>((resolve) => {
      caughtUp = resolve;
    });
    if (catchUpTo === 0) caughtUp();
    const done = (async () => {
      for await (const m of messages) {
        try {
          handler(JSON.parse(decoder.decode(m.data)));
        } catch (error) {
          this.logger.error({ err: error, subject: m.subject }, 'followed message dropped');
        }
        if (m.seq >= catchUpTo) caughtUp();
      }
    })();
    await ready;
    return {
      stop: async () => {
        await messages.close();
        await done;
      },
    };
  }

  async flush() {
    if (!this.connected) throw new Error('nats disconnected');
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('nats did not answer the flush')), PUBLISH_TIMEOUT_MS);
    });
    try {
      await Promise.race([this.nc.flush(), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  publishCore(subject: string, data: unknown) {
    this.nc.publish(subject, encoder.encode(JSON.stringify(data)));
  }

  subscribeCore(subject: string, handler: (data: unknown, subject: string) => void) {
    const sub = this.nc.subscribe(subject, {
      callback: (error, m) => {
        if (error) return;
        try {
          handler(JSON.parse(decoder.decode(m.data)), m.subject);
        } catch (e) {
          this.logger.warn({ err: e, subject: m.subject }, 'core message handler failed');
        }
      },
    });
    return { unsubscribe: () => sub.unsubscribe() };
  }

  checkReady() {
    if (this.nc.isClosed()) throw new Error('nats connection closed');
    if (!this.connected) throw new Error('nats disconnected; reconnecting');
    if (this.nc.isDraining()) throw new Error('nats connection draining');
  }

  async close() {
    if (!this.nc.isClosed()) await this.nc.drain();
  }
}
