import { databaseServerUrl, dropDatabase, uniqueDatabaseName } from '@baton/test-kit';
import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './db';
import { createLogger } from './logger';

const logger = createLogger({ name: 'migrate-test' });
const database = uniqueDatabaseName('migrate');
afterAll(() => dropDatabase(database));

/** A migration that takes a while and counts its runs: two runs would leave two rows (or fail). */
const migrations: Record<string, Migration> = {
  '2026_11_24_0001_slow': {
    async up(db) {
      await sql`create table runs (at timestamptz not null default now())`.execute(db);
      await sql`select pg_sleep(0.5)`.execute(db);
      await sql`insert into runs default values`.execute(db);
    },
  },
};

describe('replicas starting together', () => {
  it('create the database and run each migration once, both starting', async () => {
    const open = () =>
      openDatabase<{ runs: { at: Date } }>({ url: databaseServerUrl(), database, migrations, logger });
    const replicas: Database<{ runs: { at: Date } }>[] = await Promise.all([open(), open(), open()]);
    try {
      const runs = await sql<{ n: string }>`select count(*) as n from runs`.execute(replicas[0] as never);
      expect(Number(runs.rows[0]?.n)).toBe(1);
      const applied = await sql<{ name: string }>`select name from kysely_migration`.execute(
        replicas[1] as never,
      );
      expect(applied.rows.map((row) => row.name)).toEqual(['2026_11_24_0001_slow']);
    } finally {
      await Promise.all(replicas.map((db) => db.destroy()));
    }
  });
});
