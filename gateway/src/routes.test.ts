import { randomUUID } from 'node:crypto';
import { allRoutes, REVOKED_SESSION_HEADER, type RouteContract } from '@baton/contracts';
import { InProcessBus } from '@baton/service-kit';
import { jsonRequest, readJson, signUp } from '@baton/test-kit';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingService, startTestGateway } from './testing';
import { inProcessUpstream } from './upstreams';

type Gateway = Awaited<ReturnType<typeof startTestGateway>>;

/** A concrete URL for a route's path, with plausible parameters. */
const concretePath = (route: RouteContract) =>
  route.path
    .replace('{action}', 'invite_accept')
    .replace('{uidb64}', 'dXNlcg')
    .replace('{token}', 'tok')
    .replace(/\{\w+\}/g, () => randomUUID());

const others = allRoutes.filter((r) => r.service !== 'identity');

describe('route table', () => {
  it('covers every route of SPEC §7 exactly once', () => {
    const keys = allRoutes.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toHaveLength(75);
    for (const spec of [
      'GET /api/token/check/',
      'POST /send_email/invite_user',
      'GET /activate/{uidb64}/{token}/{taskId}/{action}',
      'GET /task_comments/{taskId}',
      'GET /api/tasks/{taskId}/',
      'DELETE /api/folders/{id}/',
      'POST /notifications/delete/',
      'GET /notifications/task-messages/',
      'POST /api/uploads/presign/',
      'GET /api/uploads/usage/',
      'PUT /api/settings/notification-preferences/',
      'POST /api/unsubscribe/{token}/',
      'GET /api/search/',
      'DELETE /api/views/{viewId}/',
      'POST /api/tasks/bulk/',
      'POST /api/tasks/bulk/undo/',
    ]) {
      expect(keys).toContain(spec);
    }
  });
});

