import { identityMessages as m } from '@baton/contracts';
import { tooManyAttempts } from '@baton/service-kit';
import type { IdentityDeps } from '../../context';
import {
  type FailureRule,
  forgetLoginFailures,
  isKnownAddress,
  pairWait,
  recordLoginFailure,
  rememberLoginAddress,
} from './auth.repository';

/**
 * Sign-in throttling as OWASP recommends, instead of a lock anyone could put on an account by typing its
 * e-mail: each account-and-address pair waits longer after each failure from the third on (1 s, 2 s, 4 s, …
 * up to 15 minutes), and the account's own limit (failures from every address) does not apply to an address
 * the account signed in from in the last 30 days. A browser holding the account's device cookie is a pair of
 * its own and never waits for the account's limit. Unknown e-mails are throttled the same way (no enumeration).
 */
const failureRule: FailureRule = {
  freeFailures: 3,
  longestWaitSeconds: 15 * 60,
  /** A pair's failures are forgotten after a quiet day. */
  forgetAfterDays: 1,
};
const knownForDays = 30;

/**
 * Refuses (429) a sign-in the pair's delay or the account's limit holds back; counts nothing. `from` is the
 * client's address, or the key of a device that holds the account's device cookie (`trustedDevice`): such a
 * device waits only after its own failures, never for the account's limit.
 */
export async function checkSignIn(deps: IdentityDeps, email: string, from: string) {
  if (!deps.config.RATE_LIMITS) return;
  const pair = await pairWait(deps.db, email, from);
  if (pair) throw tooManyAttempts(m.rateLimited, pair.wait);
  if (isDevice(from)) return;
  const known = await isKnownAddress(deps.db, email, from, knownForDays);
  if (!known) await deps.limits.loginAccount.check(email);
}

const isDevice = (from: string) => from.startsWith('device:');

/** A failed sign-in: the pair's next attempt waits longer (`from` as in `checkSignIn`); the account's limit counts it. */
export async function signInFailed(deps: IdentityDeps, email: string, from: string) {
  if (!deps.config.RATE_LIMITS) return;
  await recordLoginFailure(deps.db, email, from, failureRule);
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
  await forgetLoginFailures(deps.db, email, from);
  await rememberLoginAddress(deps.db, userId, address);
}
