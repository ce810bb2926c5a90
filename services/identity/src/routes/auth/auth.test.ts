import { identityMessages as m } from '@baton/contracts';
import { confirmationToken, jsonRequest, makeUser, readJson, signUp } from '@baton/test-kit';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { owaspPasswordCost } from '../../passwords';
import { sha256 } from '../../secrets';
import { useTestIdentity } from '../../testing';

const ctx = useTestIdentity();
/** identity hashing at the real cost, for the tests that time the hashing (others hash cheaply). */
const real = useTestIdentity({ passwordCost: owaspPasswordCost });

const post = (path: string, body: unknown, token?: string) => ctx.t.post(path, body, token);

describe('POST /user_signup/', () => {
  it('creates an unconfirmed account, answers 201 without tokens, and mails a confirmation link', async () => {
    const user = makeUser({ email: `New.Person.${Date.now()}@Example.com` });
    const res = await post('/user_signup/', { ...user, confirmPassword: user.password });
    expect(res.status).toBe(201);
    expect(await readJson(res)).toEqual({ tokens: null, error: null, message: m.signupDone });
    const email = user.email.toLowerCase();
    expect(await confirmationToken(ctx.t.smtp, email)).toMatch(/^[\w-]{43}$/);
    // The account works at once (personal tasks need no confirmed address); it says it is unconfirmed.
    const login = await readJson(post('/login/', { email, password: user.password }));
    expect(login).toMatchObject({ emailVerified: false, user: { email, first_name: 'Ada' } });
    const check = await ctx.t.request(
      '/api/token/check/',
      jsonRequest('GET', undefined, login.tokens.access),
    );
    expect(await readJson(check)).toMatchObject({ emailVerified: false, user: { email } });
  });

  it.each([
    ['missing first name', { firstname: '' }, m.signupRequired],
    ['blank last name', { lastname: '   ' }, m.signupRequired],
    ['missing email', { email: undefined }, m.signupRequired],
    ['bad email', { email: 'not-an-email' }, m.invalidEmail],
    ['email without dot', { email: 'a@b' }, m.invalidEmail],
    ['short password', { password: 'short', confirmPassword: 'short' }, m.passwordTooShort],
    ['mismatch', { confirmPassword: 'something else entirely' }, m.signupPasswordMismatch],
    ['wrong type', { firstname: 42 }, m.signupRequired],
  ])('refuses %s with 400 and the message', async (_name, change, message) => {
    const user = makeUser();
    const res = await post('/user_signup/', { ...user, confirmPassword: user.password, ...change });
    expect(res.status).toBe(400);
    const body = await readJson(res);
    expect(body).toMatchObject({ code: 'validation_failed', error: message, message });
  });

  it('answers a taken address (any case) exactly as a new one, mails its owner, and changes nothing', async () => {
    const existing = await signUp(ctx.t.request);
    const again = makeUser({ email: existing.email.toUpperCase() });
    const fresh = makeUser();
    const taken = await post('/user_signup/', { ...again, confirmPassword: again.password });
    const created = await post('/user_signup/', { ...fresh, confirmPassword: fresh.password });
    expect(taken.status).toBe(created.status);
    expect(await taken.text()).toBe(await created.text());
    const mail = await ctx.t.smtp.waitFor(existing.email, { match: (m) => m.subject.includes('already') });
    expect(mail.text).toContain('http://baton.test/forgot-password');
    expect(mail.text).not.toContain('verify-email');
    // Still the first person's account, with their password and name.
    const theirs = await readJson(post('/login/', { email: existing.email, password: existing.password }));
    expect(theirs.user).toMatchObject({ id: existing.id, first_name: existing.firstname });
    const intruder = await post('/login/', { email: existing.email, password: again.password });
    expect(intruder.status).toBe(401);
  });
});

describe('sign-up timing', () => {
  it('takes similar time for a taken address and a new one (both hash the password)', async () => {
    const existing = await signUp(real.t.request);
    const stored = await real.t.identity.deps.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', existing.id)
      .executeTakeFirstOrThrow();
    expect(stored.password_hash, 'hashed at the real cost').toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const time = async (email: string) => {
      const user = makeUser({ email });
      const started = performance.now();
      await real.t.post('/user_signup/', { ...user, confirmPassword: user.password });
      return performance.now() - started;
    };
    const taken: number[] = [];
    const fresh: number[] = [];
    for (let i = 0; i < 6; i++) {
      taken.push(await time(existing.email));
      fresh.push(await time(makeUser().email));
    }
    const median = (xs: number[]) => xs.sort((p, q) => p - q)[Math.floor(xs.length / 2)] as number;
    // Without hashing for a taken address its answer skips argon2 (~20 ms) and comes several times sooner.
    expect(median(taken)).toBeGreaterThan(median(fresh) * 0.5);
  });
});

