import type { IdentityDb, IdentityTrx } from '../../context';

type Db = IdentityDb | IdentityTrx;

/** Every signing key still in the table, the newest first. */
export const signingKeyRows = (db: Db) =>
  db.selectFrom('signing_keys').selectAll().orderBy('created_at', 'desc').execute();

export const insertSigningKey = (db: Db, row: { kid: string; private_jwk: string; public_jwk: string }) =>
  db.insertInto('signing_keys').values(row).execute();
