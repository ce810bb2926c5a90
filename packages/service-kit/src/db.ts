import { randomBytes } from 'node:crypto';
import { type Generated, Kysely, PostgresDialect, sql, type Transaction } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';
import pg from 'pg';
import type { Logger } from './logger';
import { prepareStatementsOn, usePreparedStatements } from './prepared';

/** Tables the kit adds to every service database. */
export interface KitTables {
  kit_outbox: {
    id: string;
    destination: 'event' | 'mail' | 'push';
    subject: string;
    payload: unknown;
    headers: Record<string, string> | null;
    created_at: Generated<Date>;
    available_at: Generated<Date>;
    attempts: Generated<number>;
    last_error: string | null;
    /** Write order: rows of one transaction share `created_at`, so this keeps their order. */
    seq: Generated<string>;
    /** In-process bus: handed to the bus, kept until its consumers have handled it. */
    published_at: Date | null;
  };
  kit_processed_events: {
    consumer: string;
    event_id: string;
    processed_at: Generated<Date>;
  };
  /** Events a consumer gave up on (consumer.ts), kept with their error until an operator replays them. */
  kit_dead_letters: {
    id: Generated<string>;
    consumer: string;
    subject: string;
    event_id: string | null;
    payload: unknown;
    error: string;
    attempts: number;
    failed_at: Generated<Date>;
    replay_requested_at: Date | null;
    replayed_at: Date | null;
  };
  /** Rate-limit windows, shared by the service's replicas (rate-limit.ts). */
  kit_rate_limits: {
    key: string;
    count: number;
    reset_at: Date;
  };
  /** Server-side secrets, created on first start and shared by the service's replicas. */
  kit_secrets: {
    name: string;
    value: string;
  };
}

export const kitMigrations: Record<string, Migration> = {
  '2026-11-21T00:00_outbox': {
    async up(db) {
      await db.schema
        .createTable('kit_outbox')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('destination', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('payload', 'jsonb', (c) => c.notNull())
        .addColumn('headers', 'jsonb')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('available_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_error', 'text')
        .execute();
      await db.schema
        .createIndex('kit_outbox_due')
        .on('kit_outbox')
        .columns(['available_at', 'created_at'])
        .execute();
      await db.schema
        .createTable('kit_processed_events')
        .addColumn('consumer', 'text', (c) => c.notNull())
        .addColumn('event_id', 'uuid', (c) => c.notNull())
        .addColumn('processed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addPrimaryKeyConstraint('kit_processed_events_pk', ['consumer', 'event_id'])
        .execute();
    },
  },
  '2026-11-21T11:00_outbox_order': {
    async up(db) {
      await db.schema.alterTable('kit_outbox').addColumn('seq', 'bigserial').execute();
      await db.schema
        .createIndex('kit_outbox_order')
        .on('kit_outbox')
        .columns(['available_at', 'seq'])
        .execute();
    },
  },
  '2026-11-22T18:00_outbox_published': {
    async up(db) {
      await db.schema.alterTable('kit_outbox').addColumn('published_at', 'timestamptz').execute();
    },
  },
  '2026-11-23T09:00_secrets': {
    async up(db) {
      await db.schema
        .createTable('kit_secrets')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
    },
  },
  '2026-11-24T07:00_rate_limits': {
    async up(db) {
      await db.schema
        .createTable('kit_rate_limits')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('reset_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('kit_rate_limits_reset').on('kit_rate_limits').column('reset_at').execute();
    },
  },
  '2026-11-24T07:20_dead_letters': {
    async up(db) {
      await db.schema
        .createTable('kit_dead_letters')
        .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
        .addColumn('consumer', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('event_id', 'uuid')
        .addColumn('payload', 'jsonb', (c) => c.notNull())
        .addColumn('error', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('failed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('replay_requested_at', 'timestamptz')
        .addColumn('replayed_at', 'timestamptz')
        .execute();
      await db.schema
        .createIndex('kit_dead_letters_open')
        .on('kit_dead_letters')
        .columns(['consumer', 'replayed_at'])
        .execute();
    },
  },
};

export interface DatabaseOptions {
  /** Server URL (DATABASE_URL); its database part is replaced by `database`. */
  url: string;
  /** The service's own database, e.g. baton_identity. Created when missing. */
  database: string;
  /** The service's migrations, keyed by timestamped name. Never edit one that has landed. */
  migrations: Record<string, Migration>;
  logger: Logger;
  poolSize?: number;
  /** How long a new connection may take (a server that accepts and never answers). 5 s. */
  connectTimeoutMs?: number;
  /** How long one statement may run: Postgres cancels it, and the client gives up a second later. 30 s. */
  queryTimeoutMs?: number;
}

export type Database<T> = Kysely<T & KitTables>;

/**
 * The kit's own tables of a service's database or transaction. Kysely's types cannot see that a generic
 * `Kysely<T & KitTables>` holds them (its query builders are invariant in the tables), so the kit's generic
 * code (the core, consumers) views them through this one function.
 */
export function kitTables<T extends KitTables>(db: Transaction<T>): Transaction<KitTables>;
export function kitTables<T extends KitTables>(db: Kysely<T>): Kysely<KitTables>;
// biome-ignore lint/suspicious/noExplicitAny: the one place the kit's tables are seen through a generic database.
export function kitTables(db: Kysely<any>) {
  return db;
}

/** URL of `database` on the server of `serverUrl`. */
export function databaseUrl(serverUrl: string, database: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** A database name fit to be written into `create database` as it is. */
function assertSafeDatabaseName(database: string) {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(database)) throw new Error(`unsafe database name ${database}`);
}

/** Creates the database if it does not exist. Safe when several replicas start at once. */
export async function ensureDatabase(serverUrl: string, database: string, connectTimeoutMs = 5_000) {
  assertSafeDatabaseName(database);
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: connectTimeoutMs });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [database]);
    if (found.rowCount) return;
    await admin.query(`create database "${database}"`);
  } catch (error) {
    // 42P04 duplicate_database, 23505 unique violation: another replica created it first.
    const code = (error as { code?: string }).code;
    if (code !== '42P04' && code !== '23505') throw error;
  } finally {
    await admin.end();
  }
}

async function migrate(
  db: Kysely<unknown>,
  migrations: Record<string, Migration>,
  table: string,
  logger: Logger,
) {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: table,
    migrationLockTableName: `${table}_lock`,
  });
  const { error, results } = await migrator.migrateToLatest();
  for (const r of results ?? []) {
    if (r.status === 'Success') logger.info({ migration: r.migrationName }, 'migrated');
    if (r.status === 'Error') logger.error({ migration: r.migrationName }, 'migration failed');
  }
  if (error) throw error;
}