describe('POST /login/', () => {
  it('signs in with the right password, any e-mail case', async () => {
    const user = await signUp(ctx.t.request);
    const res = await post('/login/', { email: ` ${user.email.toUpperCase()} `, password: user.password });
    expect(res.status).toBe(200);
    const body = await readJson(res);
    expect(body).toMatchObject({
      error: null,
      user: { first_name: 'Ada', last_name: 'Lovelace', email: user.email },
    });
    expect(body.tokens.access).toBeTruthy();
    expect(body.tokens.refresh).toBeTruthy();
  });

  it('answers byte-equal for an unknown e-mail and a wrong password', async () => {
    const user = await signUp(ctx.t.request);
    const wrong = await post('/login/', { email: user.email, password: 'wrong password!' });
    const unknown = await post('/login/', {
      email: `nobody.${Date.now()}@example.com`,
      password: 'wrong password!',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.headers.get('content-type')).toBe(unknown.headers.get('content-type'));
    const [a, b] = [await readJson(wrong), await readJson(unknown)];
    delete a.requestId;
    delete b.requestId;
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(a.error).toBe(m.invalidCredentials);
  });

  it('takes similar time for an unknown e-mail and a wrong password', async () => {
    const user = await signUp(real.t.request);
    const time = async (email: string) => {
      const started = performance.now();
      await real.t.post('/login/', { email, password: 'wrong password!' });
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 6; i++) {
      known.push(await time(user.email));
      unknown.push(await time(`nobody${i}.${Date.now()}@example.com`));
    }
    const median = (xs: number[]) => xs.sort((p, q) => p - q)[Math.floor(xs.length / 2)] as number;
    // Without the dummy hash the unknown path skips argon2 (~20 ms) and is several times faster.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
  });

  it.each([
    ['no password', { email: 'a@example.com' }],
    ['blank email', { email: ' ', password: 'x' }],
    ['wrong types', { email: ['a@example.com'], password: 12345678 }],
  ])('refuses %s with 400', async (_name, body) => {
    const res = await post('/login/', body);
    expect(res.status).toBe(400);
    expect((await readJson(res)).error).toBe(m.loginRequired);
  });
});

describe('request bodies', () => {
  it('refuses malformed JSON with 400 invalid_json', async () => {
    const res = await ctx.t.request('/login/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":',
    });
    expect(res.status).toBe(400);
    expect(await readJson(res)).toMatchObject({
      code: 'invalid_json',
      error: 'Request body is not valid JSON.',
    });
  });

  it('refuses a non-JSON body with 415', async () => {
    const res = await ctx.t.request('/login/', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'hi',
    });
    expect(res.status).toBe(415);
  });

  it('refuses an oversized body with 413', async () => {
    const res = await post('/user_signup/', { ...makeUser(), firstname: 'x'.repeat(100_000) });
    expect(res.status).toBe(413);
    expect((await readJson(res)).code).toBe('payload_too_large');
  });

  it('refuses a JSON array or null body with 400', async () => {
    for (const body of [[], null, 'text']) {
      const res = await post('/login/', body);
      expect(res.status).toBe(400);
    }
  });
});

