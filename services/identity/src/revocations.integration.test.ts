import { createLogger, InProcessBus, RevocationList } from '@baton/service-kit';
import { databaseServerUrl, dropDatabase, signUp, uniqueDatabaseName } from '@baton/test-kit';
import { decodeJwt } from 'jose';
import { afterAll, expect, it } from 'vitest';
import { createIdentity } from './app';
import { identityConfigSchema } from './config';

const database = uniqueDatabaseName('identity');
const config = identityConfigSchema.parse({ RATE_LIMITS: 'false' });
const logger = createLogger({ name: 'identity' });
afterAll(() => dropDatabase(database));

/** identity as `npm start` runs it: on a paused in-process bus, opened once the verifiers follow it. */
async function startSingleProcess() {
  const bus = new InProcessBus({ paused: true });
  const identity = await createIdentity({ databaseUrl: databaseServerUrl(), database, bus, config });
  const revocations = await RevocationList.follow(bus, logger);
  bus.open();
  const request = (path: string, init?: RequestInit) => identity.app.request(path, init);
  return {
    request,
    revocations,
    async close() {
      await revocations.stop();
      await identity.close();
      await bus.close();
    },
  };
}

it('a restarted single process still refuses the sessions that ended before it started', async () => {
  const first = await startSingleProcess();
  const user = await signUp(first.request);
  const sid = decodeJwt(user.access).sid as string;
  await first.request('/api/logout/', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ refresh: user.refresh }),
  });
  await expect.poll(() => first.revocations.isRevoked(sid)).toBe(true);
  await first.close();

  // The in-process bus of the first run is gone; identity tells the new one again.
  const second = await startSingleProcess();
  await expect.poll(() => second.revocations.isRevoked(sid)).toBe(true);
  await second.close();
});
