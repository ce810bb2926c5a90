import { databaseServerUrl, dropDatabase, uniqueDatabaseName } from '@baton/test-kit';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './db';
import { HttpError } from './errors';
import { createLogger } from './logger';
import { RateLimiter } from './rate-limit';

const logger = createLogger({ name: 'rate-limit-test' });
const database = uniqueDatabaseName('limits');
/** Two replicas of one service: two pools on one database. */
let replicas: [Database<object>, Database<object>];

beforeAll(async () => {
  const open = () => openDatabase({ url: databaseServerUrl(), database, migrations: {}, logger });
  replicas = [await open(), await open()];
});
afterAll(async () => {
  await Promise.all(replicas.map((db) => db.destroy()));
  await dropDatabase(database);
});

const message = (seconds: number) => `Wait ${seconds} s.`;
const refused = async (hit: Promise<void>) => {
  try {
    await hit;
    return null;
  } catch (error) {
    return error as HttpError;
  }
};

describe('rate limits in Postgres', () => {
  it('hold across replicas: two replicas of one service spend one budget', async () => {
    const [a, b] = replicas.map((db) => new RateLimiter(db, 'login', { max: 3, windowMs: 60_000 }, message));
    await a?.consume('10.0.0.1');
    await b?.consume('10.0.0.1');
    await a?.consume('10.0.0.1');
    const error = await refused(b?.consume('10.0.0.1') as Promise<void>);
    expect(error).toBeInstanceOf(HttpError);
    expect(error?.status).toBe(429);
    const retryAfter = Number(error?.extra.headers?.['Retry-After']);
    expect(retryAfter).toBeGreaterThan(55);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(error?.message).toBe(`Wait ${retryAfter} s.`);
    // Another key, and another limiter with the same key, have budgets of their own.
    await expect(a?.consume('10.0.0.2')).resolves.toBeUndefined();
    const other = new RateLimiter(replicas[1], 'signup', { max: 3, windowMs: 60_000 }, message);
    await expect(other.consume('10.0.0.1')).resolves.toBeUndefined();
  });

  it('counts concurrent hits exactly (no two replicas read the same count)', async () => {
    const limiters = replicas.map(
      (db) => new RateLimiter(db, 'burst', { max: 10, windowMs: 60_000 }, message),
    );
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => refused((limiters[i % 2] as RateLimiter).consume('k'))),
    );
    expect(results.filter((error) => error === null)).toHaveLength(10);
  });

  it('starts a new window once the old one ends', async () => {
    const limiter = new RateLimiter(replicas[0], 'short', { max: 1, windowMs: 60_000 }, message);
    await limiter.consume('k');
    expect((await refused(limiter.consume('k')))?.status).toBe(429);
    await sql`update kit_rate_limits set reset_at = now() - interval '1 second' where key = 'short:k'`.execute(
      replicas[0],
    );
    await expect(limiter.consume('k')).resolves.toBeUndefined();
  });

  it('check refuses once the budget is spent, counting nothing itself; record counts without refusing', async () => {
    const limiter = new RateLimiter(replicas[0], 'checked', { max: 3, windowMs: 60_000 }, message);
    await limiter.record('k');
    await limiter.record('k');
    // Just under the budget (2 of 3): allowed, however often it is asked.
    for (let i = 0; i < 3; i++) await expect(limiter.check('k')).resolves.toBeUndefined();
    await limiter.record('k');
    // At it (3 of 3): refused, with the window's wait.
    const error = await refused(limiter.check('k'));
    expect(error?.status).toBe(429);
    expect(Number(error?.extra.headers?.['Retry-After'])).toBeGreaterThan(55);
    // record goes on counting past the budget without throwing; allows says so.
    await expect(limiter.record('k')).resolves.toMatchObject({ count: 4 });
    expect(await limiter.allows('k')).toBe(false);
    expect(await limiter.allows('other')).toBe(true);
  });

  it('counts nothing when limits are off', async () => {
    const off = new RateLimiter(replicas[0], 'off', null, message);
    for (let i = 0; i < 5; i++) await off.consume('k');
    const rows = await replicas[0]
      .selectFrom('kit_rate_limits')
      .where('key', 'like', 'off:%')
      .selectAll()
      .execute();
    expect(rows).toEqual([]);
  });

  it('does not count a hit whose transaction rolls back', async () => {
    const limiter = new RateLimiter(replicas[0], 'mail', { max: 1, windowMs: 60_000 }, message);
    await replicas[0]
      .transaction()
      .execute(async (trx) => {
        await limiter.consume('someone@example.com', trx);
        throw new Error('the action failed');
      })
      .catch(() => undefined);
    await expect(limiter.consume('someone@example.com')).resolves.toBeUndefined();
  });
});
