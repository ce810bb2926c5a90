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

describe('a body of declared length', () => {
  it('is judged by its header, without turning the request into streams first', async () => {
    const app = createServiceApp({
      name: 'light',
      logger: createLogger({ name: 'light' }),
      maxBodyBytes: 16,
    });
    app.post('/echo', async (c) => c.json(await c.req.json()));
    let streamed = 0;
    const streamOf = Object.getOwnPropertyDescriptor(Request.prototype, 'body')?.get;
    /** A request that counts who asks for its body as a stream (node-server builds one on that ask). */
    const post = (body: string) => {
      const request = new Request('http://x/echo', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
        body,
      });
      Object.defineProperty(request, 'body', {
        get() {
          streamed += 1;
          return streamOf?.call(request);
        },
      });
      return app.fetch(request);
    };
    const small = await post('{"a":1}');
    expect(small.status).toBe(200);
    expect(await small.json()).toEqual({ a: 1 });
    expect((await post(JSON.stringify({ a: 'x'.repeat(32) }))).status).toBe(413);
    expect(streamed).toBe(0);
  });
});
