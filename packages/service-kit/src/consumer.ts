import { type EventEnvelope, type EventSubject, eventEnvelope, eventPayloads } from '@baton/contracts';
import type { Kysely, Transaction } from 'kysely';
import type { DurableSpec, EventBus, Subscription } from './bus';
import type { KitTables } from './db';
import type { Logger } from './logger';

export interface DurableConsumerOptions<DB extends KitTables> {
  bus: EventBus;
  db: Kysely<DB>;
  logger: Logger;
  spec: Omit<DurableSpec, 'maxDeliver'> & { maxDeliver?: number };
  /** Runs inside the transaction that also records the event as processed. */
  handle: (event: EventEnvelope, trx: Transaction<DB>) => Promise<void>;
  /** Runs after each commit of a newly handled event (e.g. to wake the outbox relay). */
  afterCommit?: () => void;
}

const redeliveryDelayMs = (attempt: number) => Math.min(30_000, 200 * 2 ** attempt);

/**
 * A durable consumer that is safe to redeliver to: each event runs in one transaction together with a
 * row in kit_processed_events, the message is acknowledged only after that commit, a repeat of a
 * processed event id is acknowledged without running the handler, and a failing event is retried with
 * backoff at most `maxDeliver` times (default 5), then terminated and logged.
 */
export function startDurableConsumer<DB extends KitTables>(
  options: DurableConsumerOptions<DB>,
): Promise<Subscription> {
  const maxDeliver = options.spec.maxDeliver ?? 5;
  const { logger } = options;
  const db = options.db as unknown as Kysely<KitTables>;
  return options.bus.consume({ ...options.spec, maxDeliver }, async (delivery) => {
    const parsed = eventEnvelope.safeParse(delivery.data);
    const payload = parsed.success ? eventPayloads[parsed.data.type as EventSubject] : undefined;
    if (!parsed.success || !payload?.safeParse(parsed.data.data).success) {
      logger.error({ subject: delivery.subject, durable: options.spec.durable }, 'invalid event terminated');
      delivery.term();
      return;
    }
    const event = parsed.data as EventEnvelope;
    try {
      const handled = await db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('kit_processed_events')
          .values({ consumer: options.spec.durable, event_id: event.id } as never)
          .onConflict((oc) => oc.doNothing())
          .returning('event_id')
          .executeTakeFirst();
        if (!inserted) return false; // already processed: a redelivery
        await options.handle(event, trx as unknown as Transaction<DB>);
        return true;
      });
      delivery.ack();
      if (handled) options.afterCommit?.();
    } catch (error) {
      if (delivery.attempt >= maxDeliver) {
        logger.error(
          {
            err: error,
            eventId: event.id,
            type: event.type,
            durable: options.spec.durable,
            attempt: delivery.attempt,
          },
          'event failed too often; terminated',
        );
        delivery.term();
      } else {
        logger.warn(
          { err: error, eventId: event.id, attempt: delivery.attempt },
          'event failed; will redeliver',
        );
        delivery.nak(redeliveryDelayMs(delivery.attempt));
      }
    }
  });
}
