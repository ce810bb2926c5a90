import { databaseServerUrl, freePort, natsUrl } from '@baton/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin, socketProtocol } from './flows';
import { AppProcess, cleanEnv } from './process';

/** The distributed topology: identity and two gateway replicas as processes over Postgres and NATS. */
describe('npm run start:distributed', () => {
  let app: AppProcess;
  let gateways: string[];

  beforeAll(async () => {
    const ports = [await freePort(), await freePort()];
    const identityPort = await freePort();
    gateways = ports.map((p) => `http://127.0.0.1:${p}`);
    app = new AppProcess(
      'npm',
      ['run', 'start:distributed'],
      cleanEnv({
        DATABASE_URL: databaseServerUrl(),
        NATS_URL: natsUrl(),
        GATEWAY_PORTS: ports.join(','),
        IDENTITY_PORT: String(identityPort),
        PUBLIC_URL: gateways[0] as string,
      }),
    );
    for (const url of [...gateways, `http://127.0.0.1:${identityPort}`])
      await app.waitForOk(`${url}/readyz`, 90_000);
  }, 120_000);

  afterAll(() => app?.stop());

  it('a person signs up on one gateway replica and signs in on the other', async () => {
    const [a, b] = gateways as [string, string];
    const { tokens } = await signUpAndLogin(a, b);
    expect(await socketProtocol(b.replace('http', 'ws'), tokens.access, a)).toBe('jwt');
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
