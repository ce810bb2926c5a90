import { type EventEnvelope, type EventSubject, eventEnvelope, eventPayloads } from '@baton/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { DurableSpec, EventBus, Subscription } from './bus';
import { type KitTables, kitTables } from './db';
import { isDatabaseUnavailable } from './errors';
import type { Logger } from './logger';

/**
 * One handler per event subject the consumer wants, each given its own payload's type and the service's
 * transaction. The consumer's subjects are this map's keys.
 */
export type EventHandlers<DB> = {
  [S in EventSubject]?: (event: EventEnvelope<S>, trx: Transaction<DB>) => Promise<void>;
};

export interface DurableConsumerOptions<DB extends KitTables> {
  bus: EventBus;
  db: Kysely<DB>;
  logger: Logger;
  spec: Omit<DurableSpec, 'maxDeliver' | 'subjects'> & { maxDeliver?: number };
  /** Each runs inside the transaction that also records the event as processed. */
  handlers: EventHandlers<DB>;
  /** Runs after each commit of a newly handled event (e.g. to wake the outbox relay). */
  afterCommit?: () => void;
  /** How often to look for dead letters to replay (tests shorten it). */
  replayPollMs?: number;
  /** The wait before a failed event's attempt `attempt` + 1 (default: doubling from 400 ms; tests shorten it). */
  redeliveryDelayMs?: (attempt: number) => number;
}

const defaultRedeliveryDelayMs = (attempt: number) => Math.min(30_000, 200 * 2 ** attempt);
/** How often a consumer looks for dead letters an operator asked to replay (deploy/src/dead-letters.ts). */
const replayPollMs = 5_000;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * A durable consumer that is safe to redeliver to: each event runs in one transaction together with a
 * row in kit_processed_events, the message is acknowledged only after that commit, a repeat of a
 * processed event id is acknowledged without running the handler, and a failing event is retried with
 * backoff at most `maxDeliver` times (default 5). Then, and for an event that is not valid, it becomes a
 * dead letter (kit_dead_letters, logged at error level, counted in /readyz) instead of vanishing; an
 * operator can replay it to this consumer once the cause is fixed.
 *
 * A failure because the service's database is away (stopped, restarting, cut off) is no fault of the event and
 * does not count: such an event is redelivered, with the backoff, until the database is back, however long that
 * takes. So the broker's own delivery limit is off: with it, an event that failed `maxDeliver` times in the few
 * seconds of a Postgres restart was never delivered again, and its dead letter could not be written either.
 */
