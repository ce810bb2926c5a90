import { Writable } from 'node:stream';
import { identityMessages as m } from '@baton/contracts';
import { createLogger } from '@baton/service-kit';
import { outboxDrained } from '@baton/service-kit/testing';
import {
  badTokenCases,
  databaseServerUrl,
  type ForgeOptions,
  forgeToken,
  jsonRequest,
  makeUser,
  readJson,
  signUp,
} from '@baton/test-kit';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createIdentity } from './app';
import { startTestIdentity, type TestIdentity } from './testing';

/** A login attempt from `address` (the gateway's X-Forwarded-For), with a cookie header when given. */
const loginFrom = (
  request: TestIdentity['request'],
  address: string,
  email: string,
  password = 'whatever!',
  cookie?: string,
) => {
  const attempt = jsonRequest('POST', { email, password });
  const headers = { ...attempt.headers, 'x-forwarded-for': address, ...(cookie ? { cookie } : {}) };
  return request('/login/', { ...attempt, headers });
};

let addresses = 0;
/** A new person, signed up and in from an address of their own (so that no test's address budget pays for it). */
const newPerson = (request: TestIdentity['request']) => {
  addresses += 1;
  const address = `10.200.${addresses >> 8}.${addresses & 255}`;
  return signUp((path, init) =>
    request(path, { ...init, headers: { ...init?.headers, 'x-forwarded-for': address } }),
  );
};

/** The `name=value` of the device cookie a sign-in's answer sets. */
const deviceCookieOf = (res: Response) => {
  const set = res.headers.get('set-cookie') ?? '';
  expect(set).toMatch(/^baton_device=[^;]+; Path=\/login\/; Max-Age=\d+; HttpOnly; SameSite=Strict$/);
  return set.split(';')[0] as string;
};

