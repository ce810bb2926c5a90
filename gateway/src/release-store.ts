import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { cp, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import {
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getMimeType } from 'hono/utils/mime';
import { z } from 'zod';
import type { Environment } from './environments';

/**
 * The release store (deploy/README.md "Releases"): immutable builds of the remotes under
 * `<remote>/<version>/`, written once by the release command and read by the gateways. In production an
 * S3-compatible bucket; on a developer's machine (and `npm start`) a directory under `.data/`.
 *
 * The gateway serves a release from a folder on its own disk: a directory store's own, or the copy a bucket's
 * release is fetched into on first use (`localDir`). Measured (bench/src/release-serving.ts): serving the
 * cached copy beats redirecting the browser to the bucket, which adds a round trip per file.
 */
export interface ReleaseStore {
  /** Where the store is, for messages. */
  readonly location: string;
  /** Whether the store holds `<remote>/<version>/` (its manifest, which is written last). */
  has(remote: string, version: string): Promise<boolean>;
  /** The release's folder on this machine (fetched first from a bucket), or undefined if the store lacks it. */
  localDir(remote: string, version: string): Promise<string | undefined>;
  /** Adds the release `files` (paths relative to `dir`); a release that exists already is left as it is. */
  put(remote: string, version: string, dir: string, files: string[]): Promise<'added' | 'exists'>;
}

const manifestName = 'mf-manifest.json';

/** The files of a build that go into its release: all but source maps, which stay with the build. */
export function releaseFiles(dir: string) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.map'))
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}
/** Releases never change once written: every file of one is cached for good. */
export const immutableCaching = 'public, max-age=31536000, immutable';
/** The manifest last, so a release half written is not there yet. */
const manifestLast = (files: string[]) =>
  [...files].sort((a, b) => Number(a === manifestName) - Number(b === manifestName));

export function directoryStore(root: string): ReleaseStore {
  const folder = (remote: string, version: string) => join(root, remote, version);
  const has = async (remote: string, version: string) =>
    existsSync(join(folder(remote, version), manifestName));
  return {
    location: root,
    has,
    async localDir(remote, version) {
      return (await has(remote, version)) ? folder(remote, version) : undefined;
    },
    async put(remote, version, dir, files) {
      const target = folder(remote, version);
      if (existsSync(target)) return 'exists';
      // Written beside, then renamed: a gateway never sees half a release.
      const partial = `${target}.partial-${randomUUID()}`;
      for (const path of files) {
        await mkdir(dirname(join(partial, path)), { recursive: true });
        await cp(join(dir, path), join(partial, path));
      }
      await rename(partial, target);
      return 'added';
    },
  };
}

export interface BucketOptions {
  bucket: string;
  /** Key prefix inside the bucket ("" or ending in "/"). */
  prefix?: string;
  /** An S3-compatible server's URL (MinIO, s3rver); unset for AWS. */
  endpoint?: string;
  region?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Where the gateway keeps the releases it fetched. */
  cacheDir: string;
}

/** A missing release asked for again within this time is not looked up again (paths are anyone's to try). */
const missingFor = 60_000;

/** The bucket's objects under `<prefix><remote>/<version>/`: the S3 calls a bucket store makes. */
function bucketObjects(options: BucketOptions) {
  const client = new S3Client({
    region: options.region ?? 'us-east-1',
    endpoint: options.endpoint,
    forcePathStyle: Boolean(options.endpoint),
    credentials: options.credentials,
  });
  const { bucket, prefix = '' } = options;
  const keyOf = (remote: string, version: string, path = '') => `${prefix}${remote}/${version}/${path}`;
  return {
    location: `s3://${bucket}/${prefix}${options.endpoint ? ` at ${options.endpoint}` : ''}`,
    keyOf,

    /** Whether the release is there (its manifest, which is written last). */
    async has(remote: string, version: string) {
      try {
        await client.send(
          new HeadObjectCommand({ Bucket: bucket, Key: keyOf(remote, version, manifestName) }),
        );
        return true;
      } catch (error) {
        if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
          return false;
        throw error;
      }
    },

    async keysOf(remote: string, version: string) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            Prefix: keyOf(remote, version),
            ContinuationToken: token,
          }),
        );
        for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
        token = page.NextContinuationToken;
      } while (token);
      return keys;
    },

    async read(key: string) {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return (object.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray();
    },

    async write(remote: string, version: string, path: string, body: Uint8Array) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: keyOf(remote, version, path),
          Body: body,
          ContentType: getMimeType(path.replace(/\.(br|gz)$/, '')) ?? 'application/octet-stream',
          CacheControl: immutableCaching,
        }),
      );
    },
  };
}

