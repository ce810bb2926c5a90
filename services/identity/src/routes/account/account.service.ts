import { identityMessages as m } from '@baton/contracts';
import { type AuthContext, badRequest, enqueueEvent } from '@baton/service-kit';
import type { IdentityDeps } from '../../context';
import { revokeSessions } from '../auth/sessions.service';
import { takeInvitations } from '../trusted/trusted.repository';
import { deleteUser, findUserById } from './account.repository';

/** Identity erases the person and tells every other service to do the same. */
export async function deleteAccount(
  deps: IdentityDeps,
  auth: AuthContext,
  password: string,
  requestId: string,
) {
  const { userId, email } = auth;
  // The password as login checks it: an open session alone (a borrowed device) cannot erase the account.
  const user = await findUserById(deps.db, userId);
  if (!user || !(await deps.passwords.verify(user.password_hash, password))) {
    throw badRequest(m.deleteWrongPassword);
  }
  await deps.write(async (trx) => {
    // Open sockets close first; then sessions, tokens, resets and trust in both directions go with the
    // user row (ON DELETE CASCADE).
    await revokeSessions(trx, { userId }, 'account deleted');
    await takeInvitations(trx, email);
    await deleteUser(trx, userId);
    await enqueueEvent(trx, 'identity.user.deleted', {
      actorId: userId,
      audience: [userId],
      data: { userId, email },
      requestId,
    });
  });
}