export async function startDurableConsumer<DB extends KitTables>(
  options: DurableConsumerOptions<DB>,
): Promise<Subscription> {
  const maxDeliver = options.spec.maxDeliver ?? 5;
  const redeliveryDelayMs = options.redeliveryDelayMs ?? defaultRedeliveryDelayMs;
  const { logger } = options;
  const consumer = options.spec.durable;
  const db = kitTables(options.db);
  const subjects = Object.keys(options.handlers) as EventSubject[];
  const handle = (event: EventEnvelope, trx: Transaction<DB>) => {
    const handler = options.handlers[event.type] as
      | ((event: EventEnvelope, trx: Transaction<DB>) => Promise<void>)
      | undefined;
    return handler?.(event, trx);
  };

  /** Runs `event` once for this consumer; false when it had run already (a redelivery). */
  const handleOnce = (
    event: EventEnvelope,
    alsoInTransaction?: (trx: Transaction<KitTables>) => Promise<void>,
  ) =>
    options.db.transaction().execute(async (trx) => {
      const inserted = await kitTables(trx)
        .insertInto('kit_processed_events')
        .values({ consumer, event_id: event.id } as never)
        .onConflict((oc) => oc.doNothing())
        .returning('event_id')
        .executeTakeFirst();
      await alsoInTransaction?.(kitTables(trx));
      if (!inserted) return false;
      await handle(event, trx);
      return true;
    });

  const deadLetter = async (letter: {
    subject: string;
    data: unknown;
    eventId?: string;
    error: string;
    attempts: number;
  }) => {
    logger.error(
      { consumer, subject: letter.subject, eventId: letter.eventId, error: letter.error },
      'dead letter',
    );
    await db
      .insertInto('kit_dead_letters')
      .values({
        consumer,
        subject: letter.subject,
        event_id: letter.eventId ?? null,
        payload: JSON.stringify(letter.data),
        error: letter.error,
        attempts: letter.attempts,
        replay_requested_at: null,
        replayed_at: null,
      })
      .execute();
  };

  /** The failures of each event in flight that were its own (not an outage), by event id. */
  const failures = new Map<string, number>();

  const subscription = await options.bus.consume(
    { ...options.spec, subjects, maxDeliver: Number.POSITIVE_INFINITY },
    async (delivery) => {
      const parsed = parseEvent(delivery.data);
      if ('invalid' in parsed) {
        await deadLetter({
          subject: delivery.subject,
          data: delivery.data,
          error: parsed.invalid,
          attempts: delivery.attempt,
        });
        delivery.term();
        return;
      }
      const { event } = parsed;
      try {
        const handled = await handleOnce(event);
        failures.delete(event.id);
        delivery.ack();
        if (handled) options.afterCommit?.();
      } catch (error) {
        const own = (failures.get(event.id) ?? 0) + (isDatabaseUnavailable(error) ? 0 : 1);
        failures.set(event.id, own);
        if (own >= maxDeliver) {
          // If this insert fails too (the database went away meanwhile), the bus redelivers the event.
          await deadLetter({
            subject: delivery.subject,
            data: delivery.data,
            eventId: event.id,
            error: messageOf(error),
            attempts: delivery.attempt,
          });
          failures.delete(event.id);
          delivery.term();
        } else {
          logger.warn(
            { err: error, eventId: event.id, attempt: delivery.attempt },
            'event failed; will redeliver',
          );
          delivery.nak(redeliveryDelayMs(delivery.attempt));
        }
      }
    },
  );

  /** Replays the dead letters an operator asked for: each once; a failure is kept with its new error. */
  const replayRequested = async () => {
    const letters = await db
      .selectFrom('kit_dead_letters')
      .selectAll()
      .where('consumer', '=', consumer)
      .where('replay_requested_at', 'is not', null)
      .where('replayed_at', 'is', null)
      .execute();
    for (const letter of letters) {
      const parsed = parseEvent(letter.payload);
      try {
        if ('invalid' in parsed) throw new Error(parsed.invalid);
        await handleOnce(parsed.event, async (trx) => {
          await trx
            .updateTable('kit_dead_letters')
            .set({ replayed_at: new Date() })
            .where('id', '=', letter.id)
            .execute();
        });
        logger.info({ consumer, eventId: letter.event_id }, 'dead letter replayed');
        options.afterCommit?.();
      } catch (error) {
        logger.error({ consumer, eventId: letter.event_id, err: error }, 'dead letter replay failed');
        await db
          .updateTable('kit_dead_letters')
          .set({ error: messageOf(error), attempts: letter.attempts + 1, replay_requested_at: null })
          .where('id', '=', letter.id)
          .execute();
      }
    }
  };
  let replaying = Promise.resolve();
  const timer = setInterval(() => {
    replaying = replaying
      .then(replayRequested)
      .catch((error) => logger.warn({ err: error, consumer }, 'dead letter replay check failed'));
  }, options.replayPollMs ?? replayPollMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await replaying;
      await subscription.stop();
    },
  };
}

/** The envelope and payload of a delivery, or why it is not a valid event. */
function parseEvent(data: unknown): { event: EventEnvelope } | { invalid: string } {
  const parsed = eventEnvelope.safeParse(data);
  if (!parsed.success) return { invalid: 'not an event envelope' };
  const payload = eventPayloads[parsed.data.type as EventSubject];
  if (!payload?.safeParse(parsed.data.data).success)
    return { invalid: `invalid ${parsed.data.type} payload` };
  return { event: parsed.data as EventEnvelope };
}

/** Dead letters not replayed yet (for /readyz). */
export async function countDeadLetters(db: Kysely<KitTables>) {
  const { n } = await db
    .selectFrom('kit_dead_letters')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('replayed_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(n);
}
