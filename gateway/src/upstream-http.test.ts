import { randomUUID } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { allRoutes, type RouteContract } from '@baton/contracts';
import { closeServer } from '@baton/service-kit';
import { freePort, readJson, signUp } from '@baton/test-kit';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveOverHttp, startTestGatewayServer } from './testing';
import { httpUpstream, type UpstreamRequest } from './upstreams';

/**
 * The gateway's hop to services over HTTP (the distributed topology): pooled, kept-alive connections fed
 * plain values. What reaches a service, and what comes back, must be what the in-process hop gives.
 */

/** A stand-in service that answers with everything that reached it, after a random pause (answers cross). */
function echoService(name: string) {
  const app = new Hono();
  app.all('*', async (c) => {
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
    const url = new URL(c.req.url);
    return c.json({
      service: name,
      method: c.req.method,
      path: url.pathname + url.search,
      headers: Object.fromEntries(c.req.raw.headers),
      body: c.req.method === 'GET' || c.req.method === 'HEAD' ? null : await c.req.text(),
    });
  });
  return app;
}

type Echo = {
  service: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | null;
};

const concretePath = (route: RouteContract) =>
  route.path
    .replace('{action}', 'invite_accept')
    .replace('{uidb64}', 'dXNlcg')
    .replace('{token}', 'tok')
    .replace(/\{\w+\}/g, () => randomUUID());

/** What a service may see: the forwarded allow-list, the gateway's own two, and the connection's. */
const allowed = new Set([
  'accept',
  'accept-language',
  'authorization',
  'content-type',
  'user-agent',
  'x-request-id',
  'x-forwarded-for',
  'content-length',
  'host',
  'connection',
]);

const others = allRoutes.filter((r) => r.service !== 'identity');
const services = ['tasks', 'folders', 'notifications', 'files'] as const;

