import type { Preferences, PublicUser } from '@baton/contracts';
import { enqueueEvent, enqueueMail } from '@baton/service-kit';
import { sql } from 'kysely';
import type { IdentityConfig } from './config';
import type { IdentityDb } from './context';
import { verifyMail } from './mails';
import { randomSecret, sha256 } from './secrets';

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

/** The account of a confirmed address: what others reach when they trust or send to an e-mail. */
export async function findVerifiedUserByEmail(db: Db, email: string) {
  const user = await findUserByEmail(db, email);
  return user?.email_verified_at ? user : undefined;
}

/** Replaces the person's confirmation link with a new one and mails it (only the newest link works). */
export async function sendVerification(
  trx: Db,
  config: IdentityConfig,
  user: { id: string; email: string; first_name: string },
) {
  const token = randomSecret();
  const ttl = config.VERIFY_TOKEN_TTL_HOURS;
  const row = { token_hash: sha256(token), expires_at: new Date(Date.now() + ttl * 3_600_000) };
  await trx
    .insertInto('email_verifications')
    .values({ user_id: user.id, ...row })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
    .execute();
  const link = new URL('/verify-email', config.PUBLIC_URL);
  link.searchParams.set('token', token);
  await enqueueMail(trx, verifyMail(user.email, user.first_name, link.toString(), ttl));
}

/**
 * The person proved their address (a confirmation or reset link reached them): trust waiting for it
 * becomes real, and `identity.user.verified` lets tasks hand over the tasks waiting for it. False when it
 * was confirmed already.
 */
export async function markVerified(trx: Db, userId: string) {
  const user = await trx
    .updateTable('users')
    .set({ email_verified_at: sql<Date>`now()` })
    .where('id', '=', userId)
    .where('email_verified_at', 'is', null)
    .returning(['id', 'email'])
    .executeTakeFirst();
  if (!user) return false;
  await trx.deleteFrom('email_verifications').where('user_id', '=', user.id).execute();
  await enqueueEvent(trx, 'identity.user.verified', {
    actorId: user.id,
    audience: [user.id],
    data: { userId: user.id, email: user.email },
  });
  await claimTrustInvitations(trx, user);
  return true;
}

/**
 * Trust that people gave this e-mail before it had a confirmed account becomes real trust on confirmation.
 */
async function claimTrustInvitations(trx: IdentityDb, user: { id: string; email: string }) {
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
