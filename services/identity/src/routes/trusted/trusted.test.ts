import { identityMessages as m } from '@baton/contracts';
import { outboxDrained } from '@baton/service-kit/testing';
import { confirmEmail, makeUser, readJson, signUp } from '@baton/test-kit';
import { describe, expect, it } from 'vitest';
import { useTestIdentity } from '../../testing';

const ctx = useTestIdentity();

const call = (method: string, path: string, token: string, body?: unknown) =>
  ctx.t.call(method, path, token, body);

describe('trusted users', () => {
  it('adds by e-mail, lists with both name shapes, and removes', async () => {
    const owner = await signUp(ctx.t.request);
    const friend = await ctx.t.person({ firstname: 'Grace', lastname: 'Hopper' });
    const add = await call('POST', '/api/settings/trusted-users/', owner.access, {
      trusted_email: friend.email.toUpperCase(),
    });
    expect(add.status).toBe(201);
    const entry = await readJson(add);
    expect(entry).toMatchObject({
      invitation_sent: false,
      message: `${friend.email} added as trusted.`,
      trusted: { id: friend.id, first_name: 'Grace', last_name: 'Hopper', email: friend.email },
      first_name: 'Grace',
      last_name: 'Hopper',
      email: friend.email,
    });
    expect(entry.created_at.slice(0, 10)).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const list = await readJson(call('GET', '/api/settings/trusted-users/', owner.access));
    expect(list).toHaveLength(1);
    expect(list[0].id).toBe(entry.id);

    const dup = await call('POST', '/trusted-users/', owner.access, { email: friend.email });
    expect(dup.status).toBe(409);
    expect((await readJson(dup)).message).toBe(m.trustedExists);

    const del = await call('DELETE', `/trusted-users/${entry.id}/`, owner.access);
    expect(del.status).toBe(200);
    expect(await readJson(del)).toEqual({ message: m.trustedRemoved });
    expect(await readJson(call('GET', '/api/settings/trusted-users/', owner.access))).toEqual([]);
  });

  it('the second add call POST /trusted-users/ returns a trusted user object', async () => {
    const owner = await signUp(ctx.t.request);
    const friend = await ctx.t.person();
    const res = await call('POST', '/trusted-users/', owner.access, { email: friend.email, name: 'Friend' });
    expect(res.status).toBe(201);
    expect(await readJson(res)).toMatchObject({ trusted: { id: friend.id, email: friend.email } });
  });

  it('only the owner may remove an entry; for others it does not exist', async () => {
    const owner = await signUp(ctx.t.request);
    const friend = await ctx.t.person();
    const stranger = await signUp(ctx.t.request);
    const entry = await readJson(call('POST', '/trusted-users/', owner.access, { email: friend.email }));
    const res = await call('DELETE', `/trusted-users/${entry.id}/`, stranger.access);
    expect(res.status).toBe(404);
    expect((await readJson(res)).message).toBe(m.trustedNotFound);
    expect(await readJson(call('GET', '/api/settings/trusted-users/', owner.access))).toHaveLength(1);
    expect((await call('DELETE', `/trusted-users/${entry.id}/`, friend.access)).status).toBe(404);
  });

  it('an unknown e-mail gets an invitation mail and becomes trusted once it signs up and confirms', async () => {
    const owner = await signUp(ctx.t.request, { firstname: 'Olive', lastname: 'Owner' });
    const newcomer = makeUser();
    const res = await call('POST', '/api/settings/trusted-users/', owner.access, {
      trusted_email: newcomer.email,
    });
    expect(res.status).toBe(200);
    expect(await readJson(res)).toEqual({
      invitation_sent: true,
      message: m.trustedInvited,
      email: newcomer.email,
    });
    const mail = await ctx.t.smtp.waitFor(newcomer.email);
    expect(mail.subject).toContain('Olive Owner');
    expect(mail.text).toContain('http://baton.test/signup');

    const joined = await signUp(ctx.t.request, newcomer);
    const list = () => readJson(call('GET', '/api/settings/trusted-users/', owner.access));
    expect(await list()).toEqual([]);
    await confirmEmail(ctx.t.request, ctx.t.smtp, newcomer.email);
    expect((await list()).map((e: { trusted: { id: string } }) => e.trusted.id)).toEqual([joined.id]);
  });

  it('an unconfirmed account is invited like an unknown e-mail, never listed before it confirms', async () => {
    const owner = await signUp(ctx.t.request);
    const squatter = await signUp(ctx.t.request);
    const res = await call('POST', '/api/settings/trusted-users/', owner.access, {
      trusted_email: squatter.email,
    });
    expect(res.status).toBe(200);
    expect(await readJson(res)).toEqual({
      invitation_sent: true,
      message: m.trustedInvited,
      email: squatter.email,
    });
    expect(await readJson(call('GET', '/api/settings/trusted-users/', owner.access))).toEqual([]);
  });

  it('does not mail the same invitation twice in a day', async () => {
    const owner = await signUp(ctx.t.request);
    const email = makeUser().email;
    await call('POST', '/api/settings/trusted-users/', owner.access, { trusted_email: email });
    await ctx.t.smtp.waitFor(email);
    const again = await call('POST', '/api/settings/trusted-users/', owner.access, { trusted_email: email });
    expect(again.status).toBe(200);
    // What the second call queued has gone out: a second invitation would be in the capture now.
    await outboxDrained(ctx.t.identity.deps.db, 'mail');
    expect(ctx.t.smtp.mails.filter((mail) => mail.to.includes(email))).toHaveLength(1);
  });

  it.each([
    ['missing e-mail', {}, m.trustedEmailRequired],
    ['blank e-mail', { trusted_email: '  ' }, m.trustedEmailRequired],
    ['bad e-mail', { trusted_email: 'nope' }, m.invalidEmail],
  ])('refuses %s', async (_name, body, message) => {
    const owner = await signUp(ctx.t.request);
    const res = await call('POST', '/api/settings/trusted-users/', owner.access, body);
    expect(res.status).toBe(400);
    expect((await readJson(res)).message).toBe(message);
  });

  it('refuses trusting yourself', async () => {
    const owner = await signUp(ctx.t.request);
    const res = await call('POST', '/api/settings/trusted-users/', owner.access, {
      trusted_email: owner.email,
    });
    expect(res.status).toBe(400);
    expect((await readJson(res)).message).toBe(m.trustedSelf);
  });

  it('refuses a malformed id and calls without a token', async () => {
    const owner = await signUp(ctx.t.request);
    expect((await call('DELETE', '/trusted-users/not-a-uuid/', owner.access)).status).toBe(400);
    expect((await ctx.t.request('/api/settings/trusted-users/')).status).toBe(401);
    expect((await ctx.t.request('/trusted-users/x/', { method: 'DELETE' })).status).toBe(401);
  });
});
