import type { TrustedUserEntry } from '@baton/contracts';
import type { IdentityDb, IdentityTrx } from '../../context';

type Db = IdentityDb | IdentityTrx;

const entryQuery = (db: Db) =>
  db
    .selectFrom('trusted_users as t')
    .innerJoin('users as u', 'u.id', 't.trusted_id')
    .select(['t.id', 't.created_at', 'u.id as user_id', 'u.first_name', 'u.last_name', 'u.email']);

type EntryRow = Awaited<ReturnType<ReturnType<typeof entryQuery>['executeTakeFirstOrThrow']>>;

/** Both shapes SPEC §3 says the views read: nested `trusted` and the flat names and e-mail. */
const toEntry = (r: EntryRow): TrustedUserEntry => ({
  id: r.id,
  created_at: r.created_at.toISOString(),
  trusted: { id: r.user_id, first_name: r.first_name, last_name: r.last_name, email: r.email },
  first_name: r.first_name,
  last_name: r.last_name,
  email: r.email,
});

export async function listTrusted(db: Db, ownerId: string) {
  const rows = await entryQuery(db)
    .where('t.owner_id', '=', ownerId)
    .orderBy('t.created_at', 'desc')
    .execute();
  return rows.map(toEntry);
}

export async function getTrusted(db: Db, id: string) {
  const row = await entryQuery(db).where('t.id', '=', id).executeTakeFirst();
  return row && toEntry(row);
}

/** Inserts the pair; undefined when it already existed. */
export async function insertTrusted(db: Db, ownerId: string, trustedId: string) {
  const row = await db
    .insertInto('trusted_users')
    .values({ owner_id: ownerId, trusted_id: trustedId })
    .onConflict((oc) => oc.columns(['owner_id', 'trusted_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export const deleteTrusted = (db: Db, ownerId: string, id: string) =>
  db
    .deleteFrom('trusted_users')
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .returning('trusted_id')
    .executeTakeFirst();

/** Records an invitation; true when none was sent to this e-mail by this owner in the last day. */
export async function recordInvitation(db: Db, ownerId: string, email: string) {
  const row = await db
    .insertInto('trust_invitations')
    .values({ owner_id: ownerId, email })
    .onConflict((oc) =>
      oc
        .columns(['owner_id', 'email'])
        .doUpdateSet({ invited_at: new Date() })
        .where('trust_invitations.invited_at', '<', new Date(Date.now() - 86_400_000)),
    )
    .returning('email')
    .executeTakeFirst();
  return row !== undefined;
}

/** The invitations sent to `email`, removed; their senders' ids. */
export const takeInvitations = (db: Db, email: string) =>
  db.deleteFrom('trust_invitations').where('email', '=', email).returning('owner_id').execute();

/** Trusts `trustedId` on `ownerId`'s behalf, unless that is the case already. */
export const trustIfMissing = (db: Db, ownerId: string, trustedId: string) =>
  db
    .insertInto('trusted_users')
    .values({ owner_id: ownerId, trusted_id: trustedId })
    .onConflict((oc) => oc.doNothing())
    .execute();