describe('refresh rotation and logout', () => {
  it('rotates: the new pair works, the old refresh token is refused', async () => {
    const user = await signUp(ctx.t.request);
    const first = await post('/api/token/refresh/', { refresh: user.refresh });
    expect(first.status).toBe(200);
    const pair = await readJson(first);
    expect(pair.access).toBeTruthy();
    expect(pair.refresh).not.toBe(user.refresh);
    const second = await post('/api/token/refresh/', { refresh: pair.refresh });
    expect(second.status).toBe(200);
  });

  /** Moves a token's rotation `seconds` into the past, as if the grace window had gone by. */
  const rotatedAgo = (refresh: string, seconds: number) =>
    ctx.t.identity.deps.db
      .updateTable('refresh_tokens')
      .set({ used_at: sql<Date>`now() - make_interval(secs => ${seconds})` })
      .where('token_hash', '=', sha256(refresh))
      .execute();

  it('a rotated-out token presented after the grace window revokes the whole family', async () => {
    const user = await signUp(ctx.t.request);
    const rotated = await readJson(post('/api/token/refresh/', { refresh: user.refresh }));
    await rotatedAgo(user.refresh, 31);
    const reuse = await post('/api/token/refresh/', { refresh: user.refresh });
    expect(reuse.status).toBe(401);
    expect((await readJson(reuse)).error).toBe(m.refreshInvalid);
    // The legitimate holder's newer token is dead too, and so is the session's access token.
    expect((await post('/api/token/refresh/', { refresh: rotated.refresh })).status).toBe(401);
    const check = await ctx.t.request('/api/token/check/', jsonRequest('GET', undefined, rotated.access));
    expect(check.status).toBe(401);
  });

  it('within the grace window the same token gets the same pair, and the family lives on', async () => {
    const user = await signUp(ctx.t.request);
    const first = await readJson(post('/api/token/refresh/', { refresh: user.refresh }));
    await rotatedAgo(user.refresh, 29);
    const again = await readJson(post('/api/token/refresh/', { refresh: user.refresh }));
    expect(again).toEqual(first);
    const check = await ctx.t.request('/api/token/check/', jsonRequest('GET', undefined, first.access));
    expect(check.status).toBe(200);
    expect((await post('/api/token/refresh/', { refresh: first.refresh })).status).toBe(200);
  });

  it('once the successor was used, the old token revokes the family even within the window', async () => {
    const user = await signUp(ctx.t.request);
    const first = await readJson(post('/api/token/refresh/', { refresh: user.refresh }));
    const second = await readJson(post('/api/token/refresh/', { refresh: first.refresh }));
    expect((await post('/api/token/refresh/', { refresh: user.refresh })).status).toBe(401);
    expect((await post('/api/token/refresh/', { refresh: second.refresh })).status).toBe(401);
  });

  it('two concurrent refreshes of one token both get the one new pair (tabs renewing at once)', async () => {
    const user = await signUp(ctx.t.request);
    const results = await Promise.all(
      [1, 2, 3].map(() => post('/api/token/refresh/', { refresh: user.refresh })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const pairs = await Promise.all(results.map((r) => readJson(r)));
    expect(new Set(pairs.map((p) => p.refresh)).size).toBe(1);
    expect(new Set(pairs.map((p) => p.access)).size).toBe(1);
    const rows = await ctx.t.identity.deps.db
      .selectFrom('refresh_tokens as t')
      .innerJoin('sessions as s', 's.id', 't.session_id')
      .select('t.token_hash')
      .where('s.user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(2); // the original and its one successor
  });

  it('logout revokes the family: refresh and the access token stop working', async () => {
    const user = await signUp(ctx.t.request);
    const res = await post('/api/logout/', { refresh: user.refresh }, user.access);
    expect(res.status).toBe(200);
    expect((await post('/api/token/refresh/', { refresh: user.refresh })).status).toBe(401);
    expect(
      (await ctx.t.request('/api/token/check/', jsonRequest('GET', undefined, user.access))).status,
    ).toBe(401);
  });

  it('logout of an unknown token still answers 200; a missing token is 400', async () => {
    expect((await post('/api/logout/', { refresh: 'nope' })).status).toBe(200);
    const missing = await post('/api/logout/', {});
    expect(missing.status).toBe(400);
    expect((await readJson(missing)).error).toBe(m.refreshRequired);
  });

  it('refuses unknown refresh tokens and wrong types', async () => {
    expect((await post('/api/token/refresh/', { refresh: 'garbage' })).status).toBe(401);
    expect((await post('/api/token/refresh/', { refresh: 12 })).status).toBe(400);
  });
});

describe('GET /api/token/check/', () => {
  it('401 without a token, with a malformed one, and with garbage', async () => {
    expect((await ctx.t.request('/api/token/check/')).status).toBe(401);
    const bad = await ctx.t.request('/api/token/check/', {
      headers: { authorization: 'Bearer abc.def.ghi' },
    });
    expect(bad.status).toBe(401);
    expect(await readJson(bad)).toMatchObject({ code: 'unauthorized' });
    expect((await ctx.t.request('/api/token/check/', { headers: { authorization: 'Basic x' } })).status).toBe(
      401,
    );
  });

  it('answers ok with the user', async () => {
    const user = await signUp(ctx.t.request);
    const res = await ctx.t.request('/api/token/check/', jsonRequest('GET', undefined, user.access));
    expect(await readJson(res)).toMatchObject({
      ok: true,
      status: 'ok',
      user: { id: user.id, email: user.email },
    });
  });
});
