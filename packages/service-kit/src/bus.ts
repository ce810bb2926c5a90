import type { StreamName } from '@baton/contracts';

/** One delivery of a stream message to a durable consumer. Exactly one of ack, nak, term must be called. */
export interface Delivery {
  subject: string;
  data: unknown;
  /** 1 on the first delivery. */
  attempt: number;
  headers: Record<string, string>;
  ack(): void;
  /** Ask for redelivery after `delayMs`. */
  nak(delayMs: number): void;
  /** Give up on this message for good. */
  term(): void;
}

export interface DurableSpec {
  /** Durable consumer name; survives restarts of the process and of the broker. */
  durable: string;
  stream: StreamName;
  /** Subject filters within the stream (NATS wildcards). */
  subjects: string[];
  /** Deliveries before a failing message is given up (`Infinity`: never; the handler decides). */
  maxDeliver: number;
  ackWaitMs?: number;
}

export interface PublishOptions {
  msgId: string;
  headers?: Record<string, string>;
  /**
   * In-process bus only: called once every durable consumer that wants the message has settled it.
   * Until then the publisher's outbox row is its only durable copy (JetStream stores it at publish).
   */
  onHandled?: () => void;
}

export interface FollowSpec {
  stream: StreamName;
  subject: string;
  sinceMs: number;
}

export interface Subscription {
  stop(): Promise<void>;
}

/**
 * What services need from the message broker. `NatsBus` is JetStream; `InProcessBus` gives the same
 * guarantees inside one process for the single-process mode.
 */
export interface EventBus {
  readonly mode: 'nats' | 'in-process';
  /** Publishes to a stream; resolves once the broker stored it. Same `msgId` twice is stored once. */
  publish(subject: string, data: unknown, options: PublishOptions): Promise<void>;
  consume(spec: DurableSpec, handler: (delivery: Delivery) => Promise<void>): Promise<Subscription>;
  /**
   * Every message of `subject` stored from `sinceMs` on, then each new one, to this subscriber alone (not
   * shared with other replicas, nothing acknowledged): for state that every process keeps in memory.
   * Resolves once the messages already stored have been handed to `handler`.
   */
  follow(spec: FollowSpec, handler: (data: unknown) => void): Promise<Subscription>;
  /** Fire-and-forget core messages (live pushes to sockets). */
  publishCore(subject: string, data: unknown): void;
  /**
   * Resolves once the broker has every core message published before it (a round trip); rejects while it
   * cannot be reached or does not answer in time. Core messages carry no acknowledgement of their own.
   */
  flush(): Promise<void>;
  subscribeCore(subject: string, handler: (data: unknown, subject: string) => void): { unsubscribe(): void };
  /** Throws when the broker cannot be reached (for /readyz). */
  checkReady(): void;
  /** Drains subscriptions and closes the connection. */
  close(): Promise<void>;
}

/** NATS subject matching: `*` matches one token, `>` the rest. */
export function subjectMatches(filter: string, subject: string) {
  const f = filter.split('.');
  const s = subject.split('.');
  for (let i = 0; i < f.length; i++) {
    if (f[i] === '>') return s.length > i;
    if (i >= s.length || (f[i] !== '*' && f[i] !== s[i])) return false;
  }
  return f.length === s.length;
}
