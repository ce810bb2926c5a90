import { databaseServerUrl, freePort, jsonRequest, natsUrl, readJson } from '@baton/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveSocket, signUpAndLogin, socketProtocol } from './flows';
import { AppProcess, cleanEnv } from './process';

/**
 * The distributed topology: identity, tasks, notifications and two gateway replicas as processes over
 * Postgres and NATS.
 */
describe('npm run start:distributed', () => {
  let app: AppProcess;
  let gateways: string[];

  beforeAll(async () => {
    const ports = [await freePort(), await freePort()];
    const identityPort = await freePort();
    const tasksPort = await freePort();
    const notificationsPort = await freePort();
    gateways = ports.map((p) => `http://127.0.0.1:${p}`);
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
        PUBLIC_URL: gateways[0] as string,
      }),
    );
    const services = [identityPort, tasksPort, notificationsPort].map((p) => `http://127.0.0.1:${p}`);
    for (const url of [...gateways, ...services]) await app.waitForOk(`${url}/readyz`, 90_000);
  }, 120_000);

  afterAll(() => app?.stop());

  it('a person signs up on one gateway replica and signs in on the other', async () => {
    const [a, b] = gateways as [string, string];
    const { tokens } = await signUpAndLogin(a, b);
    expect(await socketProtocol(b.replace('http', 'ws'), tokens.access, a)).toBe('jwt');
  });

  it('a task assigned through one replica reaches its recipient through the other (people known over NATS)', async () => {
    const [a, b] = gateways as [string, string];
    const owner = await signUpAndLogin(a);
    const recipient = await signUpAndLogin(b);
    const form = {
      title: 'Distributed',
      dueDate: '2026-12-24',
      priority: 'Lenient',
      email: recipient.user.email,
    };
    // tasks learns of the recipient from identity.user.created on JetStream; until then it invites by mail.
    let sent: { invitation_sent?: boolean } = {};
    for (let i = 0; i < 40; i += 1) {
      const res = await fetch(`${a}/send_email/assign_user/`, jsonRequest('POST', form, owner.tokens.access));
      expect(res.status).toBe(201);
      sent = await readJson(res);
      if (sent.invitation_sent === false) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(sent.invitation_sent).toBe(false);
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
    const ana = await signUpAndLogin(a);
    const ben = await signUpAndLogin(b);
    const stranger = await signUpAndLogin(a);
    const bensBell = await liveSocket(wsB, '/ws/notifications/', ben.tokens.access, a);
    const bensList = await liveSocket(wsB, '/ws/tasks/', ben.tokens.access, a);
    const anasList = await liveSocket(wsA, '/ws/tasks/', ana.tokens.access, a);
    const strangers = await Promise.all(
      [wsA, wsB].flatMap((ws) =>
        ['/ws/notifications/', '/ws/tasks/'].map((path) => liveSocket(ws, path, stranger.tokens.access, a)),
      ),
    );
    const form = { title: 'Across replicas', dueDate: '2026-12-24', priority: 'Moderate' };
    let id = '';
    // Assign once tasks knows Ben (identity.user.created over JetStream); until then it would invite by mail.
    for (let i = 0; i < 40 && !id; i += 1) {
      const body = await readJson(
        fetch(
          `${a}/send_email/assign_user/`,
          jsonRequest('POST', { ...form, email: ben.user.email }, ana.tokens.access),
        ),
      );
      if (body.invitation_sent === false) id = body.id;
      else await new Promise((r) => setTimeout(r, 250));
    }
    expect(id).not.toBe('');
    const [note] = await bensBell.received(1);
    expect(note).toMatchObject({ type: 'info', title: 'New task assigned', is_read: false });
    expect(String(note?.message)).toContain('assigned you “Across replicas”, due Thu 24 Dec');
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

  it('both replicas answer every identity route through HTTP to the identity process', async () => {
    const res = await fetch(`${gateways[1]}/api/token/check/`);
    expect(res.status).toBe(401);
    const unavailable = await fetch(`${gateways[1]}/notifications/`, {
      headers: { authorization: 'Bearer x' },
    });
    expect(unavailable.status).toBe(401);
  });
});
