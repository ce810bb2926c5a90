import { randomUUID } from 'node:crypto';
import { type CryptoKey, decodeJwt, generateKeyPair, SignJWT } from 'jose';

export interface ForgeOptions {
  alg?: 'EdDSA' | 'HS256' | 'ES256';
  typ?: string;
  iss?: string;
  aud?: string;
  expiresInSeconds?: number;
  sub?: string;
  /**
   * The key to sign with: one the verifier trusts (identity's signing key and its kid), so that a refusal
   * can only come from the claim under test. Without it a fresh key nobody trusts signs.
   */
  key?: { privateKey: CryptoKey; kid: string };
  /** A real access token whose subject, e-mail and session the forged one carries (an open session). */
  like?: string;
}

/**
 * Signs an access-token-shaped JWT. With `key` and `like` and nothing else it is a token the verifier
 * accepts (the control case); each other option changes one thing about it, so a test proves that the
 * verifier refuses exactly that: a foreign key, a wrong algorithm, issuer, audience or type, an expiry.
 */
export async function forgeToken(options: ForgeOptions = {}) {
  const alg = options.alg ?? 'EdDSA';
  const key =
    alg === 'HS256'
      ? new TextEncoder().encode('not-a-secret-anyone-trusts-000000')
      : alg === 'EdDSA' && options.key
        ? options.key.privateKey
        : (await generateKeyPair(alg)).privateKey;
  const real = options.like ? decodeJwt(options.like) : undefined;
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    email: (real?.email as string | undefined) ?? 'mallory@example.com',
    sid: (real?.sid as string | undefined) ?? randomUUID(),
  })
    .setProtectedHeader({
      alg,
      typ: options.typ ?? 'at+jwt',
      ...(options.key && alg === 'EdDSA' ? { kid: options.key.kid } : {}),
    })
    .setSubject(options.sub ?? real?.sub ?? randomUUID())
    .setIssuer(options.iss ?? 'baton-identity')
    .setAudience(options.aud ?? 'baton')
    .setIssuedAt(now - 10)
    .setJti(randomUUID())
    .setExpirationTime(now + (options.expiresInSeconds ?? 600))
    .sign(key);
}

/**
 * The tokens a verifier must refuse, each one change away from the accepted control token of `forgeToken`
 * (`key` and `like` given): a foreign key, HS256, the wrong type, issuer or audience, an expiry past.
 */
export const badTokenCases: [name: string, change: ForgeOptions][] = [
  ['a foreign key', { key: undefined }],
  ['HS256', { alg: 'HS256' }],
  ['the wrong typ', { typ: 'JWT' }],
  ['the wrong issuer', { iss: 'evil' }],
  ['the wrong audience', { aud: 'other' }],
  ['an expired one', { expiresInSeconds: -60 }],
];
