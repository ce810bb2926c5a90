import { retryAfterOf } from '@baton/service-kit';
import { sql } from 'kysely';
import type { IdentityDb, IdentityTrx } from '../../context';

type Db = IdentityDb | IdentityTrx;

/** The seconds an account-and-address pair (or device) still waits, when it waits at all. */
export const pairWait = (db: Db, email: string, from: string) =>
  db
    .selectFrom('login_failures')
    .select(retryAfterOf(sql.ref('blocked_until')).as('wait'))
    .where('email', '=', email)
    .where('address', '=', from)
    .where('blocked_until', '>', sql<Date>`now()`)
    .executeTakeFirst();

/** Whether the account of `email` signed in from `address` within the last `days`. */
export const isKnownAddress = (db: Db, email: string, address: string, days: number) =>
  db
    .selectFrom('login_addresses as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select('a.address')
    .where('u.email', '=', email)
    .where('a.address', '=', address)
    .where('a.last_success_at', '>', sql<Date>`now() - make_interval(days => ${sql.lit(days)})`)
    .executeTakeFirst();

/** How a pair's failures are counted and held back (`login-throttle.ts`). */
export interface FailureRule {
  /** Failures that cost no wait; each one after doubles it, from 1 s. */
  freeFailures: number;
  longestWaitSeconds: number;
  /** A pair's count starts afresh after this many quiet days. */
  forgetAfterDays: number;
}

/** Counts a failure of the pair, which then waits as `rule` says. */
export function recordLoginFailure(db: Db, email: string, from: string, rule: FailureRule) {
  const failures = sql<number>`case when login_failures.updated_at < now() - make_interval(days => ${sql.lit(rule.forgetAfterDays)}) then 1 else login_failures.failures + 1 end`;
  const waitFor = (count: typeof failures | number) =>
    sql<Date>`now() + make_interval(secs => least(${sql.lit(rule.longestWaitSeconds)}, case when (${count})::int < ${sql.lit(rule.freeFailures)} then 0 else power(2, (${count})::int - ${sql.lit(rule.freeFailures)}) end))`;
  return db
    .insertInto('login_failures')
    .values({ email, address: from, failures: 1, blocked_until: waitFor(1) })
    .onConflict((conflict) =>
      conflict.columns(['email', 'address']).doUpdateSet({
        failures,
        blocked_until: waitFor(failures),
        updated_at: sql<Date>`now()`,
      }),
    )
    .execute();
}

export const forgetLoginFailures = (db: Db, email: string, from: string) =>
  db.deleteFrom('login_failures').where('email', '=', email).where('address', '=', from).execute();

/** The address becomes (or stays) one the account signed in from. */
export const rememberLoginAddress = (db: Db, userId: string, address: string) =>
  db
    .insertInto('login_addresses')
    .values({ user_id: userId, address })
    .onConflict((conflict) =>
      conflict.columns(['user_id', 'address']).doUpdateSet({ last_success_at: sql<Date>`now()` }),
    )
    .execute();
