import { identityMessages as m } from '@baton/contracts';
import { outboxDrained } from '@baton/service-kit/testing';
import { readJson, signUp } from '@baton/test-kit';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestIdentity } from '../../testing';

const ctx = useTestIdentity();

const post = (path: string, body: unknown, token?: string) => ctx.t.post(path, body, token);

const confirmReset = (uid: string, token: string, newPassword: string) =>
  post('/api/auth/password-reset/confirm/', { uid, token, newPassword, confirmPassword: newPassword });

/** Asks for a reset and reads uid and token from the mail that really arrived over SMTP. */
async function requestResetLink(email: string) {
  const before = ctx.t.smtp.mails.length;
  const res = await post('/api/auth/password-reset/request/', { email });
  expect(res.status).toBe(200);
  const mail = await ctx.t.smtp.waitFor(email, {
    match: (mm) => ctx.t.smtp.mails.indexOf(mm) >= before && mm.text.includes('/reset-password'),
  });
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error('no link in the reset mail');
  const url = new URL(link);
  return { url, uid: url.searchParams.get('uid') ?? '', token: url.searchParams.get('token') ?? '' };
}

describe('password reset', () => {
  it('says whether a link works before its form is filled: yes while unused, no once used or for a wrong token', async () => {
    const user = await signUp(ctx.t.request);
    const { uid, token } = await requestResetLink(user.email);
    const check = (body: unknown) => post('/api/auth/password-reset/check/', body);
    const works = await check({ uid, token });
    expect(works.status).toBe(200);
    expect(await readJson(works)).toEqual({ valid: true });
    // Asking spends nothing: the link still sets a password, once.
    expect((await confirmReset(uid, token, 'a sturdy new phrase')).status).toBe(200);
    for (const body of [
      { uid, token },
      { uid, token: 'x'.repeat(43) },
      { uid: 'not-a-uuid', token },
      { uid },
    ]) {
      const res = await check(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await readJson(res)).error).toBe(m.resetInvalid);
    }
  });

  it('confirms the address: the link reached it (an account signed up by someone else is taken back)', async () => {
    const user = await signUp(ctx.t.request);
    const { uid, token } = await requestResetLink(user.email);
    expect((await confirmReset(uid, token, 'the rightful owner here')).status).toBe(200);
    const login = await readJson(post('/login/', { email: user.email, password: 'the rightful owner here' }));
    expect(login.emailVerified).toBe(true);
  });

  it('mails a PUBLIC_URL/reset-password link whose token sets a new password once, and revokes sessions', async () => {
    const user = await signUp(ctx.t.request);
    const { url, uid, token } = await requestResetLink(user.email);
    expect(`${url.origin}${url.pathname}`).toBe('http://baton.test/reset-password');
    expect(uid).toBe(user.id);
    expect(token.length).toBeGreaterThanOrEqual(43);

    const newPassword = 'a brand new password';
    const res = await confirmReset(uid, token, newPassword);
    expect(res.status).toBe(200);
    expect(await readJson(res)).toEqual({ message: m.resetDone });

    expect((await post('/login/', { email: user.email, password: user.password })).status).toBe(401);
    expect((await post('/login/', { email: user.email, password: newPassword })).status).toBe(200);
    // The session that existed before the reset is gone.
    expect((await post('/api/token/refresh/', { refresh: user.refresh })).status).toBe(401);

    const again = await confirmReset(uid, token, newPassword);
    expect(again.status).toBe(400);
    expect((await readJson(again)).error).toBe(m.resetInvalid);
  });

  it('answers byte-equal for known and unknown e-mails, and mails only the known one', async () => {
    const user = await signUp(ctx.t.request);
    const unknownEmail = `ghost.${Date.now()}@example.com`;
    const known = await post('/api/auth/password-reset/request/', { email: user.email });
    const unknown = await post('/api/auth/password-reset/request/', { email: unknownEmail });
    expect(known.status).toBe(unknown.status);
    expect(known.headers.get('content-type')).toBe(unknown.headers.get('content-type'));
    expect(await known.text()).toBe(await unknown.text());
    await ctx.t.smtp.waitFor(user.email);
    // Every mail the two requests queued has gone out: one to the unknown address would be in the capture now.
    await outboxDrained(ctx.t.identity.deps.db, 'mail');
    expect(ctx.t.smtp.mails.some((mail) => mail.to.includes(unknownEmail))).toBe(false);
  });

  it('refuses an expired token', async () => {
    const user = await signUp(ctx.t.request);
    const { uid, token } = await requestResetLink(user.email);
    await ctx.t.identity.deps.db
      .updateTable('password_resets')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('user_id', '=', uid)
      .execute();
    const res = await confirmReset(uid, token, 'another password');
    expect(res.status).toBe(400);
    expect((await readJson(res)).error).toBe(m.resetInvalid);
  });

  it('stores only a hash of the token', async () => {
    const user = await signUp(ctx.t.request);
    const { token } = await requestResetLink(user.email);
    const rows = await ctx.t.identity.deps.db.selectFrom('password_resets').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
  });

  it('a newer link replaces the older one', async () => {
    const user = await signUp(ctx.t.request);
    const first = await requestResetLink(user.email);
    await requestResetLink(user.email);
    const res = await confirmReset(first.uid, first.token, 'another password');
    expect(res.status).toBe(400);
  });

  it('20 parallel confirmations of one token succeed exactly once', async () => {
    const user = await signUp(ctx.t.request);
    const { uid, token } = await requestResetLink(user.email);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => confirmReset(uid, token, `parallel password ${i}`)),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(19);
  });

  it.each([
    ['empty fields', { uid: '', token: '', newPassword: '', confirmPassword: '' }, m.resetFillAll],
    ['missing token', { uid: 'x', newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' }, m.resetFillAll],
    [
      'mismatch',
      { uid: 'x', token: 'y', newPassword: 'abcdefgh', confirmPassword: 'abcdefgX' },
      m.resetPasswordMismatch,
    ],
    ['short', { uid: 'x', token: 'y', newPassword: 'abc', confirmPassword: 'abc' }, m.passwordTooShort],
    [
      'bad uid',
      { uid: 'not-a-uuid', token: 'y', newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' },
      m.resetInvalid,
    ],
    ['wrong types', { uid: 1, token: 2, newPassword: 3, confirmPassword: 4 }, m.resetFillAll],
  ])('confirm refuses %s with 400 and the message', async (_name, body, message) => {
    const res = await post('/api/auth/password-reset/confirm/', body);
    expect(res.status).toBe(400);
    expect((await readJson(res)).error).toBe(message);
  });

  it('request refuses a missing e-mail with 400', async () => {
    const res = await post('/api/auth/password-reset/request/', {});
    expect(res.status).toBe(400);
    expect((await readJson(res)).error).toBe(m.resetEmailRequired);
  });
});

describe('POST /api/settings/change-password/', () => {
  it('changes the password, keeps this session and revokes the others', async () => {
    const user = await signUp(ctx.t.request);
    const other = await readJson(post('/login/', { email: user.email, password: user.password }));
    const res = await post(
      '/api/settings/change-password/',
      {
        currentPassword: user.password,
        newPassword: 'changed password',
        confirmPassword: 'changed password',
      },
      user.access,
    );
    expect(res.status).toBe(200);
    expect(await readJson(res)).toEqual({ message: m.changeDone });
    expect((await post('/api/token/refresh/', { refresh: user.refresh })).status).toBe(200);
    expect((await post('/api/token/refresh/', { refresh: other.tokens.refresh })).status).toBe(401);
    expect((await post('/login/', { email: user.email, password: 'changed password' })).status).toBe(200);
  });

  it.each([
    ['empty', { currentPassword: '', newPassword: '', confirmPassword: '' }, m.changeFillAll],
    [
      'mismatch',
      { currentPassword: 'x', newPassword: 'abcdefgh', confirmPassword: 'abcdefgX' },
      m.changeMismatch,
    ],
    ['short', { currentPassword: 'x', newPassword: 'abc', confirmPassword: 'abc' }, m.changeTooShort],
  ])('refuses %s with the settings message', async (_name, body, message) => {
    const user = await signUp(ctx.t.request);
    const res = await post('/api/settings/change-password/', body, user.access);
    expect(res.status).toBe(400);
    expect((await readJson(res)).message).toBe(message);
  });

  it('refuses a wrong current password', async () => {
    const user = await signUp(ctx.t.request);
    const res = await post(
      '/api/settings/change-password/',
      { currentPassword: 'not my password', newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' },
      user.access,
    );
    expect(res.status).toBe(400);
    expect((await readJson(res)).message).toBe(m.changeWrongCurrent);
  });

  it('needs a token', async () => {
    expect((await post('/api/settings/change-password/', {})).status).toBe(401);
  });
});

describe('password strength (zxcvbn on this server, common and breached-style passwords refused)', () => {
  const weak = ['password123', 'Password1!', 'qwertyuiop', 'iloveyou2024', 'letmein123'];

  it('refuses common passwords at sign-up with a clear message, and the person is not created', async () => {
    for (const password of weak) {
      const email = `weak-${Math.random().toString(36).slice(2)}@example.com`;
      const res = await post('/user_signup/', {
        firstname: 'Wes',
        lastname: 'Weak',
        email,
        password,
        confirmPassword: password,
      });
      expect(res.status, password).toBe(400);
      expect((await readJson(res)).error, password).toBe(m.passwordTooWeak);
      expect((await post('/login/', { email, password })).status).toBe(401);
    }
  });

  it("refuses a password made of the person's own name or e-mail", async () => {
    const res = await post('/user_signup/', {
      firstname: 'Marguerite',
      lastname: 'Duras',
      email: 'marguerite.duras@example.com',
      password: 'MargueriteDuras',
      confirmPassword: 'MargueriteDuras',
    });
    expect((await readJson(res)).error).toBe(m.passwordTooWeak);
  });

  it('accepts a long pass-phrase whole: not truncated, so its first 64 characters alone do not sign in', async () => {
    const phrase = 'tin kettles whistle over the harbour while seven grey herons argue about lunch today';
    expect(phrase.length).toBeGreaterThan(80);
    const user = await signUp(ctx.t.request, { password: phrase });
    expect((await post('/login/', { email: user.email, password: phrase })).status).toBe(200);
    expect((await post('/login/', { email: user.email, password: phrase.slice(0, 64) })).status).toBe(401);
  });

  it('refuses a weak new password at change and at reset, and the reset link still works after', async () => {
    const user = await signUp(ctx.t.request);
    const change = await post(
      '/api/settings/change-password/',
      { currentPassword: user.password, newPassword: 'password123', confirmPassword: 'password123' },
      user.access,
    );
    expect(change.status).toBe(400);
    expect((await readJson(change)).error).toBe(m.passwordTooWeak);
    const { uid, token } = await requestResetLink(user.email);
    const weakReset = await confirmReset(uid, token, 'qwertyuiop');
    expect((await readJson(weakReset)).error).toBe(m.passwordTooWeak);
    expect((await confirmReset(uid, token, 'a sturdier phrase of words')).status).toBe(200);
  });
});
