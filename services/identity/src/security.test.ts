import { Writable } from 'node:stream';
import { identityMessages as m } from '@baton/contracts';
import { createLogger } from '@baton/service-kit';
import { forgeToken, jsonRequest, makeUser, readJson, signUp } from '@baton/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestIdentity, type TestIdentity } from './testing';

describe('rate limits', () => {
  let t: TestIdentity;
  beforeAll(async () => {
    t = await startTestIdentity({
      config: { RATE_LIMITS: true },
      rateLimits: {
        login: { max: 3, windowMs: 60_000 },
        reset: { max: 2, windowMs: 60_000 },
        passwordChange: { max: 3, windowMs: 60_000 },
      },
    });
  });
  afterAll(() => t.close());

  it('answer 429 with a clear message and Retry-After once the budget is spent', async () => {
    const body = { email: 'someone@example.com', password: 'whatever!' };
    for (let i = 0; i < 3; i++)
      expect((await t.request('/login/', jsonRequest('POST', body))).status).toBe(401);
    const limited = await t.request('/login/', jsonRequest('POST', body));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await readJson(limited)).error).toBe(m.rateLimited);
  });

  it('stop guessing the current password through change-password, per account', async () => {
    const user = await signUp(t.request);
    const other = await signUp(t.request);
    const change = (who: typeof user, currentPassword: string) =>
      t.request(
        '/api/settings/change-password/',
        jsonRequest(
          'POST',
          { currentPassword, newPassword: 'brand new pass', confirmPassword: 'brand new pass' },
          who.access,
        ),
      );
    for (let i = 0; i < 3; i++) expect((await change(user, `guess ${i}`)).status).toBe(400);
    const limited = await change(user, user.password);
    expect(limited.status).toBe(429);
    expect((await readJson(limited)).error).toBe(m.rateLimited);
    expect((await change(other, other.password)).status).toBe(200);
  });

  it('count per client address', async () => {
    const reset = (ip: string) =>
      t.request('/api/auth/password-reset/request/', {
        ...jsonRequest('POST', { email: 'x@example.com' }),
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      });
    await reset('10.0.0.1');
    await reset('10.0.0.1');
    expect((await reset('10.0.0.1')).status).toBe(429);
    expect((await reset('10.0.0.2')).status).toBe(200);
  });
});

describe('access tokens', () => {
  let t: TestIdentity;
  beforeAll(async () => {
    t = await startTestIdentity();
  });
  afterAll(() => t.close());

  it.each([
    ['a foreign key', {}],
    ['HS256', { alg: 'HS256' as const }],
    ['the wrong typ', { typ: 'JWT' }],
    ['the wrong issuer', { iss: 'evil' }],
    ['the wrong audience', { aud: 'other' }],
    ['an expired one', { expiresInSeconds: -60 }],
  ])('refuses %s', async (_name, options) => {
    const token = await forgeToken(options);
    expect((await t.request('/api/token/check/', jsonRequest('GET', undefined, token))).status).toBe(401);
  });

  it('publishes an Ed25519 JWKS without private parts', async () => {
    const jwks = await readJson(t.request('/.well-known/jwks.json'));
    expect(jwks.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
    expect(jwks.keys[0].d).toBeUndefined();
  });

  it('signs tokens with typ at+jwt, EdDSA, issuer, audience, sid and a short expiry', async () => {
    const user = await signUp(t.request);
    const [header, payload] = user.access
      .split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()));
    expect(header).toMatchObject({ alg: 'EdDSA', typ: 'at+jwt' });
    expect(payload).toMatchObject({ sub: user.id, email: user.email, iss: 'baton-identity', aud: 'baton' });
    expect(payload.exp - payload.iat).toBe(1800);
    expect(payload.sid).toBeTruthy();
    expect(payload.jti).toBeTruthy();
  });
});

describe('logs', () => {
  it('never contain passwords or tokens', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = createLogger({ name: 'identity', level: 'debug', destination: sink });
    const t = await startTestIdentity({ logger });
    try {
      const user = makeUser();
      const signed = await signUp(t.request, user);
      await t.request('/login/', jsonRequest('POST', { email: user.email, password: user.password }));
      const rotated = await readJson(
        t.request('/api/token/refresh/', jsonRequest('POST', { refresh: signed.refresh })),
      );
      await t.request('/api/token/refresh/', jsonRequest('POST', { refresh: signed.refresh })); // reuse: logged
      await t.request('/api/auth/password-reset/request/', jsonRequest('POST', { email: user.email }));
      const mail = await t.smtp.waitFor(user.email);
      const token = new URL(/https?:\/\/\S+/.exec(mail.text)?.[0] ?? '').searchParams.get('token') ?? '';
      const log = lines.join('');
      expect(log).toContain('"route":"/login/"');
      for (const secret of [user.password, signed.access, signed.refresh, rotated.refresh, token]) {
        expect(secret.length).toBeGreaterThan(7);
        expect(log).not.toContain(secret);
      }
    } finally {
      await t.close();
    }
  });
});
