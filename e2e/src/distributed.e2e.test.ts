import { databaseServerUrl, freePort, jsonRequest, natsUrl, readJson } from '@baton/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin, socketProtocol } from './flows';
import { AppProcess, cleanEnv } from './process';

/** The distributed topology: identity, tasks and two gateway replicas as processes over Postgres and NATS. */
describe('npm run start:distributed', () => {
  let app: AppProcess;
  let gateways: string[];

  beforeAll(async () => {
    const ports = [await freePort(), await freePort()];
    const identityPort = await freePort();
    const tasksPort = await freePort();
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
        PUBLIC_URL: gateways[0] as string,
      }),
    );
    for (const url of [...gateways, `http://127.0.0.1:${identityPort}`, `http://127.0.0.1:${tasksPort}`])
      await app.waitForOk(`${url}/readyz`, 90_000);
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

  it('both replicas answer every identity route through HTTP to the identity process', async () => {
    const res = await fetch(`${gateways[1]}/api/token/check/`);
    expect(res.status).toBe(401);
    const unavailable = await fetch(`${gateways[1]}/notifications/`, {
      headers: { authorization: 'Bearer x' },
    });
    expect(unavailable.status).toBe(401);
  });
});
