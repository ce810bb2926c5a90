import { activateResponse } from '@baton/contracts';
import { outboxDrained } from '@baton/service-kit/testing';
import type { SignedUpUser } from '@baton/test-kit';
import { confirmEmail, readJson, signUp } from '@baton/test-kit';
import { describe, expect, it } from 'vitest';
import { eventually, type TestTasks, useTestTasks } from '../../testing';
import { delegateMessages } from '../tasks/tasks.service';
import { acceptMessages } from './accept.service';

const env = useTestTasks();
const form = {
  title: 'Review the budget',
  description: 'Q1 numbers',
  dueDate: '2026-12-15',
  priority: 'Immediate',
};

/** Delegates a task from `owner` to `recipient` and returns the accept link from the mail. */
async function delegate(
  t: TestTasks,
  owner: SignedUpUser,
  recipient: SignedUpUser,
  role: 'assign' | 'invite' = 'assign',
) {
  const path = role === 'assign' ? '/send_email/assign_user/' : '/send_email/invite_user';
  const res = await t.post(path, { ...form, email: recipient.email }, owner.access);
  expect(res.status).toBe(201);
  const { id } = await readJson(res);
  const mail = await t.smtp.waitFor(recipient.email, { match: (m) => m.text.includes(id) });
  const link = new URL(/http:\/\/baton\.test\/accept-task\?\S+/.exec(mail.text)?.[0] ?? '');
  const q = Object.fromEntries(link.searchParams) as Record<'uidb64' | 'token' | 'taskId' | 'action', string>;
  return { id, q, activatePath: `/activate/${q.uidb64}/${q.token}/${q.taskId}/${q.action}` };
}

const accept = async (
  t: TestTasks,
  who: SignedUpUser,
  taskId: string,
  role: 'assign' | 'invite' = 'assign',
  trusted = false,
) => t.post('/accept_task', { task_id: taskId, user_email: who.email, trusted, role }, who.access);

