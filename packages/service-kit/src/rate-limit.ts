import type { Context } from 'hono';
import { HttpError } from './errors';

export interface RateLimitRule {
  /** Requests allowed per key within `windowMs`. */
  max: number;
  windowMs: number;
}

/**
 * Fixed-window counter per key, in memory. Each replica counts on its own, so the effective limit
 * is `max` times the number of replicas; good enough to stop guessing, not a billing meter.
 */
export class RateLimiter {
  private hits = new Map<string, { count: number; resetAt: number }>();
  private sweepAt = 0;

  constructor(
    private readonly rule: RateLimitRule,
    private readonly message: string,
  ) {}

  /** Counts one hit for `key`; throws 429 with Retry-After once the window's budget is spent. */
  consume(key: string) {
    const now = Date.now();
    if (now > this.sweepAt) this.sweep(now);
    let entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + this.rule.windowMs };
      this.hits.set(key, entry);
    }
    entry.count += 1;
    if (entry.count > this.rule.max) {
      const retryAfter = Math.max(1, Math.ceil((entry.resetAt - now) / 1000));
      throw new HttpError(429, 'rate_limited', this.message, {
        headers: { 'Retry-After': String(retryAfter) },
      });
    }
  }

  private sweep(now: number) {
    for (const [key, entry] of this.hits) if (entry.resetAt <= now) this.hits.delete(key);
    this.sweepAt = now + this.rule.windowMs;
  }
}

/**
 * The caller's address. Services sit behind the gateway, which sets X-Forwarded-For to the address it
 * saw; services are not exposed directly, so the first entry is trusted.
 */
export const clientAddress = (c: Context) =>
  c.req.header('x-forwarded-for')?.split(',')[0]?.trim() || c.req.header('x-real-ip') || 'local';