describe('every service over HTTP', () => {
  let g: Awaited<ReturnType<typeof startTestGatewayServer>>;
  let served: Awaited<ReturnType<typeof serveOverHttp>>[];
  let token: string;
  beforeAll(async () => {
    served = await Promise.all(services.map((name) => serveOverHttp(echoService(name))));
    g = await startTestGatewayServer(
      Object.fromEntries(services.map((name, i) => [name, served[i]?.upstream])),
    );
    token = (await signUp(g.request)).access;
  });
  afterAll(async () => {
    await g.close();
    await Promise.all(served.map((s) => s.close()));
  });

  const send = (path: string, init: { method: string; headers?: Record<string, string>; body?: string }) =>
    fetch(`${g.http}${path}`, init);

  it.each(others.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s reaches its owner with the allowed headers only, and its answer comes back whole',
    async (_k, route) => {
      const path = `${concretePath(route)}?x=1&y=%C3%A9`;
      const body = route.method === 'GET' ? undefined : JSON.stringify({ probe: route.path });
      const res = await send(path, {
        method: route.method,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          accept: 'application/json',
          'accept-language': 'fr',
          'user-agent': 'probe/1',
          'x-request-id': 'req-12345678',
          cookie: 'baton_device=abc.def',
          'x-forwarded-for': '6.6.6.6',
          'x-custom': 'kept here',
        },
        body,
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-request-id')).toBe('req-12345678');
      const seen = (await readJson(res)) as Echo;
      expect(seen).toMatchObject({ service: route.service, method: route.method, path, body: body ?? null });
      expect(Object.keys(seen.headers).filter((name) => !allowed.has(name))).toEqual([]);
      expect(seen.headers).toMatchObject({
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/json',
        'accept-language': 'fr',
        'user-agent': 'probe/1',
        'x-request-id': 'req-12345678',
        'x-forwarded-for': '127.0.0.1',
      });
      // Declared, so the service judges its size without reading it as a stream first.
      if (body) expect(seen.headers['content-length']).toBe(String(Buffer.byteLength(body)));
    },
  );

  it("keeps each request's headers and body apart while many share the pooled connections", async () => {
    const asks = Array.from({ length: 120 }, (_, i) => {
      const id = `req-${String(i).padStart(8, '0')}`;
      // Reads (which may share a connection) and changes (which never do), interleaved.
      const read = i % 2 === 0;
      const path = read ? `/api/tasks/${randomUUID()}/?i=${i}` : '/api/add_comment/';
      const body = read ? undefined : JSON.stringify({ i, text: 'é'.repeat(i) });
      return { id, path, body, method: read ? 'GET' : 'POST' };
    });
    const answers = await Promise.all(
      asks.map(async (ask) => {
        const res = await send(ask.path, {
          method: ask.method,
          headers: {
            authorization: `Bearer ${token}`,
            'x-request-id': ask.id,
            'content-type': 'application/json',
          },
          body: ask.body,
        });
        return { res, seen: (await readJson(res)) as Echo };
      }),
    );
    answers.forEach(({ res, seen }, i) => {
      const ask = asks[i];
      expect(res.headers.get('x-request-id')).toBe(ask?.id);
      expect(seen).toMatchObject({ method: ask?.method, path: ask?.path, body: ask?.body ?? null });
      expect(seen.headers['x-request-id']).toBe(ask?.id);
    });
  });
});

describe('answers over HTTP', () => {
  let g: Awaited<ReturnType<typeof startTestGatewayServer>>;
  let folders: Awaited<ReturnType<typeof serveOverHttp>>;
  let identity: Awaited<ReturnType<typeof serveOverHttp>>;
  let token: string;
  beforeAll(async () => {
    const app = new Hono()
      .delete('/api/folders/:id/', (c) => c.body(null, 204))
      .get('/api/folders/', (c) =>
        c.req.header('if-none-match') === undefined
          ? c.body('{"folders":[]}', 200, {
              'content-type': 'application/json',
              'keep-alive': 'timeout=99',
              'proxy-connection': 'keep-alive',
              'x-folders': 'yes',
            })
          : c.body(null, 304),
      )
      .post('/api/folders/', (c) => c.json({ error: 'A folder with this name exists.' }, 409));
    folders = await serveOverHttp(app);
    // Sign-in's stand-in: sets two cookies and says which one it was sent.
    const signIn = new Hono().post('/login/', (c) => {
      c.header('set-cookie', 'baton_device=new; HttpOnly', { append: true });
      c.header('set-cookie', 'other=2; HttpOnly', { append: true });
      return c.json({ cookie: c.req.header('cookie') ?? null });
    });
    identity = await serveOverHttp(signIn);
    g = await startTestGatewayServer({ folders: folders.upstream });
    token = (await signUp(g.request)).access;
  });
  afterAll(async () => {
    await g.close();
    await folders.close();
    await identity.close();
  });

  const auth = () => ({ authorization: `Bearer ${token}` });

  it('passes a 204 and a 304 on without a body', async () => {
    const gone = await fetch(`${g.http}/api/folders/${randomUUID()}/`, { method: 'DELETE', headers: auth() });
    expect(gone.status).toBe(204);
    expect(await gone.text()).toBe('');
    // If-None-Match is not forwarded (not on the allow-list), so the stand-in is asked with it directly.
    const notModified = await folders.upstream(
      new Request('http://folders/api/folders/', { headers: { 'if-none-match': '"x"' } }),
    );
    expect(notModified.status).toBe(304);
    expect(notModified.body).toBeNull();
  });

  it('strips hop-by-hop headers and keeps the rest, with the bytes as the service wrote them', async () => {
    const res = await fetch(`${g.http}/api/folders/`, { headers: auth() });
    expect(res.headers.get('x-folders')).toBe('yes');
    expect(res.headers.get('proxy-connection')).toBeNull();
    expect(res.headers.get('keep-alive')).not.toBe('timeout=99');
    expect(res.headers.get('content-length')).toBe('14');
    expect(await res.text()).toBe('{"folders":[]}');
  });

  it("hands a service's refusal on with its status and sentence", async () => {
    const res = await fetch(`${g.http}/api/folders/`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(409);
    expect(await readJson(res)).toEqual({ error: 'A folder with this name exists.' });
  });

  it('hands the cookie to sign-in, and each cookie it sets back apart', async () => {
    const gateway = await startTestGatewayServer({ identity: identity.upstream });
    try {
      const res = await fetch(`${gateway.http}/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: 'baton_device=abc.def' },
        body: '{}',
      });
      expect((await readJson(res)).cookie).toBe('baton_device=abc.def');
      expect(res.headers.getSetCookie()).toEqual(['baton_device=new; HttpOnly', 'other=2; HttpOnly']);
    } finally {
      await gateway.close();
    }
  });
});

/** Starts `server` on a free port of 127.0.0.1; resolves with its base URL. */
async function listenLocally(server: Server) {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

describe('a service that is down or breaks off', () => {
  it('answers 503 naming it, as when it is not deployed', async () => {
    const down = httpUpstream(`http://127.0.0.1:${await freePort()}`);
    // Answers its headers, then drops the connection in the middle of its body.
    const broken = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"folders":[');
      setTimeout(() => res.destroy(), 200);
    });
    const breaks = httpUpstream(await listenLocally(broken));
    const g = await startTestGatewayServer({ tasks: down, folders: breaks });
    try {
      const token = (await signUp(g.request)).access;
      for (const [path, service] of [
        ['/api/tasks/personal/', 'tasks'],
        ['/api/folders/', 'folders'],
      ] as const) {
        const res = await fetch(`${g.http}${path}`, {
          method: path === '/api/tasks/personal/' ? 'POST' : 'GET',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: path === '/api/tasks/personal/' ? '{}' : undefined,
        });
        expect(res.status).toBe(503);
        expect(await readJson(res)).toMatchObject({
          code: 'service_unavailable',
          service,
          error: `The ${service} service is not available yet.`,
        });
      }
    } finally {
      await g.close();
      await down.close();
      await breaks.close();
      await closeServer(broken);
    }
  });
});

describe('reads on shared connections', () => {
  it('holds no quick read behind a slow one while connections are free', async () => {
    const app = new Hono()
      .get('/slow', async (c) => {
        await new Promise((resolve) => setTimeout(resolve, 600));
        return c.json({ slow: true });
      })
      .get('/quick', (c) => c.json({ quick: true }));
    const served = await serveOverHttp(app);
    const read = (path: string) =>
      served.upstream.sendWhole({ method: 'GET', path, headers: {}, pipelined: true });
    try {
      const slow = read('/slow');
      await new Promise((resolve) => setTimeout(resolve, 50));
      const started = performance.now();
      expect((await read('/quick')).status).toBe(200);
      expect(performance.now() - started).toBeLessThan(300);
      expect((await slow).status).toBe(200);
    } finally {
      await served.close();
    }
  });
});

describe('web requests to a service over HTTP (the sockets’ calls, readiness)', () => {
  it('sends the method, path, headers and body, and returns the answer', async () => {
    const served = await serveOverHttp(echoService('tasks'));
    try {
      const res = await served.upstream(
        new Request('http://tasks/api/add_comment/?a=1', {
          method: 'POST',
          headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
          body: '{"content":"hi"}',
        }),
      );
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/json/);
      const seen = (await res.json()) as Echo;
      expect(seen).toMatchObject({ method: 'POST', path: '/api/add_comment/?a=1', body: '{"content":"hi"}' });
      expect(seen.headers).toMatchObject({ authorization: 'Bearer t', 'content-length': '16' });
    } finally {
      await served.close();
    }
  });
});

/** A service that holds every answer until `answer()`, and counts the connections opened to it. */
async function holdingService() {
  const sockets = new Set<Socket>();
  const held: ServerResponse[] = [];
  const server = createServer((req, res) => {
    req.resume();
    held.push(res);
  });
  server.on('connection', (socket) => sockets.add(socket));
  return {
    url: await listenLocally(server),
    sockets,
    held,
    /** Answers the oldest request held. */
    answer: () => held.shift()?.end('{}'),
    /** Answers what it still holds, then stops. */
    close: () => {
      for (const res of held.splice(0)) res.end('{}');
      return closeServer(server);
    },
  };
}

describe('connections to a service', () => {
  const change = (i: number): UpstreamRequest => ({
    method: 'POST',
    path: `/${i}`,
    headers: {},
    body: Buffer.from('{}'),
  });
  const read = (i: number): UpstreamRequest => ({
    method: 'GET',
    path: `/${i}`,
    headers: {},
    pipelined: true,
  });
  const pause = () => new Promise((resolve) => setTimeout(resolve, 300));

  it('opens as many as the limit, and the next request waits in the gateway until one answers', async () => {
    const service = await holdingService();
    const upstream = httpUpstream(service.url, null, 3);
    try {
      // At the limit: all three at once, each on a connection of its own.
      const first = [0, 1, 2].map((i) => upstream.sendWhole(change(i)));
      await expect.poll(() => service.held.length).toBe(3);
      expect(service.sockets.size).toBe(3);
      // One over: it stays in the gateway while the three are held.
      const fourth = upstream.sendWhole(change(3));
      await pause();
      expect(service.held.length).toBe(3);
      service.answer();
      await expect.poll(() => service.held.length).toBe(3);
      expect(service.sockets.size).toBe(3);
      while (service.held.length) service.answer();
      expect((await Promise.all([...first, fourth])).map((a) => a.status)).toEqual([200, 200, 200, 200]);
    } finally {
      await service.close();
      await upstream.close();
    }
  });

  it('carries shared reads on a limit divided by their depth', async () => {
    const service = await holdingService();
    // Every read shared, two deep, at most 4 in flight: 2 connections.
    const upstream = httpUpstream(service.url, { from: 0, depth: 2 }, 4);
    try {
      const reads = [0, 1, 2, 3, 4].map((i) => upstream.sendWhole(read(i)));
      await expect.poll(() => service.held.length).toBe(4);
      await pause();
      expect(service.held.length).toBe(4);
      expect(service.sockets.size).toBe(2);
      service.answer();
      await expect.poll(() => service.held.length).toBe(4);
      expect(service.sockets.size).toBe(2);
      while (service.held.length) service.answer();
      expect((await Promise.all(reads)).map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    } finally {
      await service.close();
      await upstream.close();
    }
  });
});
