import { randomUUID } from 'node:crypto';
import { generateKeyPair, SignJWT } from 'jose';

export interface ForgeOptions {
  alg?: 'EdDSA' | 'HS256' | 'ES256';
  typ?: string;
  iss?: string;
  aud?: string;
  expiresInSeconds?: number;
  sub?: string;
}

/**
 * Signs an access-token-shaped JWT with a key nobody trusts (or a shared secret for HS256), to prove
 * that verifiers refuse foreign keys, wrong algorithms, issuers, audiences, types and expired tokens.
 */
export async function forgeToken(options: ForgeOptions = {}) {
  const alg = options.alg ?? 'EdDSA';
  const key =
    alg === 'HS256'
      ? new TextEncoder().encode('not-a-secret-anyone-trusts-000000')
      : (await generateKeyPair(alg)).privateKey;
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ email: 'mallory@example.com', sid: randomUUID() })
    .setProtectedHeader({ alg, typ: options.typ ?? 'at+jwt' })
    .setSubject(options.sub ?? randomUUID())
    .setIssuer(options.iss ?? 'baton-identity')
    .setAudience(options.aud ?? 'baton')
    .setIssuedAt(now - 10)
    .setJti(randomUUID())
    .setExpirationTime(now + (options.expiresInSeconds ?? 600))
    .sign(key);
}
