import type { Context } from 'hono';
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { KitTables } from './db';
import { HttpError } from './errors';

export interface RateLimitRule {
  /** Hits allowed per key within `windowMs`. */
  max: number;
  windowMs: number;
}

type Executor = Kysely<KitTables> | Transaction<KitTables>;

/** Expired windows are deleted every this many hits (per limiter): the table stays the size of the live ones. */
const sweepEvery = 500;

/**
 * A fixed-window counter per key, kept in the service's Postgres (kit_rate_limits), so every replica of the
 * service spends one budget. One statement per hit; its row lock orders concurrent hits on one key.
 */
export class RateLimiter {
  private hits = 0;

  constructor(
    private readonly db: Kysely<KitTables>,
    /** Keeps this limiter's keys apart from other limiters' in the shared table. */
    private readonly name: string,
    /** `null`: counts nothing (RATE_LIMITS=false, for benchmarks). */
    private readonly rule: RateLimitRule | null,
    /** The answer's message, for the wait it announces in Retry-After. */
    private readonly message: (retryAfterSeconds: number) => string,
  ) {}

  /**
   * Counts one hit for `key`; throws 429 with Retry-After once the window's budget is spent. `executor` is a
   * transaction when the hit must not count if the caller's work rolls back.
   */
  async consume(key: string, executor: Executor = this.db) {
    const hit = await this.record(key, executor);
    if (this.rule && hit && hit.count > this.rule.max) throw tooManyAttempts(this.message, hit.retryAfter);
  }

  /** Counts one hit for `key`; false once the window's budget is spent (nothing thrown). */
  async allows(key: string, executor: Executor = this.db) {
    const hit = await this.record(key, executor);
    return !(this.rule && hit && hit.count > this.rule.max);
  }

  /** Counts one hit for `key` without refusing it (later calls refuse with `check` or `consume`). */
  async record(key: string, executor: Executor = this.db) {
    const rule = this.rule;
    if (!rule) return null;
    const seconds = rule.windowMs / 1000;
    const window = sql<Date>`now() + make_interval(secs => ${seconds})`;
    const expired = sql<boolean>`kit_rate_limits.reset_at <= now()`;
    const { count, retry_after } = await executor
      .insertInto('kit_rate_limits')
      .values({ key: `${this.name}:${key}`, count: 1, reset_at: window })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({
          count: sql<number>`case when ${expired} then 1 else kit_rate_limits.count + 1 end`,
          reset_at: sql<Date>`case when ${expired} then ${window} else kit_rate_limits.reset_at end`,
        }),
      )
      .returning(['count', retryAfterOf(sql.ref('reset_at')).as('retry_after')])
      .executeTakeFirstOrThrow();
    this.hits += 1;
    if (this.hits % sweepEvery === 0)
      await this.db.deleteFrom('kit_rate_limits').where('reset_at', '<', sql<Date>`now()`).execute();
    return { count, retryAfter: retry_after };
  }

  /** Refuses (429) when `key`'s budget for this window is spent, without counting a hit. */
  async check(key: string) {
    const rule = this.rule;
    if (!rule) return;
    const window = await this.db
      .selectFrom('kit_rate_limits')
      .select(['count', retryAfterOf(sql.ref('reset_at')).as('retry_after')])
      .where('key', '=', `${this.name}:${key}`)
      .where('reset_at', '>', sql<Date>`now()`)
      .executeTakeFirst();
    if (window && window.count >= rule.max) throw tooManyAttempts(this.message, window.retry_after);
  }
}

/** Whole seconds from now until `at` (at least 1). */
export const retryAfterOf = (at: RawBuilder<unknown> | ReturnType<typeof sql.ref>) =>
  sql<number>`greatest(1, ceil(extract(epoch from ${at} - now())))::int`;

/** The 429 a limit answers: its message for the wait, and that wait in Retry-After. */
export function tooManyAttempts(message: (retryAfterSeconds: number) => string, retryAfter: number) {
  return new HttpError(429, 'rate_limited', message(retryAfter), {
    headers: { 'Retry-After': String(retryAfter) },
  });
}

/**
 * The caller's address. Services sit behind the gateway, which sets X-Forwarded-For to the address it
 * saw; services are not exposed directly, so the first entry is trusted.
 */
export const clientAddress = (c: Context) =>
  c.req.header('x-forwarded-for')?.split(',')[0]?.trim() || c.req.header('x-real-ip') || 'local';
