import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { link, mkdir, open, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { OBJECT_PATH_PREFIX } from '@baton/contracts';
import { signGrant, verifyGrant } from './signing';
import type { ServingStore } from './store';

/** An upload went past its signed size limit (the partial file is already gone). */
export class TooLargeError extends Error {}
/** Bytes were already stored under the key (an upload URL stores once). */
export class AlreadyStoredError extends Error {}

/** Counts bytes on their way to disk and stops the stream past `max`. */
const limitTo = (max: number, counted: { bytes: number }) =>
  new Transform({
    transform(chunk: Buffer, _encoding, done) {
      counted.bytes += chunk.length;
      done(counted.bytes > max ? new TooLargeError() : null, chunk);
    },
  });

/**
 * Objects as files under `dir`, named by key (keys are random URL-safe strings, checked by the routes).
 * Its URLs point at `publicUrl` + OBJECT_PATH_PREFIX, which the gateway forwards to the files service.
 */
export function localStore(options: { dir: string; publicUrl: string; secret: Buffer }): ServingStore {
  const pathOf = (key: string) => join(options.dir, key);
  const urlOf = (key: string) => new URL(`${OBJECT_PATH_PREFIX}${key}`, options.publicUrl).toString();
  const expiry = (seconds: number) => Math.floor(Date.now() / 1000) + seconds;
  const ready = mkdir(options.dir, { recursive: true });
  return {
    kind: 'local',
    async presignUpload(key, { contentType, maxBytes, size, expiresInSeconds }) {
      const max = size ?? maxBytes;
      const query = signGrant(options.secret, {
        method: 'PUT',
        key,
        exp: expiry(expiresInSeconds),
        type: contentType,
        max,
      });
      return { url: `${urlOf(key)}?${query}`, headers: { 'Content-Type': contentType } };
    },
    async presignDownload(key, { filename, contentType, disposition, expiresInSeconds }) {
      const query = signGrant(options.secret, {
        method: 'GET',
        key,
        exp: expiry(expiresInSeconds),
        type: contentType,
        disposition,
        name: filename,
      });
      return `${urlOf(key)}?${query}`;
    },
    objectUrl: async (key) => urlOf(key),
    async size(key) {
      try {
        return (await stat(pathOf(key))).size;
      } catch {
        return null;
      }
    },
    async head(key, bytes) {
      const file = await open(pathOf(key));
      try {
        const buffer = Buffer.alloc(bytes);
        const { bytesRead } = await file.read(buffer, 0, bytes, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await file.close();
      }
    },
    delete: (key) => rm(pathOf(key), { force: true }),
    verify: (method, key, query) =>
      verifyGrant(options.secret, method, key, query, Math.floor(Date.now() / 1000)),
    /**
     * Streams `body` to a temporary file, then links it in place whole: the first complete upload wins
     * (a link never replaces a file), and a reader never sees half a file. Returns the byte count.
     */
    async write(key, body: Readable, maxBytes) {
      await ready;
      const partial = `${pathOf(key)}.${randomUUID()}.part`;
      const counted = { bytes: 0 };
      try {
        await pipeline(body, limitTo(maxBytes, counted), createWriteStream(partial, { flags: 'wx' }));
        await link(partial, pathOf(key)).catch((error: NodeJS.ErrnoException) => {
          throw error.code === 'EEXIST' ? new AlreadyStoredError() : error;
        });
        return counted.bytes;
      } finally {
        await rm(partial, { force: true });
      }
    },
    read: (key) => createReadStream(pathOf(key)),
  };
}
