import { identityMessages as m } from '@baton/contracts';
import { pagePaths } from '@baton/contracts/constants';
import type { Language } from '@baton/mailer';
import { badRequest, conflict, enqueueEvent, enqueueMail, HttpError, notFound } from '@baton/service-kit';
import type { IdentityDeps, IdentityTrx } from '../../context';
import { trustInvitationMail } from '../../mails';
import { findUserById, findVerifiedUserByEmail } from '../account/account.repository';
import {
  deleteTrusted,
  getTrusted,
  insertTrusted,
  recordInvitation,
  takeInvitations,
  trustIfMissing,
} from './trusted.repository';

/**
 * Trusts an account of a confirmed address, or invites any other e-mail to join (trust applies once that
 * address is confirmed: an unconfirmed account may belong to someone who merely typed it).
 */
export async function addTrusted(
  deps: IdentityDeps,
  ownerId: string,
  email: string,
  requestId: string,
  /** The inviter's language (their request's): the invitation goes to someone Baton does not know yet. */
  language: Language,
) {
  const owner = await findUserById(deps.db, ownerId);
  if (!owner) throw new HttpError(401, 'unauthorized', 'Token is invalid or expired');
  if (email === owner.email) throw badRequest(m.trustedSelf);
  const target = await findVerifiedUserByEmail(deps.db, email);
  if (!target) {
    await deps.write(async (trx) => {
      if (!(await recordInvitation(trx, owner.id, email))) return;
      await deps.mailCaps.consume(trx, email, owner.id);
      const link = new URL(pagePaths.signup, deps.config.PUBLIC_URL).toString();
      await enqueueMail(trx, await trustInvitationMail(email, owner, link, language));
    });
    return {
      status: 200 as const,
      body: { invitation_sent: true as const, message: m.trustedInvited, email },
    };
  }
  const id = await deps.write(async (trx) => {
    const inserted = await insertTrusted(trx, owner.id, target.id);
    if (inserted) {
      await enqueueEvent(trx, 'identity.trust.added', {
        actorId: owner.id,
        audience: [owner.id],
        data: { ownerId: owner.id, trustedUserId: target.id, trustedEmail: target.email },
        requestId,
      });
    }
    return inserted;
  });
  if (!id) throw conflict(m.trustedExists);
  const entry = await getTrusted(deps.db, id);
  if (!entry) throw notFound(m.trustedNotFound);
  return {
    status: 201 as const,
    body: { ...entry, invitation_sent: false as const, message: `${target.email} added as trusted.` },
  };
}

/** Removes one of the owner's entries; someone else's entry looks exactly like a missing one. */
export async function removeTrusted(deps: IdentityDeps, ownerId: string, id: string, requestId: string) {
  const removed = await deps.write(async (trx) => {
    const row = await deleteTrusted(trx, ownerId, id);
    if (row) {
      await enqueueEvent(trx, 'identity.trust.removed', {
        actorId: ownerId,
        audience: [ownerId],
        data: { ownerId, trustedUserId: row.trusted_id },
        requestId,
      });
    }
    return row;
  });
  if (!removed) throw notFound(m.trustedNotFound);
}

/**
 * Trust that people gave this e-mail before it had a confirmed account becomes real trust on confirmation.
 */
export async function claimTrustInvitations(trx: IdentityTrx, user: { id: string; email: string }) {
  for (const { owner_id } of await takeInvitations(trx, user.email)) {
    await trustIfMissing(trx, owner_id, user.id);
    await enqueueEvent(trx, 'identity.trust.added', {
      actorId: owner_id,
      audience: [owner_id],
      data: { ownerId: owner_id, trustedUserId: user.id, trustedEmail: user.email },
    });
  }
}
