import { randomUUID } from 'node:crypto';
import { allRoutes } from '@baton/contracts';
import { capturingLogger, hostileBodies } from '@baton/service-kit/testing';
import { readJson, type SignedUpUser, signUp } from '@baton/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestIdentity, type TestIdentity } from '../testing';

let t: TestIdentity;
let user: SignedUpUser;
const log = capturingLogger('identity');
beforeAll(async () => {
  t = await startTestIdentity({ logger: log.logger });
  user = await signUp(t.request);
});
afterAll(() => t.close());

const withBody = allRoutes
  .filter((r) => r.service === 'identity' && r.body)
  .map((r) => [`${r.method} ${r.path}`, r] as const);

const send = (method: string, path: string, body: string) =>
  t.request(path.replace('{id}', randomUUID()), {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${user.access}` },
    body,
  });

describe.each(withBody)('%s', (_name, route) => {
  it('refuses malformed JSON with 400 and says so', async () => {
    const res = await send(route.method, route.path, '{"oops":');
    expect(res.status).toBe(400);
    expect(await readJson(res)).toMatchObject({
      code: 'invalid_json',
      error: 'Request body is not valid JSON.',
    });
  });

  it('refuses wrong types with 400 and a sentence', async () => {
    for (const body of [
      '[]',
      '"text"',
      '42',
      JSON.stringify({ email: 1, password: 2, refresh: 3, confirmation: 4, trusted_email: 5, uid: 6 }),
    ]) {
      const res = await send(route.method, route.path, body);
      expect(res.status, body).toBe(400);
      const payload = await readJson(res);
      expect(payload.code).toBe('validation_failed');
      expect(payload.error.length).toBeGreaterThan(5);
    }
  });

  it('refuses an oversized body with 413', async () => {
    const res = await send(route.method, route.path, JSON.stringify({ pad: 'x'.repeat(70 * 1024) }));
    expect(res.status).toBe(413);
  });
});

/** A body each route would accept but for the hostile part (unauthenticated routes included). */
const validBodies: Record<string, Record<string, unknown>> = {
  '/login/': { email: 'someone@example.com', password: 'a password' },
  '/user_signup/': {
    firstname: 'Ann',
    lastname: 'Lee',
    email: 'ann.lee@example.com',
    password: 'long enough',
    confirmPassword: 'long enough',
  },
  '/api/token/refresh/': { refresh: 'x'.repeat(43) },
  '/api/logout/': { refresh: 'x'.repeat(43) },
  '/api/auth/password-reset/request/': { email: 'someone@example.com' },
  '/api/auth/password-reset/check/': { uid: 'abc', token: 'x'.repeat(43) },
  '/api/auth/password-reset/confirm/': {
    uid: 'abc',
    token: 'x'.repeat(43),
    newPassword: 'long enough',
    confirmPassword: 'long enough',
  },
  '/api/auth/verify-email/': { token: 'x'.repeat(43) },
  '/api/auth/verify-email/resend/': {},
  '/api/settings/change-password/': {
    currentPassword: 'x',
    newPassword: 'long enough',
    confirmPassword: 'long enough',
  },
  '/delete-account/': { confirmation: 'nope', password: 'a password' },
  '/api/settings/trusted-users/': { trusted_email: 'friend@example.com' },
  '/trusted-users/': { email: 'friend@example.com' },
  '/api/settings/preferences/': { notificationSoundEnabled: true },
};

describe.each(withBody)('%s with a body Postgres or a recursive walk cannot take', (_name, route) => {
  it('answers 400 to a lone surrogate and to 12,000 levels of nesting, logging no error', async () => {
    const valid = validBodies[route.path];
    expect(valid, `a valid body for ${route.path}`).toBeDefined();
    for (const hostile of hostileBodies(valid ?? {})) {
      const res = await send(route.method, route.path, hostile.body);
      expect(res.status, `${hostile.name}: ${await res.clone().text()}`).toBe(400);
      expect((await readJson(res)).error).toBe(hostile.message);
    }
    expect(log.errors()).toEqual([]);
  });
});
