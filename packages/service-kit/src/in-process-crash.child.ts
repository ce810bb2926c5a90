/**
 * A single process as `npm start` composes one: outbox relay, paused in-process bus, a durable consumer.
 * Run by in-process-crash.integration.test.ts. With CRASH_MODE=hang it writes one event and its handler
 * never finishes (the parent kills the process there); with CRASH_MODE=resume it only starts, so the
 * relay publishes what the previous run left. Each handled event adds a row to crash_effects.
 */

import { sql } from 'kysely';
import { startDurableConsumer } from './consumer';
import { type KitTables, openDatabase } from './db';
import { createLogger } from './logger';
import { InProcessBus } from './memory-bus';
import { enqueueEvent, OutboxRelay } from './outbox';
import { onEach } from './testing';

interface Tables {
  crash_effects: { event_id: string };
}

const logger = createLogger({ name: 'crash-child', level: 'silent' });
const db = await openDatabase<Tables>({
  url: process.env.DATABASE_URL as string,
  database: process.env.CRASH_DATABASE as string,
  logger,
  migrations: {
    '2026-11-22T19:00_effects': {
      up: (db) => db.schema.createTable('crash_effects').addColumn('event_id', 'uuid').execute(),
    },
  },
});
const hang = process.env.CRASH_MODE === 'hang';
const bus = new InProcessBus({ paused: true });
const relay = new OutboxRelay({ db, bus, logger, pollMs: 100 }).start();
await startDurableConsumer({
  bus,
  db,
  logger,
  spec: { durable: 'crash-test', stream: 'IDENTITY' },
  handlers: onEach<Tables & KitTables>(['identity.user.deleted'], async (event, trx) => {
    await trx.insertInto('crash_effects').values({ event_id: event.id }).execute();
    if (hang) {
      console.log(`handling ${event.id}`);
      await new Promise(() => {});
    }
  }),
});
bus.open();
if (hang) {
  await db.transaction().execute((trx) =>
    enqueueEvent(trx, 'identity.user.deleted', {
      actorId: null,
      audience: [],
      data: { userId: crypto.randomUUID(), email: 'gone@example.com' },
    }),
  );
  relay.kick();
} else {
  for (;;) {
    const { n } = await db
      .selectFrom('kit_outbox')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    if (n === 0) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  console.log('drained');
  await relay.stop();
  await db.destroy();
}
