import type { Mailer } from '@baton/mailer';
import type { Transaction } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { ReadinessCheck } from './app';
import { createTokenVerifier, type TokenVerifier, type TokenVerifierOptions } from './auth';
import type { EventBus } from './bus';
import { countDeadLetters, type DurableConsumerOptions, startDurableConsumer } from './consumer';
import { type Database, type KitTables, kitTables, openDatabase, pingDatabase } from './db';
import type { JwtConfig } from './env';
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

export interface ServiceCoreOptions<T> {
  name: string;
  /** Server URL (DATABASE_URL); the service's own `database` is created on it when missing. */
  databaseUrl: string;
  database: string;
  migrations: Record<string, Migration>;
  bus: EventBus;
  /**
   * identity's signing keys: its JWKS URL, or its key resolver in one process; identity itself reads its
   * own from its database (`fromDatabase`).
   */
  keys:
    | TokenVerifierOptions['keys']
    | { fromDatabase: (db: Database<T>) => Promise<TokenVerifierOptions['keys']> };
  config: JwtConfig;
  /**
   * Whether the verifier follows `identity.session.revoked` (default true). identity does not: it knows its
   * sessions first-hand.
   */
  followRevocations?: boolean;
  mailer?: Mailer;
  logger?: Logger;
}

/** A durable consumer of the core's database: its name, stream, and one handler per subject. */
export type CoreConsumer<T> = Pick<DurableConsumerOptions<T & KitTables>, 'spec' | 'handlers'>;

/**
 * What every service opens the same way: its migrated database, the access-token verifier (following
 * session revocations), the outbox relay, and the readiness checks over them. Writes go through `write`,
 * event consumers through `consume`; the service adds its own parts with `onClose`, which stop before the
 * relay and the database do.
 */
export async function openServiceCore<T>(options: ServiceCoreOptions<T>) {
  const logger = options.logger ?? createLogger({ name: options.name });
  const db: Database<T> = await openDatabase<T>({
    url: options.databaseUrl,
    database: options.database,
    migrations: options.migrations,
    logger,
  });
  const keys = 'fromDatabase' in options.keys ? await options.keys.fromDatabase(db) : options.keys;
  const { verifyAccess, revocations } =
    options.followRevocations === false
      ? {
          verifyAccess: createTokenVerifier({
            keys,
            issuer: options.config.JWT_ISSUER,
            audience: options.config.JWT_AUDIENCE,
          }),
          revocations: undefined,
        }
      : await createSessionVerifier(keys, options.config, { bus: options.bus, logger });
  const relay = new OutboxRelay({
    db: kitTables(db),
    bus: options.bus,
    mailer: options.mailer,
    logger,
  }).start();
  const stops: Array<() => Promise<void> | void> = [];
  const onClose = (stop: () => Promise<void> | void) => {
    stops.unshift(stop);
  };
  const readiness: Record<string, ReadinessCheck> = {
    database: () => pingDatabase(db),
    bus: () => options.bus.checkReady(),
    // Events a consumer gave up on, waiting for an operator (npm run dead-letters).
    deadLetters: () => countDeadLetters(kitTables(db)),
  };
  return {
    logger,
    db,
    verifyAccess,
    relay,
    readiness,
    /**
     * The unit of work: runs `work` in one transaction, then wakes the relay, so the events, mails and
     * pushes it wrote to the outbox leave at once.
     */
    async write<R>(work: (trx: Transaction<T & KitTables>) => Promise<R>): Promise<R> {
      const result = await db.transaction().execute(work);
      relay.kick();
      return result;
    },
    /** Starts a durable consumer whose handlers write in this database; it stops when the service closes. */
    async consume(consumer: CoreConsumer<T>) {
      const subscription = await startDurableConsumer<T & KitTables>({
        ...consumer,
        bus: options.bus,
        db,
        logger,
        afterCommit: () => relay.kick(),
      });
      onClose(() => subscription.stop());
      return subscription;
    },
    /** Runs `stop` when the service closes; the last registered stops first. */
    onClose,
    async close() {
      for (const stop of stops) await stop();
      await revocations?.stop();
      await relay.stop();
      await db.destroy();
    },
  };
}
export type ServiceCore<T> = Awaited<ReturnType<typeof openServiceCore<T>>>;

/** A transaction of a service's database (its tables and the kit's). */
export type ServiceTrx<T> = Transaction<T & KitTables>;

/** What every service's routes and consumers are given from its core; a service's deps extend it. */
export interface ServiceDeps<T, Config> {
  db: Database<T>;
  config: Config;
  logger: Logger;
  verifyAccess: TokenVerifier;
  /** The unit of work: one transaction, then the outbox relay woken. */
  write: ServiceCore<T>['write'];
}
