import { OBJECT_PATH_PREFIX } from '@baton/contracts';
import { readJson } from '@baton/test-kit';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveOverHttp, startTestGateway, startTestGatewayServer } from './testing';
import { inProcessUpstream } from './upstreams';

/** A stand-in files service: counts the bytes of an upload as they stream in; answers a stored file. */
function countingFiles() {
  const app = new Hono();
  app.put(`${OBJECT_PATH_PREFIX}:key`, async (c) => {
    let bytes = 0;
    const reader = c.req.raw.body?.getReader();
    for (let chunk = await reader?.read(); chunk && !chunk.done; chunk = await reader?.read())
      bytes += chunk.value.length;
    return c.json({
      key: c.req.param('key'),
      query: c.req.query(),
      bytes,
      contentLength: c.req.header('content-length') ?? null,
      authorization: c.req.header('authorization') ?? null,
    });
  });
  app.get(
    `${OBJECT_PATH_PREFIX}:key`,
    () =>
      new Response('%PDF-1.4', {
        headers: {
          'content-type': 'application/pdf',
          'content-length': '8',
          'content-disposition': 'attachment; filename="a.pdf"',
          'content-security-policy': "default-src 'none'; sandbox",
          'x-content-type-options': 'nosniff',
        },
      }),
  );
  return app;
}

const key = 'A'.repeat(32);
const thirtyMegabytes = () => {
  let left = 30 << 20;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const n = Math.min(left, 1 << 20);
      left -= n;
      if (n === 0) controller.close();
      else controller.enqueue(new Uint8Array(n));
    },
  });
};

/** The files service in this process (`npm start`) or over HTTP (the distributed topology). */
const placements = [
  ['in this process', async () => ({ upstream: inProcessUpstream(countingFiles()), close: async () => {} })],
  ['over HTTP', () => serveOverHttp(countingFiles())],
] as const;

describe.each(placements)(
  'the local store’s signed object URLs through the gateway, files %s',
  (_where, place) => {
    let g: Awaited<ReturnType<typeof startTestGatewayServer>>;
    let files: Awaited<ReturnType<typeof place>>;
    beforeAll(async () => {
      files = await place();
      g = await startTestGatewayServer({ files: files.upstream });
    });
    afterAll(async () => {
      await g.close();
      await files.close();
    });

    it('forwards a PUT without a bearer token, with its signature query and its length', async () => {
      const res = await fetch(`${g.http}${OBJECT_PATH_PREFIX}${key}?exp=1&sig=abc`, {
        method: 'PUT',
        headers: { 'content-type': 'image/png' },
        body: new Uint8Array(1234),
      });
      expect(res.status).toBe(200);
      expect(await readJson(res)).toEqual({
        key,
        query: { exp: '1', sig: 'abc' },
        bytes: 1234,
        contentLength: '1234',
        authorization: null,
      });
    });

    it('streams a body far over the JSON limit to the files service, which sets the limits of uploads', async () => {
      const res = await fetch(`${g.http}${OBJECT_PATH_PREFIX}${key}?sig=x`, {
        method: 'PUT',
        headers: { 'content-type': 'application/octet-stream' },
        body: thirtyMegabytes(),
        duplex: 'half',
      } as RequestInit);
      expect(res.status).toBe(200);
      expect((await readJson(res)).bytes).toBe(30 << 20);
    });

    it('answers with the file’s own headers, not the app page’s policy', async () => {
      const res = await fetch(`${g.http}${OBJECT_PATH_PREFIX}${key}?sig=x`);
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="a.pdf"');
      expect(res.headers.get('content-length')).toBe('8');
      expect(res.headers.get('content-encoding')).toBeNull();
    });

    it('never routes the files service’s internal calls', async () => {
      for (const path of ['/internal/uploads/claim', '/internal/uploads/grant']) {
        const res = await fetch(`${g.http}${path}`, { method: 'POST', body: '{}' });
        expect(res.status).toBe(404);
      }
    });
  },
);

describe('without the files service', () => {
  it('object URLs answer 503 naming it', async () => {
    const g = await startTestGateway();
    try {
      const res = await g.request(`${OBJECT_PATH_PREFIX}${key}?sig=x`, { method: 'PUT', body: 'x' });
      expect(res.status).toBe(503);
      expect((await readJson(res)).service).toBe('files');
    } finally {
      await g.close();
    }
  });
});
