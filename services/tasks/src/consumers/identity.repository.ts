import type { Language } from '@baton/contracts';
import type { TasksTrx } from '../context';

/** What tasks keeps of a person: name, address, whether they confirmed it, and their language when known. */
export function upsertUser(
  trx: TasksTrx,
  user: {
    id: string;
    email: string;
    first_name: string;
    last_name: string;
    email_verified: boolean;
    language?: Language;
  },
) {
  const { id, ...row } = user;
  return trx
    .insertInto('users')
    .values(user)
    .onConflict((oc) => oc.column('id').doUpdateSet(row))
    .execute();
}

/** The person confirmed their address; it and their language, if tasks knows them. */
export const markVerified = (trx: TasksTrx, userId: string) =>
  trx
    .updateTable('users')
    .set({ email_verified: true })
    .where('id', '=', userId)
    .returning(['email', 'language'])
    .executeTakeFirst();

/** The tasks waiting for `email` (sent before it had an account) become `userId`'s; their ids. */
export async function claimRecipientEntries(trx: TasksTrx, userId: string, email: string) {
  const waiting = await trx
    .updateTable('task_recipients')
    .set({ user_id: userId })
    .where('email', '=', email)
    .where('user_id', 'is', null)
    .returning('task_id')
    .execute();
  const taskIds = waiting.map((w) => w.task_id);
  if (taskIds.length > 0)
    await trx.updateTable('tasks').set({ recipient_id: userId }).where('id', 'in', taskIds).execute();
  return taskIds;
}

/**
 * The person's tasks, recipient entries, progress notes, comments, trust, folders, calendar feed, saved views,
 * bulk changes and name go.
 */
export async function erasePersonRows(trx: TasksTrx, userId: string) {
  await trx.deleteFrom('tasks').where('owner_id', '=', userId).execute();
  await trx.deleteFrom('task_recipients').where('user_id', '=', userId).execute();
  await trx.updateTable('tasks').set({ recipient_id: null }).where('recipient_id', '=', userId).execute();
  await trx.deleteFrom('progress_logs').where('author_id', '=', userId).execute();
  // Their comments leave with them; the others' comments in the same threads stay.
  await trx.deleteFrom('comments').where('author_id', '=', userId).execute();
  await trx
    .deleteFrom('trusts')
    .where((eb) => eb.or([eb('owner_id', '=', userId), eb('trusted_id', '=', userId)]))
    .execute();
  await trx.deleteFrom('folders').where('owner_id', '=', userId).execute();
  // Their calendar feed's address answers 404 from now on.
  await trx.deleteFrom('calendar_feeds').where('user_id', '=', userId).execute();
  // Their saved views, and the bulk changes they could still undo (files erases their uploads itself).
  await trx.deleteFrom('saved_views').where('user_id', '=', userId).execute();
  await trx.deleteFrom('bulk_changes').where('user_id', '=', userId).execute();
  await trx.deleteFrom('users').where('id', '=', userId).execute();
}

export const addTrust = (trx: TasksTrx, ownerId: string, trustedId: string) =>
  trx
    .insertInto('trusts')
    .values({ owner_id: ownerId, trusted_id: trustedId })
    .onConflict((oc) => oc.doNothing())
    .execute();

export const removeTrust = (trx: TasksTrx, ownerId: string, trustedId: string) =>
  trx.deleteFrom('trusts').where('owner_id', '=', ownerId).where('trusted_id', '=', trustedId).execute();
