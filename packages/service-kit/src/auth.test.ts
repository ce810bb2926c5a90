import { randomUUID } from 'node:crypto';
import { generateKeyPair, type JWTVerifyGetKey, SignJWT } from 'jose';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTokenVerifier, VERIFIED_TOKEN_TTL_MS } from './auth';
import type { RevocationList } from './revocations';

let keys: Awaited<ReturnType<typeof generateKeyPair>>;
beforeAll(async () => {
  keys = await generateKeyPair('EdDSA');
});
afterEach(() => {
  vi.useRealTimers();
});

const sign = (expiresInSeconds: number, sid = randomUUID()) => {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ email: 'ada@example.com', sid })
    .setProtectedHeader({ alg: 'EdDSA', typ: 'at+jwt' })
    .setSubject(randomUUID())
    .setIssuer('baton-identity')
    .setAudience('baton')
    .setIssuedAt(now)
    .setJti(randomUUID())
    .setExpirationTime(now + expiresInSeconds)
    .sign(keys.privateKey);
};

/** A verifier whose key lookups are counted, and can be withdrawn (a rotated-out key). */
function verifier(revoked = new Set<string>()) {
  const lookups = { count: 0, withdrawn: false };
  const resolver: JWTVerifyGetKey = async () => {
    lookups.count += 1;
    if (lookups.withdrawn) throw new Error('no such key');
    return keys.publicKey;
  };
  const revocations = { isRevoked: (sid: string) => revoked.has(sid) } as unknown as RevocationList;
  const verify = createTokenVerifier({
    keys: resolver,
    issuer: 'baton-identity',
    audience: 'baton',
    revocations,
  });
  return { verify, lookups };
}

describe('the token verifier remembers verified tokens', () => {
  it('checks a token once, then takes it on trust for a minute', async () => {
    const { verify, lookups } = verifier();
    const token = await sign(600);
    for (let i = 0; i < 5; i += 1) expect((await verify(token)).token).toBe(token);
    expect(lookups.count).toBe(1);
  });

  it('checks the signature again after a minute: a withdrawn key then refuses the token', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { verify, lookups } = verifier();
    const token = await sign(3600);
    await verify(token);
    lookups.withdrawn = true;
    vi.setSystemTime(Date.now() + VERIFIED_TOKEN_TTL_MS - 1000);
    await verify(token);
    vi.setSystemTime(Date.now() + 2000);
    await expect(verify(token)).rejects.toThrow();
  });

  it('refuses a remembered token once it expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { verify } = verifier();
    const token = await sign(5);
    await verify(token);
    vi.setSystemTime(Date.now() + 6000);
    await expect(verify(token)).rejects.toThrow();
  });

  it('refuses a remembered token whose session was revoked meanwhile', async () => {
    const revoked = new Set<string>();
    const { verify } = verifier(revoked);
    const sid = randomUUID();
    const token = await sign(600, sid);
    await verify(token);
    revoked.add(sid);
    await expect(verify(token)).rejects.toThrow('session revoked');
  });

  it('never answers another token from memory: one character changed is verified, and refused', async () => {
    const { verify } = verifier();
    const token = await sign(600);
    await verify(token);
    const tampered = `${token.slice(0, -2)}${token.at(-2) === 'A' ? 'B' : 'A'}${token.at(-1)}`;
    await expect(verify(tampered)).rejects.toThrow();
  });
});
