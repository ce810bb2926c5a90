import { randomUUID } from 'node:crypto';
import { routes } from '@baton/contracts';
import { readJson, type SignedUpUser, signUp } from '@baton/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestIdentity, type TestIdentity } from '../testing';

let t: TestIdentity;
let user: SignedUpUser;
beforeAll(async () => {
  t = await startTestIdentity();
  user = await signUp(t.request);
});
afterAll(() => t.close());

const withBody = routes
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
