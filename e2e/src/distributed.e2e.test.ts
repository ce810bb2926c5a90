import { samples, uploadFile } from '@baton/files/testing';
import type { MailCatcher } from '@baton/mailer';
import {
  accountDeletion,
  databaseServerUrl,
  freePort,
  jsonRequest,
  makeUser,
  natsUrl,
  readJson,
  signUp,
  startSmtpCapture,
} from '@baton/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assignWhenKnown,
  expectRefusedEverywhere,
  handshakeStatus,
  liveSocket,
  signUpAndLogin,
  socketProtocol,
} from './flows';
import { AppProcess, cleanEnv, exclusively } from './process';

/**
 * The distributed topology: identity, tasks, notifications and two gateway replicas as processes over
 * Postgres and NATS.
 */
describe('npm run start:distributed', () => {
  let app: AppProcess;
  let gateways: string[];
  let services: Record<'identity' | 'tasks' | 'notifications' | 'files' | 'folders', string>;
  let mail: MailCatcher;
  let done: () => Promise<void>;

  beforeAll(async () => {
    // releases.e2e.test.ts runs start:distributed too, on the same databases and NATS streams.
    done = await exclusively(databaseServerUrl(), 'start:distributed');
    const ports = [await freePort(), await freePort()];
    const identityPort = await freePort();
    const tasksPort = await freePort();
    const notificationsPort = await freePort();
    const filesPort = await freePort();
    const foldersPort = await freePort();
    gateways = ports.map((p) => `http://127.0.0.1:${p}`);
    mail = await startSmtpCapture();
    app = new AppProcess(
      'npm',
      ['run', 'start:distributed'],
      cleanEnv({
        DATABASE_URL: databaseServerUrl(),
        NATS_URL: natsUrl(),
        GATEWAY_PORTS: ports.join(','),
        IDENTITY_PORT: String(identityPort),
        TASKS_PORT: String(tasksPort),
        NOTIFICATIONS_PORT: String(notificationsPort),
        FILES_PORT: String(filesPort),
        FOLDERS_PORT: String(foldersPort),
        PUBLIC_URL: gateways[0] as string,
        SMTP_URL: mail.smtpUrl,
        // This file signs up more people from one address than identity's limits allow in a minute.
        RATE_LIMITS: 'false',
      }),
    );
    const at = (port: number) => `http://127.0.0.1:${port}`;
    services = {
      identity: at(identityPort),
      tasks: at(tasksPort),
      notifications: at(notificationsPort),
      files: at(filesPort),
      folders: at(foldersPort),
    };
    for (const url of [...gateways, ...Object.values(services)]) await app.waitForOk(`${url}/readyz`, 90_000);
  }, 300_000);

  afterAll(async () => {
    await app?.stop();
    await mail?.stop();
    await done?.();
  });

  it('a person signs up on one gateway replica and signs in on the other', async () => {
    const [a, b] = gateways as [string, string];
    const { tokens } = await signUpAndLogin(a, { loginBase: b, mailbox: mail });
    expect(await socketProtocol(b.replace('http', 'ws'), tokens.access, a)).toBe('jwt');
  });

  it('a task assigned through one replica reaches its recipient through the other (people known over NATS)', async () => {
    const [a, b] = gateways as [string, string];
    const owner = await signUpAndLogin(a, { mailbox: mail });
    const recipient = await signUpAndLogin(b, { mailbox: mail });
    const form = {
      title: 'Distributed',
      dueDate: '2054-12-24',
      priority: 'Lenient',
      email: recipient.user.email,
    };
    await assignWhenKnown(a, owner.tokens.access, form);
    const list = await readJson(
      fetch(
        `${b}/get_assigned/`,
        jsonRequest('POST', { userEmail: recipient.user.email }, recipient.tokens.access),
      ),
    );
    expect(
      list.tasks.some(
        (t: { title: string; category: string }) =>
          t.title === 'Distributed' && t.category === 'Assigned Tasks',
      ),
    ).toBe(true);
  });

  it('each replica delivers live messages to its own sockets, once, and to nobody else', async () => {
    const [a, b] = gateways as [string, string];
    const [wsA, wsB] = [a, b].map((url) => url.replace('http', 'ws')) as [string, string];
    const ana = await signUpAndLogin(a, { mailbox: mail });
    const ben = await signUpAndLogin(b, { mailbox: mail });
    const stranger = await signUpAndLogin(a, { mailbox: mail });
    const bensBell = await liveSocket(wsB, '/ws/notifications/', ben.tokens.access, a);
    const bensList = await liveSocket(wsB, '/ws/tasks/', ben.tokens.access, a);
    const anasList = await liveSocket(wsA, '/ws/tasks/', ana.tokens.access, a);
    const strangers = await Promise.all(
      [wsA, wsB].flatMap((ws) =>
        ['/ws/notifications/', '/ws/tasks/'].map((path) => liveSocket(ws, path, stranger.tokens.access, a)),
      ),
    );
    const form = { title: 'Across replicas', dueDate: '2054-12-24', priority: 'Moderate' };
    const id = await assignWhenKnown(a, ana.tokens.access, { ...form, email: ben.user.email });
    const [note] = await bensBell.received(1);
    expect(note).toMatchObject({ type: 'info', title: 'New task assigned', is_read: false });
    expect(String(note?.message)).toContain('assigned you “Across replicas”, due Thu 24 Dec 2054');
    const listed = await readJson(
      fetch(`${b}/notifications/`, jsonRequest('GET', undefined, ben.tokens.access)),
    );
    expect(listed.notifications.map((n: { id: string }) => n.id)).toContain(note?.id);

    const edit = { ...form, id, title: 'Across replicas, edited' };
    expect((await fetch(`${a}/edit_shared_task/`, jsonRequest('POST', edit, ana.tokens.access))).status).toBe(
      200,
    );
    // Both sides: the task arrived in a list (task_added), then the edit (task_update).
    const live = [
      { type: 'task_added', task_id: id },
      { type: 'task_update', task_id: id },
    ];
    expect(await bensList.received(2)).toMatchObject(live);
    expect(await anasList.received(2)).toMatchObject(live);
    await bensBell.received(2);
    await new Promise((r) => setTimeout(r, 500));
    expect([bensBell.messages.length, bensList.messages.length, anasList.messages.length]).toEqual([2, 2, 2]);
    expect(strangers.map((s) => s.messages.length)).toEqual([0, 0, 0, 0]);
    for (const socket of [bensBell, bensList, anasList, ...strangers]) socket.close();
  });

  it('a task list socket dropped on one replica resumes on the other: what it missed, in order, then the live ones', async () => {
    const [a, b] = gateways as [string, string];
    const [wsA, wsB] = [a, b].map((url) => url.replace('http', 'ws')) as [string, string];
    const ana = await signUpAndLogin(a, { mailbox: mail });
    const ben = await signUpAndLogin(b, { mailbox: mail });
    const first = await liveSocket(wsB, '/ws/tasks/', ben.tokens.access, a);
    const form = { title: 'Resumed', dueDate: '2054-12-24', priority: 'Moderate' };
    const id = await assignWhenKnown(a, ana.tokens.access, { ...form, email: ben.user.email });
    const [added] = await first.received(1);
    expect(added).toMatchObject({ type: 'task_added', task_id: id });
    first.terminate();
    const edit = (title: string) =>
      fetch(`${a}/edit_shared_task/`, jsonRequest('POST', { ...form, id, title }, ana.tokens.access));
    for (const title of ['While away 1', 'While away 2']) expect((await edit(title)).status).toBe(200);
    // Ben's own folder, made meanwhile: folders tells tasks, tasks tells notifications, which logs it.
    const folder = await fetch(
      `${b}/api/folders/`,
      jsonRequest('POST', { name: 'Away', color: '#6366F1' }, ben.tokens.access),
    );
    expect(folder.status).toBe(201);
    const missedCount = 3;
    // Logged by notifications (over JetStream) before the socket comes back.
    await expect
      .poll(
        async () => {
          const res = await fetch(
            `${a}/notifications/task-messages/?after=${added?.id}`,
            jsonRequest('GET', undefined, ben.tokens.access),
          );
          return (await readJson(res)).messages.length;
        },
        { timeout: 10_000 },
      )
      .toBe(missedCount);
    const again = await liveSocket(wsA, `/ws/tasks/?after=${added?.id}`, ben.tokens.access, a);
    await again.received(missedCount);
    expect((await edit('After')).status).toBe(200);
    const all = await again.received(missedCount + 1);
    await new Promise((r) => setTimeout(r, 300));
    const titles = all.flatMap((m) =>
      m.type === 'task_update' ? [(m.task as { title: string }).title] : [],
    );
    expect(titles).toEqual(['While away 1', 'While away 2', 'After']);
    expect(all.filter((m) => m.type === 'folders_changed')).toHaveLength(1);
    expect(all.at(-1)).toMatchObject({ type: 'task_update', task_id: id });
    expect(new Set(all.map((m) => m.id)).size).toBe(all.length);
    expect(all.every((m) => typeof m.id === 'string')).toBe(true);
    again.close();
  });

  describe('live comments across replicas (real NATS)', () => {
    type Person = Awaited<ReturnType<typeof signUpAndLogin>>;
    /** Ana assigns a task to Ben through replica A (once tasks knows Ben) and Ben accepts it. */
    async function sharedTask(a: string, ana: Person, ben: Person) {
      const form = {
        title: 'Comment me',
        dueDate: '2054-12-24',
        priority: 'Moderate',
        email: ben.user.email,
      };
      const id = await assignWhenKnown(a, ana.tokens.access, form);
      const accept = { task_id: id, user_email: ben.user.email, trusted: false, role: 'assign' };
      expect((await fetch(`${a}/accept_task`, jsonRequest('POST', accept, ben.tokens.access))).status).toBe(
        200,
      );
      return id;
    }
    const comments = (socket: { messages: Array<Record<string, unknown>> }) =>
      socket.messages.flatMap((m) => (m.comment ? [m.comment as { id: string; content: string }] : []));
    const until = async (check: () => boolean, what: string) => {
      for (let i = 0; i < 200 && !check(); i += 1) await new Promise((r) => setTimeout(r, 25));
      if (!check()) throw new Error(`timed out waiting for ${what}`);
    };

    it('A on replica 1 and B on replica 2 each see the other once; socket and REST store alike; the bell rises', async () => {
      const [a, b] = gateways as [string, string];
      const [wsA, wsB] = [a, b].map((url) => url.replace('http', 'ws')) as [string, string];
      const ana = await signUpAndLogin(a, { mailbox: mail });
      const ben = await signUpAndLogin(b, { mailbox: mail });
      const stranger = await signUpAndLogin(a, { mailbox: mail });
      const id = await sharedTask(a, ana, ben);
      const path = `/ws/comments/${id}/`;
      expect(await handshakeStatus(b, path, stranger.tokens.access, a)).toBe(404);
      const bensBell = await liveSocket(wsB, '/ws/notifications/', ben.tokens.access, a);
      const anas = await liveSocket(wsA, path, ana.tokens.access, a);
      const bens = await liveSocket(wsB, path, ben.tokens.access, a);
      const byRest = await readJson(
        fetch(
          `${a}/api/add_comment/`,
          jsonRequest(
            'POST',
            { task_id: id, user_email: ana.user.email, content: 'From Ana' },
            ana.tokens.access,
          ),
        ),
      );
      bens.send({ comment: 'From Ben, over the socket' });
      await until(() => comments(anas).length === 2 && comments(bens).length === 2, 'both comments on both');
      await new Promise((r) => setTimeout(r, 500));
      expect(comments(anas)).toEqual(comments(bens));
      expect(comments(anas)[0]).toEqual(byRest);
      const listed = await readJson(
        fetch(`${b}/task_comments/${id}`, jsonRequest('GET', undefined, ana.tokens.access)),
      );
      expect(listed.comments).toEqual(comments(anas));
      // The assignment's own notification may still be on its way when the bell opens, so look for the comment's.
      const commentNotes = () => bensBell.messages.filter((m) => m.title === 'New comment');
      await until(() => commentNotes().length > 0, "the comment's notification");
      expect(commentNotes()).toHaveLength(1);
      for (const socket of [anas, bens, bensBell]) socket.close();
    });

    it('after a forced disconnect the missed comments arrive on reconnect (?after=)', async () => {
      const [a, b] = gateways as [string, string];
      const ana = await signUpAndLogin(a, { mailbox: mail });
      const ben = await signUpAndLogin(b, { mailbox: mail });
      const id = await sharedTask(a, ana, ben);
      const say = (content: string) =>
        readJson(
          fetch(
            `${a}/api/add_comment/`,
            jsonRequest('POST', { task_id: id, user_email: ana.user.email, content }, ana.tokens.access),
          ),
        );
      const first = await liveSocket(b.replace('http', 'ws'), `/ws/comments/${id}/`, ben.tokens.access, a);
      const seen = await say('before');
      await until(() => comments(first).length === 1, 'the first comment');
      first.terminate();
      const missed = [await say('while away 1'), await say('while away 2')];
      const again = await liveSocket(
        a.replace('http', 'ws'),
        `/ws/comments/${id}/?after=${seen.id}`,
        ben.tokens.access,
        a,
      );
      const live = await say('after');
      await until(() => comments(again).length === 3, 'missed and live comments');
      await new Promise((r) => setTimeout(r, 300));
      expect(comments(again)).toEqual([...missed, live]);
      again.close();
    });
  });

  it('a file uploaded through one replica is attached, previewed and downloaded through the other', async () => {
    const [a, b] = gateways as [string, string];
    const ana = await signUpAndLogin(a, { mailbox: mail });
    const file = await uploadFile((url, init) => fetch(new URL(url, a), init), ana.tokens.access, {
      name: 'plan.pdf',
      type: 'application/pdf',
      bytes: samples.pdf('Across replicas'),
    });
    expect(file.url.startsWith(`${a}/files/objects/`)).toBe(true);
    const form = { title: 'Filed', dueDate: '2054-12-24', priority: 'Lenient', attachmentKey: file.key };
    const created = await fetch(`${b}/create_list`, jsonRequest('POST', form, ana.tokens.access));
    expect(created.status).toBe(201);
    const { id } = await readJson(created);
    const preview = await readJson(
      fetch(`${b}/api/preview/${id}/`, jsonRequest('GET', undefined, ana.tokens.access)),
    );
    expect(preview).toMatchObject({
      filename: 'plan.pdf',
      content_type: 'application/pdf',
      can_preview: true,
    });
    const shown = await fetch(preview.url);
    expect(shown.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await shown.arrayBuffer()).equals(samples.pdf('Across replicas'))).toBe(true);
    const { url } = await readJson(
      fetch(`${a}/api/download/presign/${id}/`, jsonRequest('GET', undefined, ana.tokens.access)),
    );
    expect((await fetch(url)).headers.get('content-disposition')).toMatch(/^attachment; filename="plan.pdf"/);
  });

  it('a folder made through one replica files a task made through the other', async () => {
    const [a, b] = gateways as [string, string];
    const ana = await signUpAndLogin(a, { mailbox: mail });
    const folder = await readJson(
      fetch(
        `${a}/api/folders/`,
        jsonRequest('POST', { name: 'Replicas', color: '#6366F1' }, ana.tokens.access),
      ),
    );
    const task = await readJson(
      fetch(
        `${b}/create_list`,
        jsonRequest(
          'POST',
          { title: 'Filed', dueDate: '2054-12-24', priority: 'Lenient' },
          ana.tokens.access,
        ),
      ),
    );
    // folders hears of the task over JetStream; until then it cannot file it.
    let attached = 0;
    for (let i = 0; i < 40 && attached !== 200; i += 1) {
      const res = await fetch(
        `${b}/api/folders/${folder.id}/attach-tasks/`,
        jsonRequest('POST', { task_ids: [task.id] }, ana.tokens.access),
      );
      attached = res.status;
      if (attached !== 200) await new Promise((r) => setTimeout(r, 250));
    }
    expect(attached).toBe(200);
    await expect
      .poll(async () => {
        const { tasks } = await readJson(
          fetch(
            `${a}/api/tasks/personal/`,
            jsonRequest('POST', { userEmail: ana.user.email }, ana.tokens.access),
          ),
        );
        return tasks.find((t: { id: string }) => t.id === task.id)?.folder;
      })
      .toEqual({ id: folder.id, name: 'Replicas', color: '#6366F1' });
    const listed = await readJson(
      fetch(`${a}/api/folders/`, jsonRequest('GET', undefined, ana.tokens.access)),
    );
    expect(listed.folders).toMatchObject([{ id: folder.id, task_count: 1 }]);
  });

  it('both replicas answer every identity route through HTTP to the identity process', async () => {
    const res = await fetch(`${gateways[1]}/api/token/check/`);
    expect(res.status).toBe(401);
    const unavailable = await fetch(`${gateways[1]}/notifications/`, {
      headers: { authorization: 'Bearer x' },
    });
    expect(unavailable.status).toBe(401);
  });

  describe('a session that ends is refused by every service and gateway within a second', () => {
    const deployed = ['identity', 'tasks', 'notifications', 'files', 'folders'] as const;
    const refusedEverywhere = (access: string) =>
      expectRefusedEverywhere({
        access,
        targets: [
          ...gateways.map((base) => ({ base, services: [...deployed] })),
          ...deployed.map((name) => ({ base: services[name], services: [name] })),
        ],
        gateways,
        origin: gateways[0] as string,
      });
    const login = async (base: string, email: string, password: string) =>
      (await readJson(fetch(`${base}/login/`, jsonRequest('POST', { email, password })))).tokens as {
        access: string;
        refresh: string;
      };

    it('logout', async () => {
      const [a, b] = gateways as [string, string];
      const { tokens } = await signUpAndLogin(a, { mailbox: mail });
      await fetch(`${b}/api/logout/`, jsonRequest('POST', { refresh: tokens.refresh }, tokens.access));
      await refusedEverywhere(tokens.access);
    });

    it("a password change (the other sessions')", async () => {
      const [a, b] = gateways as [string, string];
      const { user, tokens } = await signUpAndLogin(a, { mailbox: mail });
      const other = await login(b, user.email, user.password);
      const change = {
        currentPassword: user.password,
        newPassword: 'changed it',
        confirmPassword: 'changed it',
      };
      expect(
        (await fetch(`${a}/api/settings/change-password/`, jsonRequest('POST', change, tokens.access)))
          .status,
      ).toBe(200);
      await refusedEverywhere(other.access);
    });

    it('a password reset', async () => {
      const [a] = gateways as [string];
      const { user, tokens } = await signUpAndLogin(a, { mailbox: mail });
      await fetch(`${a}/api/auth/password-reset/request/`, jsonRequest('POST', { email: user.email }));
      const resetMail = await mail.waitFor(user.email, { match: (m) => m.text.includes('/reset-password') });
      const link = new URL(/https?:\/\/\S+/.exec(resetMail.text)?.[0] ?? '');
      const confirm = {
        uid: link.searchParams.get('uid'),
        token: link.searchParams.get('token'),
        newPassword: 'reset it now',
        confirmPassword: 'reset it now',
      };
      expect(
        (await fetch(`${a}/api/auth/password-reset/confirm/`, jsonRequest('POST', confirm))).status,
      ).toBe(200);
      await refusedEverywhere(tokens.access);
    });

    it('refresh-token reuse', async () => {
      const [a, b] = gateways as [string, string];
      const { tokens } = await signUpAndLogin(a, { mailbox: mail });
      const first = await readJson(
        fetch(`${a}/api/token/refresh/`, jsonRequest('POST', { refresh: tokens.refresh })),
      );
      const second = await readJson(
        fetch(`${b}/api/token/refresh/`, jsonRequest('POST', { refresh: first.refresh })),
      );
      // The oldest token again, after its successor was used: someone else holds a copy.
      expect(
        (await fetch(`${a}/api/token/refresh/`, jsonRequest('POST', { refresh: tokens.refresh }))).status,
      ).toBe(401);
      await refusedEverywhere(second.access);
    });

    it("account deletion, and the deleted account's pending invitation reaches nobody", async () => {
      const [a, b] = gateways as [string, string];
      const { user, tokens } = await signUpAndLogin(a, { mailbox: mail });
      const invitee = makeUser();
      const invite = {
        title: 'Left behind',
        dueDate: '2054-12-24',
        priority: 'Lenient',
        email: invitee.email,
      };
      expect(
        (await fetch(`${a}/send_email/invite_user`, jsonRequest('POST', invite, tokens.access))).status,
      ).toBe(201);
      const deleted = await fetch(
        `${b}/delete-account/`,
        jsonRequest('POST', accountDeletion(user), tokens.access),
      );
      expect(deleted.status).toBe(200);
      await refusedEverywhere(tokens.access);
      const again = await fetch(`${a}/send_email/invite_user`, jsonRequest('POST', invite, tokens.access));
      expect(again.status).toBe(401);
      // The invitee signs up: nothing of the deleted account's is waiting for them.
      const theirs = await signUp((path, init) => fetch(`${b}${path}`, init), invitee, { mailbox: mail });
      await new Promise((r) => setTimeout(r, 1_000));
      const invited = await readJson(
        fetch(`${a}/get_invited/`, jsonRequest('POST', { userEmail: invitee.email }, theirs.access)),
      );
      expect(invited.tasks).toEqual([]);
      const bell = await readJson(fetch(`${b}/notifications/`, jsonRequest('GET', undefined, theirs.access)));
      expect(bell.notifications).toEqual([]);
      const mailed = mail.mails.filter((m) => m.to.includes(invitee.email.toLowerCase()));
      expect(mailed.map((m) => m.subject).filter((s) => /accept/i.test(s))).toEqual([]);
    });
  });
});
