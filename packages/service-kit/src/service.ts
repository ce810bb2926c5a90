import type { Mailer } from '@baton/mailer';
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { ReadinessCheck } from './app';
import type { TokenVerifierOptions } from './auth';
import type { EventBus } from './bus';
import { countDeadLetters } from './consumer';
import { type Database, type KitTables, openDatabase, pingDatabase } from './db';
import { createLogger, type Logger } from './logger';
import { OutboxRelay } from './outbox';
import { createSessionVerifier } from './revocations';

/** What every service's `createX` takes besides its own parts. */
export interface ServiceOptions<Config> {
  /** Server URL (DATABASE_URL). */
  databaseUrl: string;
  bus: EventBus;
  /** identity's signing keys: its JWKS URL, or its key resolver in one process. */
  keys: TokenVerifierOptions['keys'];
  logger?: Logger;
  config?: Config;
  /** Database name; tests pass a unique one. */
  database?: string;
}

export interface ServiceCoreOptions {
  name: string;
  /** Server URL (DATABASE_URL); the service's own `database` is created on it when missing. */
  databaseUrl: string;
  database: string;
  migrations: Record<string, Migration>;
  bus: EventBus;
  /** identity's signing keys: its JWKS URL, or its key resolver in one process. */
  keys: TokenVerifierOptions['keys'];
  config: { JWT_ISSUER: string; JWT_AUDIENCE: string };
  mailer?: Mailer;
  logger?: Logger;
}

/**
 * What every service but identity opens the same way: its migrated database, the access-token verifier
 * that follows session revocations, the outbox relay, and the readiness checks over both. The service
 * adds its own parts with `onClose`, which stop before the relay and the database do.
 */
export async function openServiceCore<T>(options: ServiceCoreOptions) {
  const logger = options.logger ?? createLogger({ name: options.name });
  const db: Database<T> = await openDatabase<T>({
    url: options.databaseUrl,
    database: options.database,
    migrations: options.migrations,
    logger,
  });
  const { verifyAccess, revocations } = await createSessionVerifier(options.keys, options.config, {
    bus: options.bus,
    logger,
  });
  const relay = new OutboxRelay({
    db: db as unknown as Kysely<KitTables>,
    bus: options.bus,
    mailer: options.mailer,
    logger,
  }).start();
  const stops: Array<() => Promise<void> | void> = [];
  const readiness: Record<string, ReadinessCheck> = {
    database: () => pingDatabase(db),
    bus: () => options.bus.checkReady(),
    // Events a consumer gave up on, waiting for an operator (npm run dead-letters).
    deadLetters: () => countDeadLetters(db as unknown as Kysely<KitTables>),
  };
  return {
    logger,
    db,
    verifyAccess,
    relay,
    readiness,
    /** Wakes the relay after a commit that wrote outbox rows. */
    afterOutboxWrite: () => relay.kick(),
    /** Runs `stop` when the service closes; the last registered stops first. */
    onClose(stop: () => Promise<void> | void) {
      stops.unshift(stop);
    },
    async close() {
      for (const stop of stops) await stop();
      await revocations.stop();
      await relay.stop();
      await db.destroy();
    },
  };
}
export type ServiceCore<T> = Awaited<ReturnType<typeof openServiceCore<T>>>;
