import { activateResponse, mailMessages } from '@baton/contracts';
import { readJson, type SignedUpUser } from '@baton/test-kit';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { eventually, useTestTasks } from '../../testing';
import { sendMailDigests } from '../accept/mail-digest';

// Caps on (the other test files run without limits, like a benchmark, so their many mails pass).
const env = useTestTasks({ config: { RATE_LIMITS: true } });
const form = { title: 'Sign the lease', description: '', dueDate: '2026-12-01', priority: 'Moderate' };

const assign = (from: SignedUpUser, email: string, title = form.title) =>
  env.t.post('/send_email/assign_user/', { ...form, title, email }, from.access);
const mailsTo = (email: string) => env.t.smtp.mails.filter((m) => m.to.includes(email));
/** Every mail the outbox held has gone out (the relay sends them after each commit, then deletes them). */
const outboxSent = () =>
  eventually(async () => {
    const left = await sql<{
      n: string;
    }>`select count(*) as n from kit_outbox where destination = 'mail'`.execute(env.t.db);
    return left.rows[0]?.n === '0';
  });

describe('mail caps (per sender and address, and per sender; the counts are in Postgres)', () => {
  it('never refuses a task to a registered person: past 10 mails from one sender in the hour, the rest wait for one digest', async () => {
    const { t } = env;
    const manager = await t.person();
    const colleague = await t.person();
    for (let i = 1; i <= 12; i++)
      expect((await assign(manager, colleague.email, `Task ${i}`)).status).toBe(201);
    await outboxSent();
    // Just under the cap, each task mailed its accept link; past it, none, but every task is theirs to see.
    expect(mailsTo(colleague.email).map((m) => m.subject)).toEqual(
      Array.from({ length: 10 }, (_, i) => expect.stringContaining(`: Task ${i + 1}`)),
    );
    const list = await readJson(t.post('/get_assigned/', { userEmail: colleague.email }, colleague.access));
    expect(list.tasks).toHaveLength(12);
    // Before the digest's time nothing is sent; after it, one mail with a working link for each held task.
    expect(await sendMailDigests(t.tasks.deps)).toBe(0);
    await sql`update task_recipients set mail_held_at = mail_held_at - interval '60 minutes'
              where email = ${colleague.email}`.execute(t.db);
    expect(await sendMailDigests(t.tasks.deps)).toBe(1);
    t.tasks.relay.kick();
    const digest = await t.smtp.waitFor(colleague.email, { match: (m) => m.subject.includes('waiting') });
    expect(digest.subject).toBe('2 tasks are waiting for you on Baton');
    expect(digest.text).toContain('"Task 11"');
    expect(digest.text).toContain('"Task 12"');
    const links = digest.text.match(/http:\/\/baton\.test\/accept-task\?\S+/g) ?? [];
    expect(links).toHaveLength(2);
    for (const link of links) {
      const q = Object.fromEntries(new URL(link).searchParams);
      const view = await readJson(
        t.get(`/activate/${q.uidb64}/${q.token}/${q.taskId}/${q.action}`, colleague.access),
      );
      expect(activateResponse.parse(view).status).toBe('valid');
    }
    // Sent once: the next sweep finds nothing.
    expect(await sendMailDigests(t.tasks.deps)).toBe(0);
  });

  it("writes the digest in its reader's language", async () => {
    const { t } = env;
    const manager = await t.person();
    const colleague = await t.person();
    // As notifications.preferences.changed leaves it (preferences.routes.test.ts follows the event there).
    await t.db.updateTable('users').set({ language: 'de' }).where('id', '=', colleague.id).execute();
    for (let i = 1; i <= 11; i++)
      expect((await assign(manager, colleague.email, `Task ${i}`)).status).toBe(201);
    await outboxSent();
    await sql`update task_recipients set mail_held_at = mail_held_at - interval '60 minutes'
              where email = ${colleague.email}`.execute(t.db);
    expect(await sendMailDigests(t.tasks.deps)).toBe(1);
    t.tasks.relay.kick();
    const digest = await t.smtp.waitFor(colleague.email, {
      match: (m) => m.text.includes('"Task 11"') || m.text.includes('„Task 11“'),
    });
    expect(digest.subject).toBe('Auf Baton wartet eine Aufgabe auf dich');
  });

  it('leaves accepted tasks out of the digest, and sends none when all were accepted', async () => {
    const { t } = env;
    const manager = await t.person();
    const colleague = await t.person();
    const ids: string[] = [];
    for (let i = 1; i <= 11; i++)
      ids.push((await readJson(assign(manager, colleague.email, `Item ${i}`))).id);
    const held = ids[10] as string;
    const accepted = await t.post(
      '/accept_task',
      { task_id: held, user_email: colleague.email, trusted: false, role: 'assign' },
      colleague.access,
    );
    expect(accepted.status).toBe(200);
    await sql`update task_recipients set mail_held_at = now() - interval '2 hours'
              where email = ${colleague.email} and mail_held_at is not null`.execute(t.db);
    expect(await sendMailDigests(t.tasks.deps)).toBe(0);
    const left = await t.db
      .selectFrom('task_recipients')
      .select('task_id')
      .where('mail_held_at', 'is not', null)
      .where('email', '=', colleague.email)
      .execute();
    expect(left).toEqual([]);
  });

  it("refuses an eleventh invitation from one sender to an address with no account, and counts only that sender's", async () => {
    const { t } = env;
    const [ana, ben] = [await t.person(), await t.person()];
    const outsider = `flooded-${Date.now()}@example.com`;
    for (let i = 0; i < 10; i++) expect((await assign(ana, outsider)).status, `mail ${i + 1}`).toBe(201);
    const refused = await assign(ana, outsider);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3000);
    const { error } = await readJson(refused);
    expect(error).toBe(mailMessages.tooManyToRecipient(retryAfter));
    expect(error).toMatch(
      /^You have sent too many e-mails to this address\. Please try again in \d+ minutes\.$/,
    );
    const delegated = await readJson(t.post('/get_assigned/', { userEmail: ana.email }, ana.access));
    expect(delegated.tasks.filter((task: { title: string }) => task.title === form.title)).toHaveLength(10);
    // Someone else's invitation to the same address is not held back by Ana's.
    expect((await assign(ben, outsider)).status).toBe(201);
  });

  it('refuses a sender past 60 invitations within the hour, whoever they go to, but still hands a registered person their task', async () => {
    const { t } = env;
    const sender = await t.person();
    const colleague = await t.person();
    const invite = (i: number) => assign(sender, `many-${i}-${Date.now()}@example.com`);
    for (let i = 0; i < 60; i++) expect((await invite(i)).status, `mail ${i + 1}`).toBe(201);
    const refused = await invite(60);
    expect(refused.status).toBe(429);
    expect((await readJson(refused)).error).toMatch(
      /^You have sent too many e-mails\. Please try again in \d+ minutes\.$/,
    );
    const res = await assign(sender, colleague.email, 'Still yours');
    expect(res.status).toBe(201);
    const { id } = await readJson(res);
    const row = await t.db
      .selectFrom('task_recipients')
      .select('mail_held_at')
      .where('task_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.mail_held_at).not.toBeNull();
  });
});
