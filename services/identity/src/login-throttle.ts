import { identityMessages as m } from '@baton/contracts';
import { retryAfterOf, tooManyAttempts } from '@baton/service-kit';
import { sql } from 'kysely';
import type { IdentityDeps } from './context';

/**
 * Sign-in throttling as OWASP recommends, instead of a lock anyone could put on an account by typing its
 * e-mail: each account-and-address pair waits longer after each failure from the third on (1 s, 2 s, 4 s, …
 * up to 15 minutes), and the account's own limit (failures from every address) does not apply to an address
 * the account signed in from in the last 30 days. A browser holding the account's device cookie is a pair of
 * its own and never waits for the account's limit. Unknown e-mails are throttled the same way (no enumeration).
 */
const freeFailures = 3;
const longestWaitSeconds = 15 * 60;
/** A pair's failures are forgotten after a quiet day. */
const forgetAfter = sql`interval '1 day'`;
const knownFor = sql`interval '30 days'`;

/**
 * Refuses (429) a sign-in the pair's delay or the account's limit holds back; counts nothing. `from` is the
 * client's address, or the key of a device that holds the account's device cookie (`trustedDevice`): such a
 * device waits only after its own failures, never for the account's limit.
 */
export async function checkSignIn(deps: IdentityDeps, email: string, from: string) {
  if (!deps.config.RATE_LIMITS) return;
  const pair = await deps.db
    .selectFrom('login_failures')
    .select(retryAfterOf(sql.ref('blocked_until')).as('wait'))
    .where('email', '=', email)
    .where('address', '=', from)
    .where('blocked_until', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (pair) throw tooManyAttempts(m.rateLimited, pair.wait);
  if (isDevice(from)) return;
  const known = await deps.db
    .selectFrom('login_addresses as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select('a.address')
    .where('u.email', '=', email)
    .where('a.address', '=', from)
    .where('a.last_success_at', '>', sql<Date>`now() - ${knownFor}`)
    .executeTakeFirst();
  if (!known) await deps.limits.loginAccount.check(email);
}

const isDevice = (from: string) => from.startsWith('device:');

/** A failed sign-in: the pair's next attempt waits longer (`from` as in `checkSignIn`); the account's limit counts it. */
export async function signInFailed(deps: IdentityDeps, email: string, from: string) {
  if (!deps.config.RATE_LIMITS) return;
  const failures = sql<number>`case when login_failures.updated_at < now() - ${forgetAfter} then 1 else login_failures.failures + 1 end`;
  const waitFor = (count: typeof failures | number) =>
    sql<Date>`now() + make_interval(secs => least(${sql.lit(longestWaitSeconds)}, case when (${count})::int < ${sql.lit(freeFailures)} then 0 else power(2, (${count})::int - ${sql.lit(freeFailures)}) end))`;
  await deps.db
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
  await deps.limits.loginAccount.record(email);
}

/** A successful sign-in: the pair (`from`) starts afresh, and the address becomes one of the account's own. */
export async function signedIn(
  deps: IdentityDeps,
  userId: string,
  email: string,
  address: string,
  from: string,
) {
  await deps.db.deleteFrom('login_failures').where('email', '=', email).where('address', '=', from).execute();
  await deps.db
    .insertInto('login_addresses')
    .values({ user_id: userId, address })
    .onConflict((conflict) =>
      conflict.columns(['user_id', 'address']).doUpdateSet({ last_success_at: sql<Date>`now()` }),
    )
    .execute();
}
