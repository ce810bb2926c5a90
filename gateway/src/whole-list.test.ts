import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { routes, taskListResponse } from '@baton/contracts';
import { closeServer, InProcessBus, listen } from '@baton/service-kit';
import { startTestTasks, type TestTasks } from '@baton/tasks/testing';
import { type SignedUpUser, signUp } from '@baton/test-kit';
import { Hono } from 'hono';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, startTestReplica } from './testing';
import { httpUpstream, inProcessUpstream } from './upstreams';

/** An answer as it came over the wire: its headers, and its bytes as sent (not decompressed). */
function post(url: string, headers: Record<string, string>, body: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; bytes: Buffer }>(
    (resolve, reject) => {
      const req = request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
      });
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    },
  );
}

describe('the whole list through the gateway, from the real tasks service', () => {
  let t: TestTasks;
  let bus: InProcessBus;
  let tasksServer: Awaited<ReturnType<typeof listen>>;
  let overHttp: Awaited<ReturnType<typeof startTestReplica>>;
  let inProcess: Awaited<ReturnType<typeof startTestReplica>>;
  let ana: SignedUpUser;
  beforeAll(async () => {
    bus = new InProcessBus();
    t = await startTestTasks({ bus });
    tasksServer = await listen(t.tasks.app.fetch, 0, '127.0.0.1');
    const { app, deps } = t.identity.identity;
    const replica = (tasks: Parameters<typeof startTestReplica>[0]['upstreams']['tasks']) =>
      startTestReplica({
        bus,
        keys: deps.keys.resolver,
        config: deps.config,
        upstreams: { tasks, identity: inProcessUpstream(app) },
      });
    // The distributed topology (tasks over HTTP) and `npm start` (tasks in the gateway's process).
    overHttp = await replica(httpUpstream(`http://127.0.0.1:${tasksServer.port}`));
    inProcess = await replica(inProcessUpstream(t.tasks.app));
    ana = await t.person();
    await sql`
      insert into tasks (owner_id, owner_email, kind, title, description, due_date, priority, created_at)
      select ${ana.id}::uuid, ${ana.email}, 'personal', 'Task ' || n, repeat('Words. ', 10), '2026-12-01',
             'Moderate', now() - n * interval '1 minute'
      from generate_series(1, 2000) as n`.execute(t.db);
  }, 60_000);
  afterAll(async () => {
    await overHttp?.close();
    await inProcess?.close();
    if (tasksServer) await closeServer(tasksServer.server);
    await t?.close();
    await bus?.close();
  });

  const auth = () => ({ authorization: `Bearer ${ana.access}` });
  const wholeBody = () => JSON.stringify({ userEmail: ana.email });

  it('comes streamed (no length, chunked), the same bytes as the service wrote, over HTTP and in-process', async () => {
    const expected = await (
      await t.post(routes.personalTasks.path, { userEmail: ana.email }, ana.access)
    ).text();
    expect(taskListResponse.parse(JSON.parse(expected)).tasks).toHaveLength(2000);
    for (const gateway of [overHttp, inProcess]) {
      const got = await post(`${gateway.http}${routes.personalTasks.path}`, auth(), wholeBody());
      expect(got.status).toBe(200);
      expect(got.headers['transfer-encoding']).toBe('chunked');
      expect(got.headers['content-length']).toBeUndefined();
      expect(got.bytes.toString('utf8')).toBe(expected);
    }
  });

  it('stays compressed for a client that takes gzip', async () => {
    const expected = await (
      await t.post(routes.personalTasks.path, { userEmail: ana.email }, ana.access)
    ).text();
    for (const gateway of [overHttp, inProcess]) {
      const got = await post(
        `${gateway.http}${routes.personalTasks.path}`,
        { ...auth(), 'accept-encoding': 'gzip' },
        wholeBody(),
      );
      expect(got.headers['content-encoding']).toBe('gzip');
      expect(got.bytes.length).toBeLessThan(expected.length / 5);
      expect(gunzipSync(got.bytes).toString('utf8')).toBe(expected);
    }
  });

  it('hands a page on whole, with its length, as before', async () => {
    const body = JSON.stringify({ userEmail: ana.email, page: { limit: 5 } });
    const got = await post(`${overHttp.http}${routes.personalTasks.path}`, auth(), body);
    expect(got.status).toBe(200);
    expect(got.headers['content-length']).toBe(String(got.bytes.length));
    expect(got.headers['transfer-encoding']).toBeUndefined();
    expect(JSON.parse(got.bytes.toString('utf8')).tasks).toHaveLength(5);
  });
});

describe('a whole list through the gateway over HTTP', () => {
  let g: Awaited<ReturnType<typeof startTestGateway>>;
  let token: string;
  let upstream: Awaited<ReturnType<typeof listen>>;
  /** Lets the stand-in service write the rest of its list. */
  let finish = () => {};
  beforeAll(async () => {
    // tasks over HTTP: its whole list writes its first tasks, then waits.
    const tasks = new Hono();
    tasks.post(routes.personalTasks.path, () => {
      const encoder = new TextEncoder();
      const rest = new Promise<void>((resolve) => {
        finish = resolve;
      });
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(encoder.encode('{"tasks":[{"id":"first"}'));
          await rest;
          controller.enqueue(encoder.encode(',{"id":"last"}]}'));
          controller.close();
        },
      });
      return new Response(body, { headers: { 'content-type': 'application/json' } });
    });
    upstream = await listen(tasks.fetch, 0, '127.0.0.1');
    g = await startTestGateway({ tasks: httpUpstream(`http://127.0.0.1:${upstream.port}`) });
    token = (await signUp(g.request)).access;
  });
  afterAll(async () => {
    finish();
    await g.close();
    await closeServer(upstream.server);
  });

  it('passes the first tasks on while the service is still writing the list', async () => {
    const timeout = new Promise<'held'>((resolve) => setTimeout(() => resolve('held'), 5_000));
    const res = await Promise.race([
      g.request(routes.personalTasks.path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ userEmail: 'x@y.z' }),
      }),
      timeout,
    ]);
    if (res === 'held') throw new Error('the gateway held the answer until the service finished it');
    const reader = res.body?.getReader();
    expect(new TextDecoder().decode((await reader?.read())?.value)).toBe('{"tasks":[{"id":"first"}');
    finish();
    let rest = '';
    for (let read = await reader?.read(); read && !read.done; read = await reader?.read())
      rest += new TextDecoder().decode(read.value);
    expect(rest).toBe(',{"id":"last"}]}');
  });
});
