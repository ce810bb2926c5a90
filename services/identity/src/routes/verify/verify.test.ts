import { type EventEnvelope, identityMessages as m } from '@baton/contracts';
import { startDurableConsumer } from '@baton/service-kit';
import { onEach } from '@baton/service-kit/testing';
import { confirmationToken, readJson, signUp, uniqueName } from '@baton/test-kit';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestIdentity } from '../../testing';

const ctx = useTestIdentity();
const post = (path: string, body: unknown, token?: string) => ctx.t.post(path, body, token);
const confirm = (token: unknown) => post('/api/auth/verify-email/', { token });
const emailVerified = async (person: { email: string; password: string }) =>
  (await readJson(post('/login/', { email: person.email, password: person.password }))).emailVerified;

const verifiedEvents: EventEnvelope[] = [];
let consumer: { stop(): Promise<void> };
beforeAll(async () => {
  consumer = await startDurableConsumer({
    bus: ctx.t.bus,
    db: ctx.t.identity.deps.db,
    logger: ctx.t.identity.deps.logger,
    spec: { durable: uniqueName('verified'), stream: 'IDENTITY' },
    handlers: onEach(['identity.user.verified'], async (event) => {
      verifiedEvents.push(event);
    }),
  });
});
afterAll(() => consumer.stop());

describe('POST /api/auth/verify-email/', () => {
  it('confirms the address once, publishes identity.user.verified, and refuses the link again', async () => {
    const person = await signUp(ctx.t.request);
    const token = await confirmationToken(ctx.t.smtp, person.email);
    const mail = await ctx.t.smtp.waitFor(person.email);
    expect(mail.text).toContain(`http://baton.test/verify-email?token=${token}`);
    expect(await emailVerified(person)).toBe(false);

    const res = await confirm(token);
    expect(res.status).toBe(200);
    expect(await readJson(res)).toEqual({ message: m.verifyDone });
    expect(await emailVerified(person)).toBe(true);
    await expect
      .poll(() => verifiedEvents.find((e) => (e.data as { userId?: string }).userId === person.id)?.data)
      .toEqual({ userId: person.id, email: person.email });

    const again = await confirm(token);
    expect(again.status).toBe(400);
    expect((await readJson(again)).error).toBe(m.verifyInvalid);
  });

  it('refuses an expired link, and leaves the address unconfirmed', async () => {
    const person = await signUp(ctx.t.request);
    const token = await confirmationToken(ctx.t.smtp, person.email);
    await ctx.t.identity.deps.db
      .updateTable('email_verifications')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('user_id', '=', person.id)
      .execute();
    const res = await confirm(token);
    expect(res.status).toBe(400);
    expect((await readJson(res)).error).toBe(m.verifyInvalid);
    expect(await emailVerified(person)).toBe(false);
  });

  it.each([
    ['an unknown token', 'x'.repeat(43)],
    ['an empty token', ''],
    ['a number', 42],
    ['an overlong token', 'x'.repeat(129)],
    ['no token', undefined],
  ])('refuses %s with 400 and the message', async (_name, token) => {
    const res = await confirm(token);
    expect(res.status).toBe(400);
    expect((await readJson(res)).error).toBe(m.verifyInvalid);
  });
});

describe('POST /api/auth/verify-email/resend/', () => {
  it('mails a new link that works while the old one no longer does', async () => {
    const person = await signUp(ctx.t.request);
    const first = await confirmationToken(ctx.t.smtp, person.email);
    const before = ctx.t.smtp.mails.length;
    const res = await post('/api/auth/verify-email/resend/', {}, person.access);
    expect(res.status).toBe(200);
    expect(await readJson(res)).toEqual({ message: m.verifySent(person.email) });
    const mail = await ctx.t.smtp.waitFor(person.email, {
      match: (mm) => ctx.t.smtp.mails.indexOf(mm) >= before,
    });
    const second = /verify-email\?token=([\w-]+)/.exec(mail.text)?.[1];
    expect(second).not.toBe(first);
    expect((await confirm(first)).status).toBe(400);
    expect((await confirm(second)).status).toBe(200);

    const done = await post('/api/auth/verify-email/resend/', {}, person.access);
    expect(await readJson(done)).toEqual({ message: m.verifyAlready });
  });

  it('needs a session', async () => {
    expect((await post('/api/auth/verify-email/resend/', {})).status).toBe(401);
  });
});