/** Postgres's answer to a connection to a database that does not exist. */
const invalidCatalogName = '3D000';

/** Opens the service's database: creates it if missing, runs the kit's and the service's migrations. */
export async function openDatabase<T>(options: DatabaseOptions): Promise<Database<T>> {
  assertSafeDatabaseName(options.database);
  const connectTimeoutMs = options.connectTimeoutMs ?? 5_000;
  const queryTimeoutMs = options.queryTimeoutMs ?? 30_000;
  // Without limits a request waits for as long as Postgres is away or a statement is stuck: a connection
  // attempt without an answer, or a statement on a server that stopped answering, would hold it forever.
  const pool = new pg.Pool({
    connectionString: databaseUrl(options.url, options.database),
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: connectTimeoutMs,
    statement_timeout: queryTimeoutMs,
    // The server's own limit ends a slow statement; this one ends the wait on a server that is gone.
    query_timeout: queryTimeoutMs + 1_000,
  });
  // A client whose connection drops (Postgres restarted) emits 'error': on the pool when it is idle, on
  // itself when it is checked out between queries (a transaction awaiting something else), where pg-pool
  // listens no more. Unheard, either would end the process. The query at hand fails; the pool replaces the
  // client; the next query reconnects.
  pool.on('error', (error) => options.logger.warn({ err: error }, 'idle database client failed'));
  pool.on('connect', (client) =>
    client.on('error', (error) => options.logger.warn({ err: error }, 'database client failed')),
  );
  // Nearly every start finds its database: its pool's first connection says so, and migrations then use it.
  // Asking the server's maintenance database first would cost Postgres a connection (a process) each time.
  await pool.connect().then(
    (client) => client.release(),
    async (error) => {
      if ((error as { code?: string }).code === invalidCatalogName)
        return ensureDatabase(options.url, options.database, connectTimeoutMs);
      await pool.end();
      throw error;
    },
  );
  const statements = prepareStatementsOn(pool);
  const db = new Kysely<T & KitTables>({ dialect: new PostgresDialect({ pool }) });
  usePreparedStatements(db, statements);
  try {
    await migrate(db as Kysely<unknown>, kitMigrations, 'kit_migration', options.logger);
    await migrate(db as Kysely<unknown>, options.migrations, 'kysely_migration', options.logger);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}

export const pingDatabase = async <T>(db: Kysely<T>) => {
  await sql`select 1`.execute(db);
};

/** The named server secret (256 random bits), created on first start; the service's replicas share the row. */
export async function loadServerSecret(db: Kysely<KitTables>, name: string): Promise<Buffer> {
  await db
    .insertInto('kit_secrets')
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('kit_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64url');
}
