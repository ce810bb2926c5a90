import { randomUUID } from 'node:crypto';
import { task, taskListResponse, taskMessages, taskWriteResponse } from '@baton/contracts';
import { eventually, jsonRequest, readJson, signUp } from '@baton/test-kit';
import { describe, expect, it } from 'vitest';
import { useTestTasks } from '../../testing';
import { progressMessages } from '../progress/progress.service';
import { delegateMessages, taskWriteMessages } from './tasks.service';

const env = useTestTasks();
const form = {
  title: 'Write the brief',
  description: 'Two pages',
  dueDate: '2026-12-01',
  priority: 'Moderate',
};

describe('personal tasks', () => {
  it('creates a task and lists it for its owner only', async () => {
    const { t } = env;
    const ada = await t.person();
    const bob = await t.person();
    const created = await t.post('/create_list', form, ada.access);
    expect(created.status).toBe(201);
    const body = taskWriteResponse.parse(await readJson(created));
    expect(body.message).toBe(taskWriteMessages.created);

    const list = taskListResponse.parse(
      await readJson(t.post('/api/tasks/personal/', { userEmail: ada.email }, ada.access)),
    );
    expect(list.tasks).toHaveLength(1);
    expect(list.tasks[0]).toMatchObject({
      id: body.id,
      title: 'Write the brief',
      description: 'Two pages',
      dueDate: '2026-12-01',
      priority: 'Moderate',
      progress: 0,
      completed: false,
      owner: ada.email,
      firstName: 'Ada',
      is_accepted: true,
      category: 'Personal Tasks',
    });
    const other = await readJson(t.post('/api/tasks/personal/', { userEmail: bob.email }, bob.access));
    expect(other.tasks).toEqual([]);
  });

  it('refuses a form without title, due date or priority with the spec message', async () => {
    const { t } = env;
    const ada = await t.person();
    for (const missing of ['title', 'dueDate', 'priority']) {
      const res = await t.post('/create_list', { ...form, [missing]: undefined }, ada.access);
      expect(res.status, missing).toBe(400);
      expect((await readJson(res)).error).toBe(taskMessages.required);
    }
  });
});

