import { identityMessages as m } from '@baton/contracts';
import { pagePaths } from '@baton/contracts/constants';
import type { Language } from '@baton/mailer';
import { type AuthContext, badRequest, enqueueEvent, enqueueMail, unauthorized } from '@baton/service-kit';
import type { IdentityConfig } from '../../config';
import type { IdentityDeps, IdentityTrx } from '../../context';
import { verifyMail } from '../../mails';
import { randomSecret, sha256 } from '../../secrets';
import { findUserById, setEmailVerified } from '../account/account.repository';
import { claimTrustInvitations } from '../trusted/trusted.service';
import { deleteVerifications, putVerification, takeVerification } from './verify.repository';

/** Replaces the person's confirmation link with a new one and mails it (only the newest link works). */
export async function sendVerification(
  trx: IdentityTrx,
  config: IdentityConfig,
  user: { id: string; email: string; first_name: string },
  language: Language,
) {
  const token = randomSecret();
  const ttl = config.VERIFY_TOKEN_TTL_HOURS;
  await putVerification(trx, user.id, sha256(token), new Date(Date.now() + ttl * 3_600_000));
  const link = new URL(pagePaths.verifyEmail, config.PUBLIC_URL);
  link.searchParams.set('token', token);
  await enqueueMail(trx, await verifyMail(user.email, user.first_name, link.toString(), ttl, language));
}

/**
 * The person proved their address (a confirmation or reset link reached them): trust waiting for it
 * becomes real, and `identity.user.verified` lets tasks hand over the tasks waiting for it. False when it
 * was confirmed already.
 */
export async function markVerified(trx: IdentityTrx, userId: string) {
  const user = await setEmailVerified(trx, userId);
  if (!user) return false;
  await deleteVerifications(trx, user.id);
  await enqueueEvent(trx, 'identity.user.verified', {
    actorId: user.id,
    audience: [user.id],
    data: { userId: user.id, email: user.email },
  });
  await claimTrustInvitations(trx, user);
  return true;
}

/** Confirms the address of the link's owner; a 400 for an unknown, used or expired link. */
export async function verifyEmail(deps: IdentityDeps, token: string) {
  const verified = await deps.write(async (trx) => {
    const link = await takeVerification(trx, sha256(token));
    return link ? markVerified(trx, link.user_id) : false;
  });
  if (!verified) throw badRequest(m.verifyInvalid);
}

/** Mails the signed-in person a new link, unless their address is confirmed already. */
export async function resendVerification(deps: IdentityDeps, auth: AuthContext, language: Language) {
  const user = await findUserById(deps.db, auth.userId);
  if (!user) throw unauthorized();
  if (user.email_verified_at) return { message: m.verifyAlready };
  await deps.limits.accountMail.consume(user.email);
  await deps.write((trx) => sendVerification(trx, deps.config, user, language));
  return { message: m.verifySent(user.email) };
}