describe('with only identity deployed', () => {
  let g: Gateway;
  let token: string;
  beforeAll(async () => {
    g = await startTestGateway();
    token = (await signUp(g.request)).access;
  });
  afterAll(() => g.close());

  it.each(others.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s answers 503 naming its service',
    async (_k, route) => {
      const res = await g.request(
        concretePath(route),
        jsonRequest(route.method, route.method === 'GET' ? undefined : {}, token),
      );
      expect(res.status).toBe(503);
      const body = await readJson(res);
      expect(body).toMatchObject({ code: 'service_unavailable', service: route.service });
      expect(body.error).toBe(`The ${route.service} service is not available yet.`);
    },
  );

  it.each(allRoutes.filter((r) => r.auth).map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s answers 401 without a token',
    async (_k, route) => {
      const res = await g.request(
        concretePath(route),
        jsonRequest(route.method, route.method === 'GET' ? undefined : {}),
      );
      expect(res.status).toBe(401);
      expect(await readJson(res)).toMatchObject({ code: 'unauthorized' });
    },
  );

  it('sign-up, login and session check work through the gateway', async () => {
    const user = await signUp(g.request);
    const login = await g.request(
      '/login/',
      jsonRequest('POST', { email: user.email, password: user.password }),
    );
    expect(login.status).toBe(200);
    const { tokens } = await readJson(login);
    const check = await g.request('/api/token/check/', jsonRequest('GET', undefined, tokens.access));
    expect(await readJson(check)).toMatchObject({ ok: true });
  });

  it('sets security headers and a request id', async () => {
    const res = await g.request('/api/token/check/');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    // Framed by nobody, said the same way to old browsers (X-Frame-Options) and new ones (CSP).
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    const csp = (res.headers.get('content-security-policy') ?? '').split(';').map((d) => d.trim());
    expect(csp).toContain("frame-ancestors 'none'");
    // No injected <base> may point the page's relative URLs elsewhere, and no form may post off the origin.
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("form-action 'self'");
    expect(res.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
  });

  it('refuses a body over the limit with 413', async () => {
    const res = await g.request(
      '/login/',
      jsonRequest('POST', { email: 'x'.repeat(2 * 1024 * 1024), password: 'y' }),
    );
    expect(res.status).toBe(413);
  });

  it('serves an OpenAPI document generated from the route table', async () => {
    const doc = await readJson(g.request('/openapi.json'));
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toContain('/activate/{uidb64}/{token}/{taskId}/{action}');
    expect(
      doc.paths['/login/'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('password');
  });
});

describe('with every service deployed', () => {
  let g: Gateway;
  let token: string;
  beforeAll(async () => {
    g = await startTestGateway({
      tasks: inProcessUpstream(recordingService('tasks')),
      folders: inProcessUpstream(recordingService('folders')),
      notifications: inProcessUpstream(recordingService('notifications')),
      files: inProcessUpstream(recordingService('files')),
    });
    token = (await signUp(g.request)).access;
  });
  afterAll(() => g.close());

  it.each(others.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s reaches its owner unchanged',
    async (_k, route) => {
      const path = concretePath(route);
      const body = route.method === 'GET' ? undefined : { probe: 1 };
      const res = await g.request(`${path}?x=1`, {
        ...jsonRequest(route.method, body, token),
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
          'x-request-id': 'req-12345678',
        },
      });
      expect(res.status).toBe(200);
      const seen = await readJson(res);
      expect(seen).toMatchObject({
        service: route.service,
        method: route.method,
        path,
        authorization: `Bearer ${token}`,
        requestId: 'req-12345678',
      });
      if (body) expect(JSON.parse(seen.body)).toEqual(body);
      // Declared, so the service judges its size without reading it as a stream first.
      if (body) expect(seen.contentLength).toBe(String(JSON.stringify(body).length));
      expect(res.headers.get('x-request-id')).toBe('req-12345678');
    },
  );

  it('compresses large answers for clients that accept it, and only for them', async () => {
    const user = await signUp(g.request);
    const big = { title: 'x'.repeat(20_000) };
    const ask = (encoding?: string) =>
      g.request('/create_list', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${user.access}`,
          ...(encoding ? { 'accept-encoding': encoding } : {}),
        },
        body: JSON.stringify(big),
      });
    const gzipped = await ask('gzip');
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect((await gzipped.arrayBuffer()).byteLength).toBeLessThan(2_000);
    const plain = await ask();
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(JSON.parse((await readJson(plain)).body)).toEqual(big);
  });

  it("passes on an answer without a body (204) as it is, whoever's the upstream", async () => {
    const noContent = new Hono().delete('/api/folders/:id/', (c) => c.body(null, 204));
    const gateway = await startTestGateway({ folders: inProcessUpstream(noContent) });
    try {
      const access = (await signUp(gateway.request)).access;
      const res = await gateway.request(
        `/api/folders/${randomUUID()}/`,
        jsonRequest('DELETE', undefined, access),
      );
      expect(res.status).toBe(204);
      expect(await res.text()).toBe('');
    } finally {
      await gateway.close();
    }
  });

  it('hands an answer made in this process on as it is: no copy of its body, no hop-by-hop headers', async () => {
    const made: Response[] = [];
    const folders = new Hono().get('/api/folders/', (c) => {
      const answer = c.body('{"folders":[]}', 200, {
        'content-type': 'application/json',
        'keep-alive': 'timeout=5',
      });
      made.push(answer);
      return answer;
    });
    const gateway = await startTestGateway({ folders: inProcessUpstream(folders) });
    try {
      const access = (await signUp(gateway.request)).access;
      const res = await gateway.request('/api/folders/', {
        headers: { authorization: `Bearer ${access}`, 'x-request-id': 'req-87654321' },
      });
      // The same answer: compress and the gateway's headers changed it in place, without reading its body.
      expect(res).toBe(made[0]);
      expect(res.headers.get('vary')).toBe('Accept-Encoding');
      expect(res.headers.get('x-request-id')).toBe('req-87654321');
      expect(res.headers.get('keep-alive')).toBeNull();
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await res.json()).toEqual({ folders: [] });
    } finally {
      await gateway.close();
    }
  });

  it("hands cookies on to sign-in only (identity's device cookie), to no other route", async () => {
    const gateway = await startTestGateway({ identity: inProcessUpstream(recordingService('identity')) });
    try {
      const cookie = { cookie: 'baton_device=abc.def' };
      const login = await gateway.request('/login/', { ...jsonRequest('POST', {}), headers: cookie });
      expect((await readJson(login)).cookie).toBe('baton_device=abc.def');
      const refresh = await gateway.request('/api/token/refresh/', {
        ...jsonRequest('POST', {}),
        headers: cookie,
      });
      expect((await readJson(refresh)).cookie).toBeNull();
    } finally {
      await gateway.close();
    }
    const res = await g.request('/notifications/', {
      headers: { authorization: `Bearer ${token}`, cookie: 'baton_device=abc.def' },
    });
    expect((await readJson(res)).cookie).toBeNull();
  });

  it('answers a logout once this replica refuses its access tokens, however late the revocation arrives', async () => {
    /** A bus on which session revocations take 300 ms to arrive (a busy broker). */
    class SlowRevocations extends InProcessBus {
      override async publish(...args: Parameters<InProcessBus['publish']>) {
        if (args[0] === 'identity.session.revoked') await new Promise((r) => setTimeout(r, 300));
        return super.publish(...args);
      }
    }
    const gateway = await startTestGateway(
      { notifications: inProcessUpstream(recordingService('notifications')) },
      { bus: new SlowRevocations() },
    );
    try {
      const user = await signUp(gateway.request);
      const asUser = () => gateway.request('/notifications/', jsonRequest('GET', undefined, user.access));
      expect((await asUser()).status).toBe(200);
      const out = await gateway.request('/api/logout/', jsonRequest('POST', { refresh: user.refresh }));
      expect(out.status).toBe(200);
      expect(out.headers.get(REVOKED_SESSION_HEADER)).toBeNull();
      expect((await asUser()).status).toBe(401);
    } finally {
      await gateway.close();
    }
  });

  it('does not forward a client-supplied X-Forwarded-For', async () => {
    const res = await g.request('/notifications/', {
      headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': '6.6.6.6' },
    });
    expect((await readJson(res)).forwardedFor).not.toBe('6.6.6.6');
  });
});