describe('delegating', () => {
  it('assigns to a registered person: pending until accepted, an accept link by mail', async () => {
    const { t } = env;
    const ada = await t.person();
    const bob = await t.person({ firstname: 'Bob' });
    const res = await t.post('/send_email/assign_user/', { ...form, email: bob.email }, ada.access);
    expect(res.status).toBe(201);
    const body = await readJson(res);
    expect(body).toMatchObject({ invitation_sent: false, message: delegateMessages.assigned, error: null });
    const mail = await t.smtp.waitFor(bob.email);
    expect(mail.text).toMatch(
      /http:\/\/baton\.test\/accept-task\?uidb64=[\w-]+&token=[\w-]+&taskId=[\w-]+&action=assign_accept/,
    );

    const bobs = await readJson(t.post('/get_assigned/', { userEmail: bob.email }, bob.access));
    expect(bobs.tasks.map((x: unknown) => task.parse(x))).toMatchObject([
      { id: body.id, category: 'Assigned Tasks', is_accepted: false, assigned_users: [bob.email] },
    ]);
    const adas = await readJson(t.post('/get_assigned/', { userEmail: ada.email }, ada.access));
    expect(adas.tasks).toMatchObject([{ id: body.id, category: 'Tasks Delegated - Assigned' }]);
  });

  it("writes to an address with no account in the sender's language (their Accept-Language), to an account in its own", async () => {
    const { t } = env;
    const ada = await t.person({ firstname: 'Ada' });
    const fromGerman = (email: string, title: string) =>
      t.tasks.app.request('/send_email/assign_user/', {
        ...jsonRequest('POST', { ...form, title, email }, ada.access),
        headers: {
          ...(jsonRequest('POST', {}, ada.access).headers as Record<string, string>),
          'accept-language': 'de-DE,de;q=0.9,en;q=0.5',
        },
      });
    const stranger = `nobody-${Date.now()}@example.com`;
    expect((await fromGerman(stranger, 'Angebot')).status).toBe(201);
    const join = await t.smtp.waitFor(stranger);
    expect(join.subject).toBe('Ada hat dir eine Aufgabe zugewiesen auf Baton');
    expect(join.html).toMatch(/<html[^>]* lang="de"/);
    expect(join.text).toContain('Leg mit dieser E-Mail-Adresse ein Konto an');
    // Bob signed up in English: his mail is English, whatever Ada's browser speaks.
    const bob = await t.person({ firstname: 'Bob' });
    expect((await fromGerman(bob.email, 'Offer')).status).toBe(201);
    expect((await t.smtp.waitFor(bob.email)).subject).toBe('Ada assigned you a task: Offer');
  });

  it("writes the mail in the recipient's language once tasks knows it: their sign-up's, then their choice", async () => {
    const { t } = env;
    const ada = await t.person({ firstname: 'Ada' });
    // Dee's browser is German when she signs up (identity.user.created says so).
    const german = (path: string, init?: RequestInit) =>
      t.identity.request(path, { ...init, headers: { ...init?.headers, 'accept-language': 'de' } });
    const dee = await signUp(german, {}, { mailbox: t.identity.smtp });
    const languageOf = async () =>
      (await t.db.selectFrom('users').select('language').where('id', '=', dee.id).executeTakeFirst())
        ?.language;
    await eventually(async () => (await languageOf()) === 'de');
    const assign = (title: string) =>
      t.post('/send_email/assign_user/', { ...form, title, email: dee.email }, ada.access);
    expect((await assign('Angebot')).status).toBe(201);
    expect((await t.smtp.waitFor(dee.email)).subject).toBe('Ada hat dir eine Aufgabe zugewiesen: Angebot');
    // She picks English in her preferences (notifications says so).
    const changed = {
      id: randomUUID(),
      type: 'notifications.preferences.changed',
      occurredAt: new Date().toISOString(),
      actorId: dee.id,
      audience: [dee.id],
      data: { userId: dee.id, language: 'en', timezone: 'UTC' },
    };
    await t.bus.publish(changed.type, changed, { msgId: changed.id });
    await eventually(async () => (await languageOf()) === 'en');
    expect((await assign('Offer')).status).toBe(201);
    const offer = await t.smtp.waitFor(dee.email, { match: (mail) => mail.subject.endsWith('Offer') });
    expect(offer.subject).toBe('Ada assigned you a task: Offer');
  });

  it('writes the accept link of a task that waited for an address in the language its owner signed up in', async () => {
    const { t } = env;
    const ada = await t.person({ firstname: 'Ada' });
    const email = `later-${randomUUID()}@example.com`;
    expect((await t.post('/send_email/invite_user', { ...form, email }, ada.access)).status).toBe(201);
    expect((await t.smtp.waitFor(email)).subject).toBe('Ada invited you to a task on Baton');
    const german = (path: string, init?: RequestInit) =>
      t.identity.request(path, { ...init, headers: { ...init?.headers, 'accept-language': 'de' } });
    await signUp(german, { email }, { mailbox: t.identity.smtp });
    const link = await t.smtp.waitFor(email, { match: (mail) => mail.text.includes('accept-task') });
    expect(link.text).toContain('Öffne sie und nimm sie hier an');
  });
});

