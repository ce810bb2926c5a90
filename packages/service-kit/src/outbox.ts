import { randomUUID } from 'node:crypto';
import {
  type EventData,
  type EventEnvelope,
  type EventSubject,
  eventPayloads,
  type PushMessage,
  pushMessage,
  pushSubject,
} from '@baton/contracts';
import type { Mail, Mailer } from '@baton/mailer';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { EventBus } from './bus';
import type { KitTables } from './db';
import type { Logger } from './logger';

type Db = Kysely<KitTables> | Transaction<KitTables>;

/**
 * Writes an event to the outbox in the caller's transaction; the relay publishes it after commit.
 * The payload is validated against the contract here, so a bad event fails the change that made it.
 */
export async function enqueueEvent<S extends EventSubject>(
  trx: Db,
  subject: S,
  event: { actorId: string | null; audience: string[]; data: EventData<S>; requestId?: string },
): Promise<EventEnvelope<S>> {
  const envelope: EventEnvelope<S> = {
    id: randomUUID(),
    type: subject,
    occurredAt: new Date().toISOString(),
    actorId: event.actorId,
    audience: event.audience,
    data: eventPayloads[subject].parse(event.data) as EventData<S>,
  };
  await trx
    .insertInto('kit_outbox')
    .values({
      id: envelope.id,
      destination: 'event',
      subject,
      payload: JSON.stringify(envelope),
      headers: event.requestId ? JSON.stringify({ 'X-Request-Id': event.requestId }) : null,
    } as never)
    .execute();
  return envelope;
}

/**
 * Queues a live message for a user's sockets in the caller's transaction; the relay publishes it on
 * the core subject `push.user.<id>` after commit (at least once; pushes are not stored by the broker).
 */
export async function enqueuePush(trx: Db, userId: string, message: PushMessage) {
  await trx
    .insertInto('kit_outbox')
    .values({
      id: randomUUID(),
      destination: 'push',
      subject: pushSubject(userId),
      payload: JSON.stringify(pushMessage.parse(message)),
    } as never)
    .execute();
}

/** Queues a mail in the caller's transaction: a down SMTP server delays it and loses nothing. */
export async function enqueueMail(trx: Db, mail: Mail) {
  await trx
    .insertInto('kit_outbox')
    .values({
      id: randomUUID(),
      destination: 'mail',
      subject: mail.subject,
      payload: JSON.stringify(mail),
    } as never)
    .execute();
}

export interface OutboxRelayOptions {
  db: Kysely<KitTables>;
  bus: EventBus;
  mailer?: Mailer;
  logger: Logger;
  /** Fallback polling period; `kick()` after a commit makes delivery immediate. */
  pollMs?: number;
  batchSize?: number;
}

const retryDelayMs = (attempts: number) => Math.min(60_000, 250 * 2 ** Math.min(attempts, 12));

/**
 * One drain loop over some destinations, woken by `kick()` and otherwise every `pollMs`. The relay has
 * two: a mail takes about 100 ms to hand to an SMTP server, and live events and pushes must not wait
 * behind it (they did: 115 ms from an assignment to the recipient's bell).
 */
class Lane {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(
    private readonly drain: () => Promise<void>,
    private readonly pollMs: number,
    private readonly logger: Logger,
  ) {}

  start() {
    this.stopped = false;
    this.kick();
  }

  kick() {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.drain()
      .catch((error) => this.logger.error({ err: error }, 'outbox drain failed'))
      .finally(() => {
        this.running = undefined;
        if (this.stopped) return;
        if (this.again) {
          this.again = false;
          this.kick();
        } else {
          this.timer = setTimeout(() => this.kick(), this.pollMs);
        }
      });
  }

  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }
}

/**
 * Publishes outbox rows until the broker (or SMTP server) acknowledges them, then deletes them.
 * Rows are claimed with FOR UPDATE SKIP LOCKED so any number of replicas can relay side by side.
 * Events carry `Nats-Msg-Id` = event id, so a crash between publish and delete cannot duplicate them.
 * A failing row is retried with exponential backoff and does not block the rows behind it.
 *
 * On the in-process bus, which keeps nothing across a crash, an event's row stays (marked published)
 * until every consumer has handled it; a new process publishes the rows its predecessor left, and the
 * consumers' processed-event ids make each take effect once.
 */
/** The broker did not confirm a batch's pushes: its transaction rolls back, keeping their rows. */
class PushesUnconfirmed extends Error {}

export class OutboxRelay {
  private recovered: Promise<unknown> = Promise.resolve();
  private handled = new Set<string>();
  private forgetting: Promise<void> | undefined;
  private readonly lanes: Lane[];

