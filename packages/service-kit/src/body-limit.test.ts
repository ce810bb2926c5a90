import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceApp } from './app';
import { closeServer, listen } from './lifecycle';
import { createLogger } from './logger';

let port: number;
let server: Awaited<ReturnType<typeof listen>>['server'];

beforeAll(async () => {
  const app = createServiceApp({
    name: 'limits',
    logger: createLogger({ name: 'limits' }),
    maxBodyBytes: 1024,
  });
  app.post('/echo', async (c) => c.json({ bytes: (await c.req.text()).length }));
  ({ port, server } = await listen(app.fetch, 0, '127.0.0.1'));
});
afterAll(() => closeServer(server));

/** One request over `agent`; resolves with the status, or the error's code. */
function send(agent: Agent, method: string, path: string, body?: string) {
  return new Promise<number | string>((resolve) => {
    const req = request({ host: '127.0.0.1', port, method, path, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    req.end(body);
  });
}

describe('a body over the limit', () => {
  it('is refused with 413, and the next request on the same kept-alive client works', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect(await send(agent, 'POST', '/echo', 'x'.repeat(512 * 1024))).toBe(413);
      expect(await send(agent, 'GET', '/healthz')).toBe(200);
      expect(await send(agent, 'POST', '/echo', 'small')).toBe(200);
    } finally {
      agent.destroy();
    }
  });
});
