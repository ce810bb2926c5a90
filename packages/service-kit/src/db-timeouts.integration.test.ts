import { createServer, type Socket } from 'node:net';
import { databaseServerUrl, dropDatabase, uniqueDatabaseName } from '@baton/test-kit';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './db';
import { createLogger } from './logger';

const logger = createLogger({ name: 'kit-test' });

describe('database timeouts', () => {
  let db: Database<object>;
  let database: string;
  beforeAll(async () => {
    database = uniqueDatabaseName('timeouts');
    db = await openDatabase({
      url: databaseServerUrl(),
      database,
      migrations: {},
      logger,
      queryTimeoutMs: 300,
    });
  });
  afterAll(async () => {
    await db.destroy();
    await dropDatabase(database);
  });

  it('ends a statement that runs past the query timeout, and lets one just under it finish', async () => {
    await expect(sql`select pg_sleep(0.1)`.execute(db)).resolves.toBeDefined();
    // Postgres itself ended it ("canceling statement due to statement timeout"), not the 3 s it asked for.
    await expect(sql`select pg_sleep(3)`.execute(db)).rejects.toThrow(/statement timeout/);
    // The connection is still good for the next statement.
    expect((await sql<{ one: number }>`select 1 as one`.execute(db)).rows).toEqual([{ one: 1 }]);
  });

  it('gives up on a server that accepts a connection and never answers, after the connect timeout', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as { port: number };
    try {
      await expect(
        openDatabase({
          url: `postgres://postgres@127.0.0.1:${port}/postgres`,
          database: 'never',
          migrations: {},
          logger,
          connectTimeoutMs: 300,
        }),
      ).rejects.toThrow(/timeout/i);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });
});
