import {
  type changePasswordRequest,
  identityMessages as m,
  type passwordResetConfirmRequest,
  uuid,
} from '@baton/contracts';
import { pagePaths } from '@baton/contracts/constants';
import type { Language } from '@baton/mailer';
import { type AuthContext, badRequest, enqueueMail } from '@baton/service-kit';
import type { z } from 'zod';
import type { IdentityDeps } from '../../context';
import { resetMail } from '../../mails';
import { randomSecret, sha256 } from '../../secrets';
import { findUserByEmail, findUserById, setPassword } from '../account/account.repository';
import { revokeSessions } from '../auth/sessions.service';
import { markVerified } from '../verify/verify.service';
import { claimResetLink, replaceResetLink, usableResetLink } from './password.repository';

/** What a person's new password must not be built from. */
const personalWords = (user: { email: string; first_name: string; last_name: string } | undefined) =>
  user ? [user.email, user.first_name, user.last_name] : [];

/** Mails a reset link to the account of `email`, if there is one (the answer is the same either way). */
export async function requestReset(deps: IdentityDeps, email: string, language: Language) {
  const user = await findUserByEmail(deps.db, email);
  if (!user) return;
  const token = randomSecret();
  const ttl = deps.config.RESET_TOKEN_TTL_MINUTES;
  await deps.write(async (trx) => {
    await replaceResetLink(trx, user.id, sha256(token), new Date(Date.now() + ttl * 60_000));
    const link = new URL(pagePaths.resetPassword, deps.config.PUBLIC_URL);
    link.searchParams.set('uid', user.id);
    link.searchParams.set('token', token);
    await enqueueMail(trx, await resetMail(user.email, link.toString(), ttl, language));
  });
}

/** Whose a reset link is, while it works; a 400 otherwise (an index lookup, before anything slow). */
export async function resetLinkOwner(deps: IdentityDeps, link: { uid: string; token: string }) {
  if (!uuid.safeParse(link.uid).success) throw badRequest(m.resetInvalid);
  const usable = await usableResetLink(deps.db, link.uid, sha256(link.token));
  if (!usable) throw badRequest(m.resetInvalid);
  return usable.user_id;
}

/** Sets the new password of a reset link, which it uses up; every session of the person ends. */
export async function confirmReset(deps: IdentityDeps, body: z.output<typeof passwordResetConfirmRequest>) {
  // The link is checked before the (deliberately slow) hash: a bad link costs an index lookup.
  const userId = await resetLinkOwner(deps, body);
  const person = await findUserById(deps.db, userId);
  const passwordHash = await deps.passwords.hashNew(body.newPassword, personalWords(person));
  const done = await deps.write(async (trx) => {
    const claimed = await claimResetLink(trx, body.uid, sha256(body.token));
    if (!claimed) return false;
    await setPassword(trx, claimed.user_id, passwordHash);
    await revokeSessions(trx, { userId: claimed.user_id }, 'password reset');
    // The link reached the address: it is theirs (and whoever signed it up without it is now locked out).
    await markVerified(trx, claimed.user_id);
    return true;
  });
  if (!done) throw badRequest(m.resetInvalid);
}

/** Changes the signed-in person's password, given the current one; every other device signs in again. */
export async function changePassword(
  deps: IdentityDeps,
  auth: AuthContext,
  body: z.output<typeof changePasswordRequest>,
) {
  const user = await findUserById(deps.db, auth.userId);
  if (!user || !(await deps.passwords.verify(user.password_hash, body.currentPassword))) {
    throw badRequest(m.changeWrongCurrent);
  }
  const passwordHash = await deps.passwords.hashNew(body.newPassword, personalWords(user));
  await deps.write(async (trx) => {
    await setPassword(trx, user.id, passwordHash);
    // Every other device signs in again; this one stays signed in.
    await revokeSessions(trx, { userId: user.id, except: auth.sessionId }, 'password changed');
  });
}
