import { databaseServerUrl, dropDatabase, uniqueDatabaseName } from '@baton/test-kit';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './db';
import { createLogger } from './logger';
import { executePrepared, queryTemplate } from './prepared';

let db: Database<object>;
let database: string;

beforeAll(async () => {
  database = uniqueDatabaseName('prepared');
  // One connection: the statements it has prepared are the ones the test reads back.
  db = await openDatabase({
    url: databaseServerUrl(),
    database,
    migrations: {},
    logger: createLogger({ name: 'prepared-test' }),
    poolSize: 1,
  });
});
afterAll(async () => {
  await db.destroy();
  await dropDatabase(database);
});

const prepared = async () =>
  (
    await sql<{
      name: string;
      statement: string;
    }>`select name, statement from pg_prepared_statements`.execute(db)
  ).rows;

describe('executePrepared', () => {
  it('runs a query as a named statement, prepared once on its connection, with each run its own values', async () => {
    const square = (n: number) => db.selectNoFrom(sql<number>`${n}::int * ${n}::int`.as('square'));
    expect(await executePrepared(db, square(3))).toEqual([{ square: 9 }]);
    expect(await executePrepared(db, square(4))).toEqual([{ square: 16 }]);
    const named = await prepared();
    expect(named).toHaveLength(1);
    expect(named[0]?.statement).toBe(square(0).compile().sql);
  });

  it('leaves every other query unnamed', async () => {
    const before = await prepared();
    await sql`select 1 as one`.execute(db);
    await db.selectNoFrom(sql<number>`2`.as('two')).execute();
    expect(await prepared()).toEqual(before);
  });
});

describe('queryTemplate', () => {
  const joiner = () =>
    queryTemplate(['a', 'b'], (v) =>
      db.selectNoFrom([
        sql<string>`${v.a}::text || ${'-'}::text || ${v.b}::text || ${v.a}::text`.as('joined'),
        sql<number>`${7}::int`.as('constant'),
      ]),
    );

  it('compiles once and puts each run’s values where the placeholders went, constants kept', async () => {
    const template = joiner();
    const first = template({ a: 'x', b: 'y' });
    const second = template({ a: 'p', b: 'q' });
    expect(second.sql).toBe(first.sql);
    expect(second.parameters).toEqual(['p', '-', 'q', 'p', 7]);
    expect(await executePrepared(db, first)).toEqual([{ joined: 'x-yx', constant: 7 }]);
    expect(await executePrepared(db, second)).toEqual([{ joined: 'p-qp', constant: 7 }]);
  });

  it('refuses a placeholder used inside another value, which it could not fill', () => {
    expect(() => queryTemplate(['a'], (v) => db.selectNoFrom(sql<string>`${`%${v.a}%`}`.as('like')))).toThrow(
      'query template: a not used as a whole value',
    );
  });
});
