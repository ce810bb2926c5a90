import { limits, routes, transferMessages } from '@baton/contracts';
import { closeServer, listen } from '@baton/service-kit';
import { readJson, signUp } from '@baton/test-kit';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingService, startTestGateway } from './testing';
import { httpUpstream, inProcessUpstream } from './upstreams';

type Gateway = Awaited<ReturnType<typeof startTestGateway>>;

/** A JSON body of exactly `bytes` bytes. */
const bodyOf = (bytes: number) => {
  const envelope = JSON.stringify({ content: '' });
  return JSON.stringify({ content: 'x'.repeat(bytes - envelope.length) });
};

describe("the import's body limit", () => {
  let g: Gateway;
  let token: string;
  beforeAll(async () => {
    g = await startTestGateway({ tasks: inProcessUpstream(recordingService('tasks')) });
    token = (await signUp(g.request)).access;
  });
  afterAll(() => g.close());

  const post = (path: string, body: string) =>
    g.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body,
    });

  it('lets a file of 8 MB through, however its text is escaped, and refuses a byte more with a sentence', async () => {
    const under = await post(routes.importTasks.path, bodyOf(limits.importBodyBytes));
    expect(under.status).toBe(200);
    expect((await readJson(under)).contentLength).toBe(String(limits.importBodyBytes));
    const over = await post(routes.importTasks.path, bodyOf(limits.importBodyBytes + 1));
    expect(over.status).toBe(413);
    expect(await readJson(over)).toMatchObject({
      code: 'payload_too_large',
      error: transferMessages.importTooLarge,
    });
  });

  it('is for that route only: the others keep the 1 MB limit', async () => {
    const res = await post(routes.savePersonalTask.path, bodyOf(2 * 1024 * 1024));
    expect(res.status).toBe(413);
    expect((await readJson(res)).error).toBe('Request body is too large.');
  });
});

describe('an export through the gateway', () => {
  let g: Gateway;
  let token: string;
  let upstream: Awaited<ReturnType<typeof listen>>;
  /** Lets the stand-in service write the rest of its file. */
  let finish = () => {};
  beforeAll(async () => {
    // tasks over HTTP, as in the distributed topology: its export writes a first line, then waits.
    const tasks = new Hono();
    tasks.get(routes.exportTasksCsv.path, () => {
      const encoder = new TextEncoder();
      const rest = new Promise<void>((resolve) => {
        finish = resolve;
      });
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(encoder.encode('id,title\n'));
          await rest;
          controller.enqueue(encoder.encode('1,Last\n'));
          controller.close();
        },
      });
      return new Response(body, { headers: { 'content-type': 'text/csv; charset=utf-8' } });
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

  it('streams: the first bytes arrive while the service is still writing the file', async () => {
    const timeout = new Promise<'held'>((resolve) => setTimeout(() => resolve('held'), 5_000));
    const res = await Promise.race([
      g.request(routes.exportTasksCsv.path, { headers: { authorization: `Bearer ${token}` } }),
      timeout,
    ]);
    if (res === 'held') throw new Error('the gateway held the answer until the service finished it');
    expect(res.status).toBe(200);
    const reader = res.body?.getReader();
    const first = await reader?.read();
    expect(new TextDecoder().decode(first?.value)).toBe('id,title\n');
    finish();
    let rest = '';
    for (let read = await reader?.read(); read && !read.done; read = await reader?.read())
      rest += new TextDecoder().decode(read.value);
    expect(rest).toBe('1,Last\n');
  });
});
