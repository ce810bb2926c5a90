import { type AccessClaims, accessClaims, accessTokenType } from '@baton/contracts';
import type { MiddlewareHandler } from 'hono';
import { createRemoteJWKSet, type JWTVerifyGetKey, jwtVerify } from 'jose';
import type { AppEnv } from './app';
import { unauthorized } from './errors';
import type { RevocationList } from './revocations';

export interface AuthContext {
  userId: string;
  email: string;
  sessionId: string;
  claims: AccessClaims;
  /** The verified token itself, for calls made on the person's behalf to another service. */
  token: string;
}

export interface TokenVerifierOptions {
  /** identity's JWKS URL, or a key resolver (single-process mode hands identity's keys over directly). */
  keys: URL | JWTVerifyGetKey;
  issuer: string;
  audience: string;
  /** Ended sessions, refused although their tokens are still within `exp`. */
  revocations?: RevocationList;
}

export type TokenVerifier = (token: string) => Promise<AuthContext>;

export const ACCESS_ALGORITHM = 'EdDSA';

/** How long a verified token is taken on trust before its signature is checked again (a key may be withdrawn). */
export const VERIFIED_TOKEN_TTL_MS = 60_000;
/** At most this many verified tokens are remembered (the oldest go first). */
const verifiedTokensMax = 5_000;

/**
 * Verifies an access token: signature from the JWKS, algorithm, issuer, audience, `typ`, expiry, claim
 * shapes, and that its session has not been revoked. A person presents the same token on every request
 * until it is renewed, so a verified token's claims are remembered for a minute (never past its `exp`):
 * the signature is not checked again on each request, while expiry and revocation are.
 */
export function createTokenVerifier(options: TokenVerifierOptions): TokenVerifier {
  const keys =
    options.keys instanceof URL
      ? createRemoteJWKSet(options.keys, { cooldownDuration: 30_000, cacheMaxAge: 10 * 60_000 })
      : options.keys;
  const verified = new Map<string, { claims: AccessClaims; until: number }>();
  const claimsOf = async (token: string) => {
    const now = Date.now();
    const known = verified.get(token);
    if (known && known.until > now) return known.claims;
    verified.delete(token);
    const { payload } = await jwtVerify(token, keys, {
      algorithms: [ACCESS_ALGORITHM],
      issuer: options.issuer,
      audience: options.audience,
      typ: accessTokenType,
      requiredClaims: ['sub', 'exp', 'iat', 'jti'],
    });
    const claims = accessClaims.parse(payload);
    if (verified.size >= verifiedTokensMax) verified.delete(verified.keys().next().value as string);
    verified.set(token, { claims, until: Math.min(now + VERIFIED_TOKEN_TTL_MS, claims.exp * 1000) });
    return claims;
  };
  return async (token) => {
    const claims = await claimsOf(token);
    if (options.revocations?.isRevoked(claims.sid)) throw new Error('session revoked');
    return { userId: claims.sub, email: claims.email, sessionId: claims.sid, claims, token };
  };
}

export const bearerToken = (header: string | undefined) => {
  const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/.exec(header ?? '');
  return match?.[1];
};

/** Rejects the request with 401 unless it carries a valid bearer access token; sets `c.var.auth`. */
export function requireAuth(verify: TokenVerifier): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = bearerToken(c.req.header('authorization'));
    if (!token) throw unauthorized();
    let auth: AuthContext;
    try {
      auth = await verify(token);
    } catch {
      throw unauthorized('Token is invalid or expired');
    }
    c.set('auth', auth);
    await next();
  };
}