describe('rate limits', () => {
  let t: TestIdentity;
  const rateLimits = {
    login: { max: 3, windowMs: 60_000 },
    reset: { max: 2, windowMs: 60_000 },
    resetConfirm: { max: 3, windowMs: 60_000 },
    passwordChange: { max: 3, windowMs: 60_000 },
    refresh: { max: 3, windowMs: 60_000 },
    refreshUnknown: { max: 3, windowMs: 60_000 },
  };
  beforeAll(async () => {
    t = await startTestIdentity({ config: { RATE_LIMITS: true }, rateLimits });
  });
  afterAll(() => t.close());

  it('hold across replicas: a second identity on the same database spends the same budget', async () => {
    const replica = await createIdentity({
      databaseUrl: databaseServerUrl(),
      database: t.database,
      bus: t.bus,
      config: t.identity.deps.config,
      rateLimits,
    });
    try {
      const other = (path: string, init?: RequestInit) => replica.app.request(path, init);
      const statuses = [];
      // Other e-mails each time: only the address's budget (3 a minute) is shared.
      for (const [i, request] of [t.request, other, t.request, other].entries())
        statuses.push((await loginFrom(request, '10.9.9.9', `replicas-${i}@example.com`)).status);
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await replica.close();
    }
  });

  it('answer 429 with a clear message and Retry-After once the budget is spent', async () => {
    const body = { email: 'someone@example.com', password: 'whatever!' };
    for (let i = 0; i < 3; i++)
      expect((await t.request('/login/', jsonRequest('POST', body))).status).toBe(401);
    const limited = await t.request('/login/', jsonRequest('POST', body));
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect((await readJson(limited)).error).toBe(m.rateLimited(retryAfter));
    expect(m.rateLimited(retryAfter)).toBe('Too many attempts. Please wait a minute and try again.');
  });

  it('announce the wait Retry-After gives: a 15-minute account lock does not say "a minute"', async () => {
    expect(m.rateLimited(900)).toBe('Too many attempts. Please try again in 15 minutes.');
    expect(m.rateLimited(61)).toBe('Too many attempts. Please try again in 2 minutes.');
    const attempt = (address: string) => loginFrom(t.request, address, 'locked@example.com');
    // From a new address each time, so the account's budget (15 minutes) runs out, not an address's.
    let limited = await attempt('10.0.0.1');
    for (let i = 2; i < 20 && limited.status !== 429; i++) limited = await attempt(`10.0.0.${i}`);
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(60);
    expect((await readJson(limited)).error).toBe(m.rateLimited(retryAfter));
  });

  it('throttle password-reset confirmations per address, and refuse a bad link before hashing anything', async () => {
    const confirm = () =>
      t.request(
        '/api/auth/password-reset/confirm/',
        jsonRequest('POST', {
          uid: '00000000-0000-4000-8000-000000000000',
          token: 'not-a-token',
          newPassword: 'a new password',
          confirmPassword: 'a new password',
        }),
      );
    // Every password identity hashes goes through its hasher (passwords.ts is the one importer of argon2).
    const hashed = () => hashNew.mock.calls.length + hash.mock.calls.length;
    const hashNew = vi.spyOn(t.identity.deps.passwords, 'hashNew');
    const hash = vi.spyOn(t.identity.deps.passwords, 'hash');
    await newPerson(t.request);
    expect(hashed(), 'the count sees a hash').toBeGreaterThan(0);
    const hashedBefore = hashed();
    for (let i = 0; i < 3; i++) expect((await confirm()).status).toBe(400);
    expect(hashed()).toBe(hashedBefore);
    expect((await confirm()).status).toBe(429);
  });

  it('stop guessing the current password through change-password, per account', async () => {
    const user = await newPerson(t.request);
    const other = await newPerson(t.request);
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
    expect((await readJson(limited)).error).toBe(m.rateLimited(Number(limited.headers.get('retry-after'))));
    expect((await change(other, other.password)).status).toBe(200);
  });

  it('stop guessing the password through delete-account too, on the same budget as change-password', async () => {
    const user = await newPerson(t.request);
    const erase = (password: string) =>
      t.request('/delete-account/', jsonRequest('POST', { confirmation: 'delete', password }, user.access));
    for (let i = 0; i < 3; i++) expect((await erase(`guess ${i}`)).status).toBe(400);
    const limited = await erase(user.password);
    expect(limited.status).toBe(429);
    // Still there: the limit refused before anything was erased.
    expect((await loginFrom(t.request, '10.201.0.1', user.email, user.password)).status).toBe(200);
  });

  it('count renewals per session: junk refresh tokens from an address hold back no real session', async () => {
    const person = await newPerson(t.request);
    const refresh = (token: string, address = '10.11.0.1') =>
      t.request('/api/token/refresh/', {
        ...jsonRequest('POST', { refresh: token }),
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      });
    for (let i = 0; i < 3; i++) expect((await refresh(`junk-${i}`)).status).toBe(401);
    expect((await refresh('junk-3')).status).toBe(429);
    expect((await refresh('junk-4', '10.11.0.2')).status).toBe(401);
    // The person renews three times from the same address, then their session's budget is spent.
    let token = person.refresh;
    for (let i = 0; i < 3; i++) {
      const renewed = await refresh(token);
      expect(renewed.status).toBe(200);
      token = (await readJson(renewed)).refresh;
    }
    expect((await refresh(token, '10.11.0.3')).status).toBe(429);
    expect((await refresh((await newPerson(t.request)).refresh)).status).toBe(200);
  });

  it('cap the mails sign-up sends a taken address at 5 an hour, answering the same all the while', async () => {
    const owner = await newPerson(t.request);
    const attempt = () => {
      const intruder = makeUser({ email: owner.email });
      return t.request(
        '/user_signup/',
        jsonRequest('POST', { ...intruder, confirmPassword: intruder.password }),
      );
    };
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await (await attempt()).text());
    expect(new Set(answers).size).toBe(1);
    expect(JSON.parse(answers[0] as string).message).toBe(m.signupDone);
    const told = () =>
      t.smtp.mails.filter((mail) => mail.to.includes(owner.email) && /already/.test(mail.subject));
    // Every mail the six attempts queued has gone out: a sixth would be in the capture now.
    await outboxDrained(t.identity.deps.db, 'mail');
    expect(told()).toHaveLength(5);
  });

  it('cap "send the link again" per address: the 6th within the hour is refused', async () => {
    const person = await newPerson(t.request);
    const resend = () => t.request('/api/auth/verify-email/resend/', jsonRequest('POST', {}, person.access));
    for (let i = 0; i < 5; i++) expect((await resend()).status).toBe(200);
    const limited = await resend();
    expect(limited.status).toBe(429);
    expect((await readJson(limited)).error).toBe(m.rateLimited(Number(limited.headers.get('retry-after'))));
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

describe('sign-in throttling (OWASP): a growing delay per account and address; own addresses pass', () => {
  let u: TestIdentity;
  beforeAll(async () => {
    u = await startTestIdentity({ config: { RATE_LIMITS: true } });
  });
  afterAll(() => u.close());

  it('make an account-and-address pair wait longer after each failure from the third on', async () => {
    const address = '10.7.7.7';
    const email = 'guessed@example.com';
    const unblock = () =>
      sql`update login_failures set blocked_until = now() where email = ${email}`.execute(u.identity.deps.db);
    expect((await loginFrom(u.request, address, email)).status).toBe(401);
    expect((await loginFrom(u.request, address, email)).status).toBe(401);
    expect((await loginFrom(u.request, address, email)).status).toBe(401);
    const waits: string[] = [];
    for (let i = 0; i < 3; i++) {
      const held = await loginFrom(u.request, address, email);
      expect(held.status).toBe(429);
      waits.push(held.headers.get('retry-after') ?? '');
      await unblock();
      expect((await loginFrom(u.request, address, email)).status).toBe(401);
    }
    expect(waits).toEqual(['1', '2', '4']);
    // Another address is not held back by this pair.
    expect((await loginFrom(u.request, '10.7.7.8', email)).status).toBe(401);
  });

  it('let nobody lock a person out by typing their e-mail: their own address still signs in', async () => {
    const person = await signUp(u.request);
    const request = jsonRequest('POST', { email: person.email, password: person.password });
    const own = (init: RequestInit) => ({
      ...init,
      headers: { ...init.headers, 'x-forwarded-for': '10.5.5.5' },
    });
    expect((await u.request('/login/', own(request))).status).toBe(200);
    // Someone else, from ten addresses: the account's limit (10 failures in 15 minutes) is spent.
    for (let i = 0; i < 10; i++)
      expect((await loginFrom(u.request, `10.6.6.${i}`, person.email)).status).toBe(401);
    const stranger = await loginFrom(u.request, '10.6.6.99', person.email);
    expect(stranger.status).toBe(429);
    expect(Number(stranger.headers.get('retry-after'))).toBeGreaterThan(60);
    // The person, from the address they signed in from before, gets in; from a new one they wait too.
    expect((await u.request('/login/', own(request))).status).toBe(200);
    const elsewhere = { ...request, headers: { ...request.headers, 'x-forwarded-for': '10.4.4.4' } };
    expect((await u.request('/login/', elsewhere)).status).toBe(429);
  });

  it('let a browser that signed in before (its device cookie) in from any address, past the account limit and a shared address', async () => {
    const person = await signUp(u.request);
    const other = await signUp(u.request);
    const signIn = (address: string, cookie?: string, who = person) =>
      loginFrom(u.request, address, who.email, who.password, cookie);
    const device = deviceCookieOf(await signIn('10.12.0.1'));
    const othersDevice = deviceCookieOf(await signIn('10.12.0.2', undefined, other));
    // Someone else spends the account's limit, from many addresses and from the one (a NAT) the person is on now.
    for (let i = 0; i < 7; i++)
      expect((await loginFrom(u.request, `10.13.0.${i}`, person.email)).status).toBe(401);
    for (let i = 0; i < 3; i++)
      expect((await loginFrom(u.request, '10.14.0.1', person.email)).status).toBe(401);
    expect((await signIn('10.14.0.1')).status).toBe(429);
    expect((await signIn('10.15.0.1')).status).toBe(429);
    // With the cookie, from either address: in, and no new cookie (the device keeps its own).
    const back = await signIn('10.14.0.1', device);
    expect(back.status).toBe(200);
    expect(back.headers.get('set-cookie')).toBeNull();
    expect((await signIn('10.15.0.1', device)).status).toBe(200);
    // Another account's cookie, a forged signature or a cookie of another name, from a third address (the
    // second is now one the person signed in from): held back as before.
    const [name, value] = device.split('=') as [string, string];
    const forged = `${name}=${value.split('.')[0]}.${'A'.repeat(43)}`;
    for (const cookie of [othersDevice, forged, `other=${value}`])
      expect((await signIn('10.17.0.1', cookie)).status, cookie).toBe(429);
  });

  it('make a device wait after its own third failure, like an address (a stolen cookie guesses no faster)', async () => {
    const person = await signUp(u.request);
    const device = deviceCookieOf(await loginFrom(u.request, '10.16.0.1', person.email, person.password));
    for (let i = 0; i < 3; i++)
      expect((await loginFrom(u.request, '10.16.0.2', person.email, 'wrong!', device)).status).toBe(401);
    // The delay is the device's, wherever it signs in from; another address without it is not held back.
    expect((await loginFrom(u.request, '10.16.0.3', person.email, person.password, device)).status).toBe(429);
    expect((await loginFrom(u.request, '10.16.0.1', person.email, person.password)).status).toBe(200);
  });
});

describe('access tokens', () => {
  let t: TestIdentity;
  beforeAll(async () => {
    t = await startTestIdentity();
  });
  afterAll(() => t.close());

  /** A token signed with identity's own key for a real open session: refused only for what `options` change. */
  const signed = async (options: ForgeOptions) => {
    const user = await newPerson(t.request);
    return forgeToken({ key: t.identity.deps.keys, like: user.access, ...options });
  };
  const check = (token: string) => t.request('/api/token/check/', jsonRequest('GET', undefined, token));

  it('accepts the forged token when nothing is wrong with it (the cases below differ in one thing)', async () => {
    expect((await check(await signed({}))).status).toBe(200);
  });

  it.each(badTokenCases)('refuses %s', async (_name, options: ForgeOptions) => {
    const res = await check(await signed(options));
    expect(res.status).toBe(401);
    expect((await readJson(res)).error).toBe('Token is invalid or expired');
  });

  it('publishes an Ed25519 JWKS without private parts', async () => {
    const jwks = await readJson(t.request('/.well-known/jwks.json'));
    expect(jwks.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', use: 'sig' });
    expect(jwks.keys[0].d).toBeUndefined();
  });

  it('signs tokens with typ at+jwt, EdDSA, issuer, audience, sid and a short expiry', async () => {
    const user = await newPerson(t.request);
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
