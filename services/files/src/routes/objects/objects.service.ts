import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { fileMessages } from '@baton/contracts/constants';
import { badRequest, conflict, HttpError, notFound } from '@baton/service-kit';
import type { FilesDeps } from '../../context';
import { AlreadyStoredError, TooLargeError } from '../../store/local';
import type { Grant } from '../../store/signing';
import { contentDisposition, type ServingStore } from '../../store/store';
import { uploadByKey } from '../uploads/uploads.repository';
import { confirmStored, tooLarge, UPLOAD_KEY } from '../uploads/uploads.service';

/** What the object routes need: files' deps with the local store, which serves its own URLs. */
export type ObjectDeps = FilesDeps & { store: ServingStore };

const alreadyStored = 'This file was already uploaded.';

const forbidden = (reason: 'invalid' | 'expired') =>
  new HttpError(
    403,
    'forbidden',
    reason === 'expired' ? 'This link has expired.' : 'This link is not valid for this file.',
  );

/** What the signed URL `url` grants on the object `key`: 404 for a key that cannot be one, 403 for a bad signature. */
export function granted(store: ServingStore, method: Grant['method'], key: string, url: string) {
  if (!UPLOAD_KEY.test(key)) throw notFound();
  const grant = store.verify(method, key, new URL(url).searchParams);
  if (typeof grant === 'string') throw forbidden(grant);
  return grant;
}

/** Headers of every object answer: no sniffing, no scripts, no framing by other sites. */
export function objectHeaders(grant: Grant, size: number) {
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
 * Stores a pending upload's bytes once, streamed to disk and counted against the signed limit, then
 * checks them (`confirmStored`). The PUT must carry the signed content type.
 */
export async function storeObject(
  deps: ObjectDeps,
  key: string,
  grant: Grant,
  request: {
    contentType: string | undefined;
    contentLength: string | undefined;
    body: ReadableStream | null;
  },
) {
  const { store } = deps;
  const max = grant.max ?? 0;
  if ((request.contentType ?? '').toLowerCase() !== grant.type) throw forbidden('invalid');
  const declared = request.contentLength;
  if (declared !== undefined && Number(declared) > max) throw tooLarge();
  if (declared === '0' || !request.body) throw badRequest(fileMessages.empty);
  const upload = await uploadByKey(deps.db, key);
  if (!upload || upload.state === 'deleted') throw notFound();
  if (upload.state !== 'pending' || (await store.size(key)) !== null) throw conflict(alreadyStored);
  try {
    await store.write(key, Readable.fromWeb(request.body as NodeReadableStream), max);
  } catch (error) {
    if (error instanceof TooLargeError) throw tooLarge();
    if (error instanceof AlreadyStoredError) throw conflict(alreadyStored);
    throw error;
  }
  const stored = await confirmStored(deps, upload);
  return { key, size: Number(stored?.size ?? 0), contentType: stored?.content_type };
}

/** The stored or attached object under `key`, as a stream with its size; 404 when there is none. */
export async function readObject(deps: ObjectDeps, key: string) {
  const upload = await uploadByKey(deps.db, key);
  const size = await deps.store.size(key);
  if (!upload || (upload.state !== 'stored' && upload.state !== 'attached') || size === null)
    throw notFound();
  return { stream: Readable.toWeb(deps.store.read(key)) as ReadableStream, size };
}