describe('changing tasks', () => {
  it('updates a personal task through /create_list with its id', async () => {
    const { t } = env;
    const ada = await t.person();
    const { id } = await readJson(t.post('/create_list', form, ada.access));
    const res = await t.post(
      '/create_list',
      { ...form, id, title: 'Write the short brief', priority: 'Immediate' },
      ada.access,
    );
    expect(res.status).toBe(200);
    expect(await readJson(res)).toMatchObject({ id, task_id: id, message: taskWriteMessages.updated });
    const list = await readJson(t.post('/api/tasks/personal/', { userEmail: ada.email }, ada.access));
    expect(list.tasks).toMatchObject([{ id, title: 'Write the short brief', priority: 'Immediate' }]);
  });

  it('edits a delegated task through /edit_shared_task/; its recipient cannot be changed', async () => {
    const { t } = env;
    const [ada, bob, eve] = [await t.person(), await t.person(), await t.person()];
    const { id } = await readJson(
      t.post('/send_email/invite_user', { ...form, email: bob.email }, ada.access),
    );
    const ok = await t.post(
      '/edit_shared_task/',
      { ...form, id, title: 'New title', email: bob.email },
      ada.access,
    );
    expect(ok.status).toBe(200);
    const moved = await t.post('/edit_shared_task/', { ...form, id, email: eve.email }, ada.access);
    expect(moved.status).toBe(400);
    expect((await readJson(moved)).error).toBe(taskWriteMessages.recipientFixed);
    const viaCreate = await t.post('/create_list', { ...form, id }, ada.access);
    expect((await readJson(viaCreate)).error).toBe(taskWriteMessages.useEditShared);
    const list = await readJson(t.post('/get_invited/', { userEmail: bob.email }, bob.access));
    expect(list.tasks).toMatchObject([
      { id, title: 'New title', invited_users: [bob.email], category: 'Invited Tasks' },
    ]);
  });

  it('deletes a task', async () => {
    const { t } = env;
    const ada = await t.person();
    const { id } = await readJson(t.post('/create_list', form, ada.access));
    const res = await t.post(`/delete_list/${id}`, { id }, ada.access);
    expect(await readJson(res)).toEqual({ message: taskWriteMessages.deleted });
    expect(
      (await readJson(t.post('/api/tasks/personal/', { userEmail: ada.email }, ada.access))).tasks,
    ).toEqual([]);
    expect((await t.post(`/delete_list/${id}`, { id }, ada.access)).status).toBe(404);
  });

  it('completes and reopens; completed tasks come after open ones, newest completion first', async () => {
    const { t } = env;
    const ada = await t.person();
    const ids: string[] = [];
    for (const title of ['one', 'two', 'three'])
      ids.push((await readJson(t.post('/create_list', { ...form, title }, ada.access))).id);
    const [one, two, three] = ids as [string, string, string];
    expect(
      await readJson(t.post(`/completed/${one}`, { completed: true, userEmail: ada.email }, ada.access)),
    ).toEqual({
      message: taskWriteMessages.completed,
    });
    await t.post(`/completed/${two}`, { completed: true }, ada.access);
    const list = (await readJson(t.post('/api/tasks/personal/', { userEmail: ada.email }, ada.access))).tasks;
    expect(list.map((x: { id: string }) => x.id)).toEqual([three, two, one]);
    expect(list[1]).toMatchObject({ completed: true, completedAt: expect.any(String) });
    expect(await readJson(t.post(`/completed/${two}`, { completed: false }, ada.access))).toEqual({
      message: taskWriteMessages.reopened,
    });
    const after = (await readJson(t.post('/api/tasks/personal/', { userEmail: ada.email }, ada.access)))
      .tasks;
    expect(after.find((x: { id: string }) => x.id === two)).toMatchObject({
      completed: false,
      completedAt: null,
    });
  });

  it('records progress with a note; the history is newest first without duplicates', async () => {
    const { t } = env;
    const ada = await t.person({ firstname: 'Ada', lastname: 'King' });
    const { id } = await readJson(t.post('/create_list', form, ada.access));
    expect(
      await readJson(t.post(`/progress/${id}/`, { progress: 25, message: 'Outline done' }, ada.access)),
    ).toEqual({
      message: progressMessages.saved,
    });
    await t.post(`/progress/${id}/`, { progress: 60, message: '' }, ada.access);
    const [latest] = await t.db
      .selectFrom('progress_logs')
      .selectAll()
      .where('task_id', '=', id)
      .orderBy('created_at', 'desc')
      .execute();
    // The same author, time and progress twice (a double submit) shows once.
    if (latest)
      await t.db
        .insertInto('progress_logs')
        .values({ ...latest, id: undefined })
        .execute();
    const { logs } = await readJson(t.get(`/progress-logs/${id}/`, ada.access));
    expect(logs).toMatchObject([
      { author_name: 'Ada King', progress: 60, message: '' },
      { author_name: 'Ada King', progress: 25, message: 'Outline done' },
    ]);
    const list = await readJson(t.post('/api/tasks/personal/', { userEmail: ada.email }, ada.access));
    expect(list.tasks[0].progress).toBe(60);
  });

  it('refuses progress on a completed task', async () => {
    const { t } = env;
    const ada = await t.person();
    const { id } = await readJson(t.post('/create_list', form, ada.access));
    await t.post(`/completed/${id}`, { completed: true }, ada.access);
    const res = await t.post(`/progress/${id}/`, { progress: 50 }, ada.access);
    expect(res.status).toBe(409);
    expect((await readJson(res)).error).toBe(progressMessages.completed);
  });

  it("files a personal task in one of the owner's folders, and nobody else's", async () => {
    const { t } = env;
    const [ada, bob] = [await t.person(), await t.person()];
    const folderId = crypto.randomUUID();
    await t.db
      .insertInto('folders')
      .values({ id: folderId, owner_id: ada.id, name: 'Launch', color: '#ED8936' })
      .execute();
    const { id } = await readJson(t.post('/create_list', { ...form, folder_id: folderId }, ada.access));
    const list = await readJson(t.post('/api/tasks/personal/', { userEmail: ada.email }, ada.access));
    expect(list.tasks.find((x: { id: string }) => x.id === id).folder).toEqual({
      id: folderId,
      name: 'Launch',
      color: '#ED8936',
    });
    const foreign = await t.post('/create_list', { ...form, folder_id: folderId }, bob.access);
    expect(foreign.status).toBe(404);
  });
});
