import type { FileOwnerRef } from '@baton/contracts';
import { limits } from '@baton/contracts/constants';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { FilesDb, FilesTrx } from '../../context';
import type { FilesTables } from '../../db/schema';

type Db = FilesDb | FilesTrx;
export type Upload = Selectable<FilesTables['uploads']>;

/** Bytes `ownerId`'s files take: stored and attached ones at their size, pending ones at their declared size. */
export async function usedBytes(db: Db, ownerId: string) {
  const { used } = await db
    .selectFrom('uploads')
    .select(sql<string>`coalesce(sum(coalesce(size, declared_size, ${limits.fileBytes})), 0)`.as('used'))
    .where('owner_id', '=', ownerId)
    .where('state', '!=', 'deleted')
    .executeTakeFirstOrThrow();
  return Number(used);
}

/** Locks the person's quota until the transaction ends, so two presigns at once cannot both fit. */
export const lockQuota = (trx: FilesTrx, ownerId: string) =>
  sql`select pg_advisory_xact_lock(hashtextextended(${`quota:${ownerId}`}, 0))`.execute(trx);

export const isErased = async (db: Db, userId: string) =>
  Boolean(await db.selectFrom('erased_users').select('id').where('id', '=', userId).executeTakeFirst());

/** Remembers a deleted account: nothing presigned for it later is kept. */
export const rememberErased = (trx: FilesTrx, userId: string) =>
  trx
    .insertInto('erased_users')
    .values({ id: userId })
    .onConflict((oc) => oc.doNothing())
    .execute();

export const insertUpload = (db: Db, upload: Insertable<FilesTables['uploads']>) =>
  db.insertInto('uploads').values(upload).execute();

export const uploadByKey = (db: Db, key: string) =>
  db.selectFrom('uploads').selectAll().where('key', '=', key).executeTakeFirst();

/** The owner's upload under `key` that is not deleted. */
export const ownUpload = (db: Db, key: string, ownerId: string) =>
  db
    .selectFrom('uploads')
    .selectAll()
    .where('key', '=', key)
    .where('owner_id', '=', ownerId)
    .where('state', '!=', 'deleted')
    .executeTakeFirst();

/** The upload under `key` attached to `ref`. */
export const attachedUpload = (db: Db, key: string, ref: FileOwnerRef) =>
  db
    .selectFrom('uploads')
    .selectAll()
    .where('key', '=', key)
    .where('state', '=', 'attached')
    .where('ref_kind', '=', ref.kind)
    .where('ref_id', '=', ref.id)
    .executeTakeFirst();

/** Records a pending upload's bytes as stored; undefined when it is no longer pending. */
export const markStored = (db: Db, key: string, stored: { size: number; contentType: string }) =>
  db
    .updateTable('uploads')
    .set({
      state: 'stored',
      size: String(stored.size),
      content_type: stored.contentType,
      stored_at: new Date(),
    })
    .where('key', '=', key)
    .where('state', '=', 'pending')
    .returningAll()
    .executeTakeFirst();

/** Attaches a stored upload to `ref` (again, when it is attached to `ref` already); undefined when it is not free. */
export const attachUpload = (db: Db, key: string, ref: FileOwnerRef) =>
  db
    .updateTable('uploads')
    .set({ state: 'attached', ref_kind: ref.kind, ref_id: ref.id, attached_at: new Date() })
    .where('key', '=', key)
    .where((eb) =>
      eb.or([eb('state', '=', 'stored'), eb.and([eb('ref_kind', '=', ref.kind), eb('ref_id', '=', ref.id)])]),
    )
    .returningAll()
    .executeTakeFirst();

/** Makes the owner's upload attached to `ref` stored and unclaimed again; whether it was. */
export const detachUpload = async (db: Db, key: string, ownerId: string, ref: FileOwnerRef) =>
  (await db
    .updateTable('uploads')
    .set({ state: 'stored', ref_kind: null, ref_id: null, attached_at: null })
    .where('key', '=', key)
    .where('owner_id', '=', ownerId)
    .where('state', '=', 'attached')
    .where('ref_kind', '=', ref.kind)
    .where('ref_id', '=', ref.id)
    .returning('key')
    .executeTakeFirst()) !== undefined;

export const markDeleted = (db: Db, keys: string[]) =>
  db
    .updateTable('uploads')
    .set({ state: 'deleted', deleted_at: new Date(), ref_kind: null, ref_id: null })
    .where('key', 'in', keys)
    .execute();

/** The upload under `key` if it is attached to `ref`, locked until the transaction ends. */
export const lockAttached = (trx: FilesTrx, key: string, ref: FileOwnerRef) =>
  trx
    .selectFrom('uploads')
    .select('key')
    .where('key', '=', key)
    .where('ref_kind', '=', ref.kind)
    .where('ref_id', '=', ref.id)
    .forUpdate()
    .execute();

/** Every upload of the person that is not deleted, locked until the transaction ends. */
export const lockOwnUploads = (trx: FilesTrx, ownerId: string) =>
  trx
    .selectFrom('uploads')
    .select('key')
    .where('owner_id', '=', ownerId)
    .where('state', '!=', 'deleted')
    .forUpdate()
    .execute();

/**
 * Up to `limit` of the oldest uploads nothing claimed within `olderThanMs` (pending or stored), locked until
 * the transaction ends; rows another sweeper holds are skipped.
 */
export const lockUnclaimed = (trx: FilesTrx, olderThanMs: number, limit: number) =>
  trx
    .selectFrom('uploads')
    .select('key')
    .where('state', 'in', ['pending', 'stored'])
    .where('created_at', '<', sql<Date>`now() - ${`${olderThanMs} milliseconds`}::interval`)
    .orderBy('created_at')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
