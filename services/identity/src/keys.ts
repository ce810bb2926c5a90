import { randomUUID } from 'node:crypto';
import { ACCESS_ALGORITHM, type Database } from '@baton/service-kit';
import {
  type CryptoKey,
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JSONWebKeySet,
  type JWK,
} from 'jose';
import type { IdentityTables } from './db/schema';

export interface SigningKeys {
  kid: string;
  privateKey: CryptoKey;
  jwks: JSONWebKeySet;
  /** Key resolver over the published keys, for verifiers in the same process. */
  resolver: ReturnType<typeof createLocalJWKSet>;
}

/**
 * Loads identity's Ed25519 signing key from its database, creating it on first start. Replicas share
 * the row, so any replica can sign and the JWKS lists every key still in the table.
 */
export async function loadSigningKeys(db: Database<IdentityTables>): Promise<SigningKeys> {
  let rows = await db.selectFrom('signing_keys').selectAll().orderBy('created_at', 'desc').execute();
  if (rows.length === 0) {
    const pair = await generateKeyPair(ACCESS_ALGORITHM, { crv: 'Ed25519', extractable: true });
    const kid = randomUUID();
    const publicJwk = { ...(await exportJWK(pair.publicKey)), kid, alg: ACCESS_ALGORITHM, use: 'sig' };
    const privateJwk = { ...(await exportJWK(pair.privateKey)), kid, alg: ACCESS_ALGORITHM };
    await db
      .insertInto('signing_keys')
      .values({ kid, private_jwk: JSON.stringify(privateJwk), public_jwk: JSON.stringify(publicJwk) })
      .execute();
    rows = await db.selectFrom('signing_keys').selectAll().orderBy('created_at', 'desc').execute();
  }
  const newest = rows[0];
  if (!newest) throw new Error('no signing key');
  const privateKey = (await importJWK(newest.private_jwk as JWK, ACCESS_ALGORITHM)) as CryptoKey;
  const jwks: JSONWebKeySet = { keys: rows.map((r) => r.public_jwk as JWK) };
  return { kid: newest.kid, privateKey, jwks, resolver: createLocalJWKSet(jwks) };
}