export function bucketStore(options: BucketOptions): ReleaseStore {
  const objects = bucketObjects(options);
  const fetching = new Map<string, Promise<string | undefined>>();
  const missing = new Map<string, number>();

  /** Copies the release into the cache (beside, then renamed) and returns its folder there. */
  async function download(remote: string, version: string) {
    const target = resolve(options.cacheDir, remote, version);
    if (existsSync(join(target, manifestName))) return target;
    if (!(await objects.has(remote, version))) return undefined;
    const partial = `${target}.partial-${randomUUID()}`;
    try {
      const base = objects.keyOf(remote, version);
      for (const key of await objects.keysOf(remote, version)) {
        const file = join(partial, key.slice(base.length));
        if (!file.startsWith(`${partial}/`)) continue;
        const bytes = await objects.read(key);
        await mkdir(dirname(file), { recursive: true });
        await writeFile(file, bytes);
      }
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { recursive: true, force: true });
      if (existsSync(join(target, manifestName))) return target; // another process won the race
      throw error;
    }
    return target;
  }

  return {
    location: objects.location,
    has: objects.has,
    async localDir(remote, version) {
      const key = `${remote}/${version}`;
      if ((missing.get(key) ?? 0) > Date.now()) return undefined;
      let pending = fetching.get(key);
      if (!pending) {
        pending = download(remote, version).finally(() => fetching.delete(key));
        fetching.set(key, pending);
      }
      const found = await pending;
      if (!found) missing.set(key, Date.now() + missingFor);
      return found;
    },
    async put(remote, version, dir, files) {
      if (await objects.has(remote, version)) return 'exists';
      for (const path of manifestLast(files))
        await objects.write(remote, version, path, await readFile(join(dir, path)));
      return 'added';
    },
  };
}

/** The gateway's and the release command's settings for the store (README "Configuration"). */
export const releaseStoreEnv = z.object({
  /** `s3://<bucket>[/<prefix>]`, or a directory. */
  RELEASE_STORE: z.string().default('.data/releases'),
  /** An S3-compatible server's URL (unset for AWS S3). */
  RELEASE_STORE_ENDPOINT: z.url().optional(),
  RELEASE_STORE_REGION: z.string().default('us-east-1'),
  /** Where a gateway keeps the releases it fetched from a bucket. */
  RELEASE_CACHE_DIR: z.string().default(join(tmpdir(), 'baton-releases')),
});
export type ReleaseStoreEnv = z.infer<typeof releaseStoreEnv>;

/** The store the settings name; a relative directory is taken from `root` (the repository). */
export function releaseStoreOf(env: ReleaseStoreEnv, root: string): ReleaseStore {
  const bucket = /^s3:\/\/([^/]+)\/?(.*)$/.exec(env.RELEASE_STORE);
  if (!bucket) return directoryStore(resolve(root, env.RELEASE_STORE));
  const [, name = '', path = ''] = bucket;
  return bucketStore({
    bucket: name,
    prefix: path && !path.endsWith('/') ? `${path}/` : path,
    endpoint: env.RELEASE_STORE_ENDPOINT,
    region: env.RELEASE_STORE_REGION,
    cacheDir: env.RELEASE_CACHE_DIR,
  });
}

/**
 * The releases an environment names that `lookup` does not find (as `<remote>@<version>`): `store.has`, or
 * a gateway's `store.localDir`, which also fetches them.
 */
export async function missingReleases(
  environment: Environment,
  lookup: (remote: string, version: string) => Promise<unknown>,
) {
  const named = Object.entries(environment).filter(([, version]) => version !== 'dist');
  const found = await Promise.all(named.map(([remote, version]) => lookup(remote, version)));
  return named.filter((_, i) => !found[i]).map(([remote, version]) => `${remote}@${version}`);
}