  constructor(private readonly options: OutboxRelayOptions) {
    const lane = (destinations: KitTables['kit_outbox']['destination'][]) =>
      new Lane(() => this.drain(destinations), options.pollMs ?? 1_000, options.logger);
    this.lanes = [lane(['event', 'push']), lane(['mail'])];
  }

  private get holdsRows() {
    return this.options.bus.mode === 'in-process';
  }

  start() {
    if (this.holdsRows)
      this.recovered = this.options.db
        .updateTable('kit_outbox')
        .set({ published_at: null })
        .where('published_at', 'is not', null)
        .execute();
    for (const lane of this.lanes) lane.start();
    return this;
  }

  /** Ask for a drain soon (call after committing outbox rows). */
  kick() {
    for (const lane of this.lanes) lane.kick();
  }

  async stop() {
    await Promise.all(this.lanes.map((lane) => lane.stop()));
    await this.forgetting;
  }

  /**
   * Deletes the rows of handled events, in batches. A row still locked by the transaction that is
   * publishing it is deleted once that transaction commits.
   */
  private forget(id: string) {
    this.handled.add(id);
    this.forgetting ??= this.deleteHandled();
  }

  private async deleteHandled() {
    try {
      while (this.handled.size > 0) {
        const ids = [...this.handled];
        this.handled.clear();
        await this.options.db.deleteFrom('kit_outbox').where('id', 'in', ids).execute();
      }
    } catch (error) {
      // The rows stay marked published: the next start publishes them again, consumers skip repeats.
      this.options.logger.warn({ err: error }, 'handled outbox rows not deleted');
    } finally {
      this.forgetting = undefined;
    }
  }

  private async drain(destinations: KitTables['kit_outbox']['destination'][]) {
    await this.recovered;
    const size = this.options.batchSize ?? 50;
    for (;;) {
      const { claimed, failed } = await this.options.db
        .transaction()
        .execute(async (trx) => {
          const rows = await trx
            .selectFrom('kit_outbox')
            .selectAll()
            .where('available_at', '<=', sql<Date>`now()`)
            .where('published_at', 'is', null)
            .where('destination', 'in', destinations)
            // Publish in write order: events of one change go out as they were written.
            .orderBy('seq')
            .limit(size)
            .forUpdate()
            .skipLocked()
            .execute();
          let failed = false;
          for (const row of rows) {
            try {
              await this.deliver(row);
              if (row.destination === 'event' && this.holdsRows)
                await trx
                  .updateTable('kit_outbox')
                  .set({ published_at: sql<Date>`now()` })
                  .where('id', '=', row.id)
                  .execute();
              else await trx.deleteFrom('kit_outbox').where('id', '=', row.id).execute();
            } catch (error) {
              const message = error instanceof Error ? error.message : String(error);
              await trx
                .updateTable('kit_outbox')
                .set({
                  attempts: row.attempts + 1,
                  last_error: message.slice(0, 500),
                  available_at: new Date(Date.now() + retryDelayMs(row.attempts)),
                })
                .where('id', '=', row.id)
                .execute();
              this.options.logger.warn(
                {
                  outboxId: row.id,
                  destination: row.destination,
                  subject: row.subject,
                  attempts: row.attempts + 1,
                  err: message,
                },
                'outbox delivery failed; will retry',
              );
              // The broker or SMTP server is likely down: stop here and let backoff pace the retries.
              failed = true;
              break;
            }
          }
          // A push is a core message, which the broker does not acknowledge: a round trip confirms it holds the
          // batch's pushes before their rows go. One published to a broker that stopped meanwhile was dropped:
          // the rollback keeps its row for the next drain (a push may so go out twice; the gateway passes it once).
          if (rows.some((row) => row.destination === 'push'))
            await this.options.bus.flush().catch((error: unknown) => {
              throw new PushesUnconfirmed(error instanceof Error ? error.message : String(error));
            });
          return { claimed: rows.length, failed };
        })
        .catch((error: unknown) => {
          if (!(error instanceof PushesUnconfirmed)) throw error;
          this.options.logger.warn({ err: error.message }, 'pushes not confirmed by the broker; will retry');
          return { claimed: 0, failed: true };
        });
      if (failed || claimed < size) return;
    }
  }

  private async deliver(row: Selectable<KitTables['kit_outbox']>) {
    if (row.destination === 'event') {
      const envelope = row.payload as EventEnvelope;
      await this.options.bus.publish(row.subject, envelope, {
        msgId: envelope.id,
        headers: row.headers ?? {},
        onHandled: this.holdsRows ? () => this.forget(row.id) : undefined,
      });
      return;
    }
    if (row.destination === 'push') {
      this.options.bus.publishCore(row.subject, row.payload);
      return;
    }
    if (!this.options.mailer) throw new Error('no mailer configured');
    await this.options.mailer.send(row.payload as Mail);
  }
}
