import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { OBJECT_PATH_PREFIX } from '@baton/contracts';
import { fileMessages } from '@baton/contracts/constants';
import { type AppEnv, badRequest, conflict, HttpError, notFound } from '@baton/service-kit';
import { Hono } from 'hono';
import type { FilesDeps } from '../context';
import { AlreadyStoredError, TooLargeError } from '../store/local';
import type { Grant } from '../store/signing';
import { contentDisposition, type ServingStore } from '../store/store';
import { confirmStored, tooLarge, UPLOAD_KEY } from '../uploads';

const alreadyStored = 'This file was already uploaded.';

const forbidden = (reason: 'invalid' | 'expired') =>
  new HttpError(
    403,
    'forbidden',
    reason === 'expired' ? 'This link has expired.' : 'This link is not valid for this file.',
  );

/** Headers of every object answer: no sniffing, no scripts, no framing by other sites. */
function objectHeaders(grant: Grant, size: number) {
  const pdf = grant.type === 'application/pdf' && grant.disposition === 'inline';
  return {
    'Content-Type': grant.type,
    'Content-Length': String(size),
    'Content-Disposition': contentDisposition(
      grant.disposition === 'inline' ? 'inline' : 'attachment',
      grant.name ?? 'file',
    ),
    'X-Content-Type-Options': 'nosniff',
    // Chromium's PDF viewer does not run in a sandboxed document; every other type is sandboxed.
    'Content-Security-Policy': `default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'${pdf ? '' : '; sandbox'}`,
    'Cache-Control': 'private, max-age=60',
    'Cross-Origin-Resource-Policy': 'same-origin',
  };
}

/**
 * The local store's signed object URLs (`/files/objects/<key>?exp=…&sig=…`): PUT stores an upload's bytes
 * once, streamed to disk and counted; GET streams them back with the signed type and disposition.
 */
export function objectRoutes(deps: FilesDeps & { store: ServingStore }) {
  const app = new Hono<AppEnv>();
  const { store } = deps;
  const granted = (method: Grant['method'], key: string, url: string) => {
    if (!UPLOAD_KEY.test(key)) throw notFound();
    const grant = store.verify(method, key, new URL(url).searchParams);
    if (typeof grant === 'string') throw forbidden(grant);
    return grant;
  };

  app.put(`${OBJECT_PATH_PREFIX}:key`, async (c) => {
    const key = c.req.param('key');
    const grant = granted('PUT', key, c.req.url);
    const max = grant.max ?? 0;
    if ((c.req.header('content-type') ?? '').toLowerCase() !== grant.type) throw forbidden('invalid');
    const declared = c.req.header('content-length');
    if (declared !== undefined && Number(declared) > max) throw tooLarge();
    if (declared === '0' || !c.req.raw.body) throw badRequest(fileMessages.empty);
    const upload = await deps.db.selectFrom('uploads').selectAll().where('key', '=', key).executeTakeFirst();
    if (!upload || upload.state === 'deleted') throw notFound();
    if (upload.state !== 'pending' || (await store.size(key)) !== null) throw conflict(alreadyStored);
    try {
      await store.write(key, Readable.fromWeb(c.req.raw.body as NodeReadableStream), max);
    } catch (error) {
      if (error instanceof TooLargeError) throw tooLarge();
      if (error instanceof AlreadyStoredError) throw conflict(alreadyStored);
      throw error;
    }
    const stored = await confirmStored(deps, upload);
    return c.json({ key, size: Number(stored?.size ?? 0), contentType: stored?.content_type });
  });

  app.get(`${OBJECT_PATH_PREFIX}:key`, async (c) => {
    const key = c.req.param('key');
    const grant = granted('GET', key, c.req.url);
    const upload = await deps.db
      .selectFrom('uploads')
      .select('state')
      .where('key', '=', key)
      .executeTakeFirst();
    const size = await store.size(key);
    if (!upload || (upload.state !== 'stored' && upload.state !== 'attached') || size === null)
      throw notFound();
    return new Response(Readable.toWeb(store.read(key)) as ReadableStream, {
      headers: objectHeaders(grant, size),
    });
  });

  return app;
}