describe('accept links', () => {
  it('the mailed link shows the task to its recipient, and accepting makes it theirs', async () => {
    const { t } = env;
    const ada = await t.person();
    const bob = await t.person();
    const { id, q, activatePath } = await delegate(t, ada, bob);
    expect(q.action).toBe('assign_accept');
    const view = activateResponse.parse(await readJson(t.get(activatePath, bob.access)));
    expect(view).toEqual({
      status: 'valid',
      task: {
        title: form.title,
        description: form.description,
        owner: ada.email,
        deadline: '2026-12-15',
        priority: 0,
      },
    });
    const res = await accept(t, bob, id);
    expect(res.status).toBe(200);
    expect((await readJson(res)).message).toBe(acceptMessages.accepted);
    const list = await readJson(t.post('/get_assigned/', { userEmail: bob.email }, bob.access));
    expect(list.tasks).toMatchObject([{ id, is_accepted: true, category: 'Assigned Tasks' }]);
  });

  it('works once: after acceptance the link says its task was accepted', async () => {
    const { t } = env;
    const [ada, bob] = [await t.person(), await t.person()];
    const { id, activatePath } = await delegate(t, ada, bob, 'invite');
    expect((await accept(t, bob, id, 'invite')).status).toBe(200);
    expect(await readJson(t.get(activatePath, bob.access))).toEqual({ status: 'accepted' });
    expect((await accept(t, bob, id, 'invite')).status).toBe(409);
  });

  it('refuses a tampered token, a wrong task, a wrong action and a wrong uid', async () => {
    const { t } = env;
    const [ada, bob] = [await t.person(), await t.person()];
    const { q } = await delegate(t, ada, bob);
    const other = await delegate(t, ada, bob);
    const tampered = `${q.token.slice(0, -2)}${q.token.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const path of [
      `/activate/${q.uidb64}/${tampered}/${q.taskId}/${q.action}`,
      `/activate/${q.uidb64}/${q.token}/${other.id}/${q.action}`,
      `/activate/${q.uidb64}/${q.token}/${q.taskId}/invite_accept`,
      `/activate/${Buffer.from(ada.id).toString('base64url')}/${q.token}/${q.taskId}/${q.action}`,
    ]) {
      const res = await t.get(path, bob.access);
      expect(res.status, path).toBe(200);
      expect(await readJson(res), path).toEqual({ status: 'invalid' });
    }
  });

  it('says when a link has expired', async () => {
    const { t } = env;
    const [ada, bob] = [await t.person(), await t.person()];
    const { id, activatePath } = await delegate(t, ada, bob);
    await t.db
      .updateTable('accept_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('task_id', '=', id)
      .execute();
    expect(await readJson(t.get(activatePath, bob.access))).toEqual({ status: 'expired' });
  });

  it("answers 403 when someone else opens the recipient's link, used or not (the page offers to switch accounts)", async () => {
    const { t } = env;
    const [ada, bob, eve] = [await t.person(), await t.person(), await t.person()];
    const { id, activatePath } = await delegate(t, ada, bob);
    const res = await t.get(activatePath, eve.access);
    expect(res.status).toBe(403);
    expect((await readJson(res)).error).toBe(acceptMessages.otherAccount);
    expect((await accept(t, eve, id)).status).toBe(404);
    expect((await accept(t, bob, id)).status).toBe(200);
    expect((await t.get(activatePath, eve.access)).status).toBe(403);
  });

  it('20 parallel accepts of one link succeed once', async () => {
    const { t } = env;
    const [ada, bob] = [await t.person(), await t.person()];
    const { id } = await delegate(t, ada, bob);
    const statuses = await Promise.all(
      Array.from({ length: 20 }, () => accept(t, bob, id).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
  });

  it('accepting with "Add as a trusted user" makes the owner trusted: the next task arrives accepted, without mail', async () => {
    const { t } = env;
    const [ada, bob] = [await t.person(), await t.person()];
    const { id } = await delegate(t, ada, bob);
    const res = await accept(t, bob, id, 'assign', true);
    expect((await readJson(res)).message).toBe(acceptMessages.acceptedTrusted);
    const trusted = await readJson(t.identity.call('GET', '/api/settings/trusted-users/', bob.access));
    expect(trusted.map((e: { email: string }) => e.email)).toEqual([ada.email]);
    await eventually(() =>
      t.db.selectFrom('trusts').select('owner_id').where('owner_id', '=', bob.id).executeTakeFirst(),
    );

    // Counted once every mail queued so far (the first task's) has gone out.
    await outboxDrained(t.db, 'mail');
    const mailsBefore = t.smtp.mails.filter((m) => m.to.includes(bob.email)).length;
    const next = await t.post(
      '/send_email/invite_user',
      { ...form, title: 'Trusted one', email: bob.email },
      ada.access,
    );
    const body = await readJson(next);
    expect(body.message).toBe(delegateMessages.trusted);
    const list = await readJson(t.post('/get_invited/', { userEmail: bob.email }, bob.access));
    expect(list.tasks).toMatchObject([{ id: body.id, is_accepted: true, is_trusted: true }]);
    // What the second task queued has gone out: a mail to Bob would be in the capture now.
    await outboxDrained(t.db, 'mail');
    expect(t.smtp.mails.filter((m) => m.to.includes(bob.email))).toHaveLength(mailsBefore);
  });
});

describe('an unknown e-mail', () => {
  it('gets an invitation to join; after sign-up with that address the task waits in their list with an accept link', async () => {
    const { t } = env;
    const ada = await t.person();
    const newcomer = `newcomer.${Date.now()}@example.com`;
    const res = await t.post('/send_email/assign_user/', { ...form, email: newcomer }, ada.access);
    const body = await readJson(res);
    expect(body).toMatchObject({
      invitation_sent: true,
      message: 'User not found, invitation sent to join Baton',
    });
    const invitation = await t.smtp.waitFor(newcomer);
    expect(invitation.text).toContain('http://baton.test/signup');

    const carol = await t.person({ email: newcomer });
    const link = await t.smtp.waitFor(newcomer, { match: (m) => m.text.includes('/accept-task?') });
    expect(link.text).toContain(body.id);
    const list = await readJson(t.post('/get_assigned/', { userEmail: carol.email }, carol.access));
    expect(list.tasks).toMatchObject([{ id: body.id, is_accepted: false, category: 'Assigned Tasks' }]);
    expect((await accept(t, carol, body.id)).status).toBe(200);
  });

  it('an unconfirmed account is treated as no account: its tasks wait, hidden, until the address is confirmed', async () => {
    const { t } = env;
    const ada = await t.person();
    // Someone signed up with this address but never followed the link mailed to it.
    const squatter = await signUp(t.identity.request);
    await eventually(() =>
      t.db.selectFrom('users').select('id').where('id', '=', squatter.id).executeTakeFirst(),
    );
    const res = await t.post(
      '/send_email/invite_user',
      { ...form, title: 'Board papers', email: squatter.email },
      ada.access,
    );
    const { id, invitation_sent } = await readJson(res);
    expect(invitation_sent).toBe(true);
    const invited = () => readJson(t.post('/get_invited/', { userEmail: squatter.email }, squatter.access));
    expect((await invited()).tasks).toEqual([]);
    expect((await t.get(`/task_comments/${id}`, squatter.access)).status).toBe(404);

    await confirmEmail(t.identity.request, t.identity.smtp, squatter.email);
    await eventually(async () => (await invited()).tasks.length === 1 || undefined);
    expect((await invited()).tasks).toMatchObject([{ id, title: 'Board papers', is_accepted: false }]);
    const link = await t.smtp.waitFor(squatter.email, { match: (m) => m.text.includes('/accept-task?') });
    expect(link.text).toContain(id);
  });
});
