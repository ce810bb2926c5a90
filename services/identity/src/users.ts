import type { Preferences, PublicUser } from '@baton/contracts';
import { enqueueEvent } from '@baton/service-kit';
import type { IdentityDb } from './context';

type Db = IdentityDb;

export const findUserByEmail = (db: Db, email: string) =>
  db.selectFrom('users').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();

export const findUserById = (db: Db, id: string) =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

export const toPublicUser = (u: {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
}): PublicUser => ({
  id: u.id,
  email: u.email,
  first_name: u.first_name,
  last_name: u.last_name,
});

export const preferencesOf = (u: { notification_sound_enabled: boolean }): Preferences => ({
  notificationSoundEnabled: u.notification_sound_enabled,
});

/**
 * Trust that people gave this e-mail before it had an account becomes real trust on sign-up.
 */
export async function claimTrustInvitations(trx: IdentityDb, user: { id: string; email: string }) {
  const invitations = await trx
    .deleteFrom('trust_invitations')
    .where('email', '=', user.email)
    .returning('owner_id')
    .execute();
  for (const { owner_id } of invitations) {
    await trx
      .insertInto('trusted_users')
      .values({ owner_id, trusted_id: user.id })
      .onConflict((oc) => oc.doNothing())
      .execute();
    await enqueueEvent(trx, 'identity.trust.added', {
      actorId: owner_id,
      audience: [owner_id],
      data: { ownerId: owner_id, trustedUserId: user.id, trustedEmail: user.email },
    });
  }
}
