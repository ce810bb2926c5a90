import type { Preferences, PublicUser } from '@baton/contracts';
import { sql } from 'kysely';
import type { IdentityDb, IdentityTrx } from '../../context';

type Db = IdentityDb | IdentityTrx;

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

/** A new, unconfirmed account; undefined when the address has one already. */
export const insertUser = (
  db: Db,
  user: { email: string; first_name: string; last_name: string; password_hash: string },
) =>
  db
    .insertInto('users')
    .values(user)
    .onConflict((oc) => oc.column('email').doNothing())
    .returningAll()
    .executeTakeFirst();

export const setPassword = (db: Db, userId: string, passwordHash: string) =>
  db
    .updateTable('users')
    .set({ password_hash: passwordHash, password_changed_at: sql<Date>`now()` })
    .where('id', '=', userId)
    .execute();

/** Confirms the person's address; undefined when it was confirmed already. */
export const setEmailVerified = (db: Db, userId: string) =>
  db
    .updateTable('users')
    .set({ email_verified_at: sql<Date>`now()` })
    .where('id', '=', userId)
    .where('email_verified_at', 'is', null)
    .returning(['id', 'email'])
    .executeTakeFirst();

export const preferencesRow = (db: Db, userId: string) =>
  db
    .selectFrom('users')
    .select('notification_sound_enabled')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();

export const updatePreferencesRow = (db: Db, userId: string, preferences: Preferences) =>
  db
    .updateTable('users')
    .set({ notification_sound_enabled: preferences.notificationSoundEnabled })
    .where('id', '=', userId)
    .returning('notification_sound_enabled')
    .executeTakeFirstOrThrow();

/** Sessions, tokens, resets and trust in both directions go with the user row (ON DELETE CASCADE). */
export const deleteUser = (db: Db, userId: string) =>
  db.deleteFrom('users').where('id', '=', userId).execute();
