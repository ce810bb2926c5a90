import { randomUUID } from 'node:crypto';
import { ACCESS_ALGORITHM } from '@baton/service-kit';
import {
  type CryptoKey,
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JSONWebKeySet,
  type JWK,
} from 'jose';
import type { IdentityDb } from '../../context';
import { insertSigningKey, signingKeyRows } from './keys.repository';

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
export async function loadSigningKeys(db: IdentityDb): Promise<SigningKeys> {
  let rows = await signingKeyRows(db);
  if (rows.length === 0) {
    const pair = await generateKeyPair(ACCESS_ALGORITHM, { crv: 'Ed25519', extractable: true });
    const kid = randomUUID();
    const publicJwk = { ...(await exportJWK(pair.publicKey)), kid, alg: ACCESS_ALGORITHM, use: 'sig' };
    const privateJwk = { ...(await exportJWK(pair.privateKey)), kid, alg: ACCESS_ALGORITHM };
    await insertSigningKey(db, {
      kid,
      private_jwk: JSON.stringify(privateJwk),
      public_jwk: JSON.stringify(publicJwk),
    });
    rows = await signingKeyRows(db);
  }
  const newest = rows[0];
  if (!newest) throw new Error('no signing key');
  const privateKey = (await importJWK(newest.private_jwk as JWK, ACCESS_ALGORITHM)) as CryptoKey;
  const jwks: JSONWebKeySet = { keys: rows.map((r) => r.public_jwk as JWK) };
  return { kid: newest.kid, privateKey, jwks, resolver: createLocalJWKSet(jwks) };
}
