import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { routes } from '@baton/contracts';
import type { EventBus } from '@baton/service-kit';
import { databaseServerUrl, dropDatabase } from '@baton/test-kit';

export { eventually } from '@baton/test-kit';

import { migratedTestDatabase } from '@baton/service-kit/testing';
import type { JWTVerifyGetKey } from 'jose';
import { createFiles } from './app';
import { type FilesConfig, filesConfigSchema } from './config';
import { migrations } from './db/migrations';

/** The public origin of test object URLs (requests go straight to the app, never over a network). */
export const TEST_PUBLIC_URL = 'http://baton.test';

/**
 * files on a fresh database of the test Postgres, with the local store in a temporary directory unless
 * `config` names S3. `restart()` closes it and opens it again on the same database and directory.
 */
export async function startTestFiles(options: {
  bus: EventBus;
  keys: JWTVerifyGetKey;
  config?: Partial<Record<keyof FilesConfig, string | number>>;
}) {
  const database = await migratedTestDatabase('files', migrations);
  const dir = await mkdtemp(join(tmpdir(), 'baton-files-'));
  // Without the presign rate unless a test turns it on (quota.test.ts): files upload many files for few people.
  const config = filesConfigSchema.parse({
    PUBLIC_URL: TEST_PUBLIC_URL,
    FILES_DIR: dir,
    RATE_LIMITS: 'false',
    ...options.config,
  });
  const open = () =>
    createFiles({ databaseUrl: databaseServerUrl(), database, bus: options.bus, keys: options.keys, config });
  const holder = { files: await open(), running: true };
  return {
    get files() {
      return holder.files;
    },
    dir,
    config,
    /** Calls the files app (absolute object URLs included). */
    request: (url: string, init?: RequestInit) => holder.files.app.request(url, init),
    /** Closes the service (its consumers stop: events wait for it). */
    async stop() {
      if (holder.running) await holder.files.close();
      holder.running = false;
    },
    async start() {
      if (!holder.running) holder.files = await open();
      holder.running = true;
    },
    async close() {
      await this.stop();
      await dropDatabase(database);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
export type TestFiles = Awaited<ReturnType<typeof startTestFiles>>;

export * as samples from './testing/samples';

type Fetcher = (url: string, init?: RequestInit) => Response | Promise<Response>;

/**
 * Uploads `bytes` as the person with `token`: presign through `api` (the files app or the gateway), then
 * PUT to the signed URL through `objects` (the files app for the local store, real fetch for S3).
 */
export async function uploadFile(
  api: Fetcher,
  token: string,
  file: { name: string; type: string; bytes: Uint8Array },
  objects: Fetcher = api,
) {
  const presigned = await api(routes.presignUpload.path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ filename: file.name, contentType: file.type, size: file.bytes.length }),
  });
  if (!presigned.ok) throw new Error(`presign failed: ${presigned.status} ${await presigned.text()}`);
  const { url, key, headers } = (await presigned.json()) as {
    url: string;
    key: string;
    headers: Record<string, string>;
  };
  const put = await objects(url, { method: 'PUT', headers, body: new Uint8Array(file.bytes) });
  if (!put.ok) throw new Error(`upload failed: ${put.status} ${await put.text()}`);
  return { key, url, objectUrl: url.split('?')[0] as string };
}
