import { join, resolve } from 'node:path';
import { OBJECT_PATH_PREFIX } from '@baton/contracts';
import { fileMessages } from '@baton/contracts/constants';
import {
  createServiceApp,
  loadServerSecret,
  openServiceCore,
  RateLimiter,
  type Readiness,
  type ServiceOptions,
} from '@baton/service-kit';
import { defaultFilesConfig, type FilesConfig } from './config';
import { foldersConsumer } from './consumers/folders.consumer';
import { identityConsumer } from './consumers/identity.consumer';
import { tasksConsumer } from './consumers/tasks.consumer';
import type { FilesDb, FilesDeps } from './context';
import { migrations } from './db/migrations';
import type { FilesTables } from './db/schema';
import { objectRoutes } from './routes/objects/objects.routes';
import { uploadRoutes } from './routes/uploads/uploads.routes';
import { localStore } from './store/local';
import { s3Store } from './store/s3';
import type { ObjectStore, ServingStore } from './store/store';
import { startSweeper } from './sweeper';

export const SERVICE_NAME = 'files';

/** files' HTTP app over ready dependencies (tests build it without a port). */
export function createFilesApp(deps: FilesDeps, readiness: Readiness = {}) {
  return createServiceApp({
    name: SERVICE_NAME,
    logger: deps.logger,
    readiness,
    // Uploads stream to the store, counted against their signed limit (routes/objects/).
    streamedBodyPrefix: OBJECT_PATH_PREFIX,
    routes: [
      uploadRoutes(deps),
      // The local store serves its objects itself; S3 serves them from the bucket.
      ...(deps.store.kind === 'local' ? [objectRoutes({ ...deps, store: deps.store as ServingStore })] : []),
    ],
  });
}

/** S3 when S3_BUCKET is set, else the local-disk store with a signing key shared by the replicas. */
export async function storeOf(config: FilesConfig, db: FilesDb): Promise<ObjectStore | ServingStore> {
  if (config.S3_BUCKET)
    return s3Store({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      forcePathStyle: config.S3_FORCE_PATH_STYLE ? config.S3_FORCE_PATH_STYLE === 'true' : undefined,
    });
  return localStore({
    dir: resolve(config.FILES_DIR ?? join(config.BATON_DATA_DIR, 'files')),
    publicUrl: config.PUBLIC_URL,
    secret: await loadServerSecret(db, 'local-store-signing'),
  });
}

/** The origin browsers reach stored files at when it is not the app's own (S3), for the app's CSP. */
export function storageOriginOf(config: FilesConfig): string | undefined {
  if (!config.S3_BUCKET) return undefined;
  if (!config.S3_ENDPOINT) return `https://${config.S3_BUCKET}.s3.${config.S3_REGION}.amazonaws.com`;
  const endpoint = new URL(config.S3_ENDPOINT);
  return config.S3_FORCE_PATH_STYLE === 'false'
    ? `${endpoint.protocol}//${config.S3_BUCKET}.${endpoint.host}`
    : endpoint.origin;
}

export type FilesOptions = ServiceOptions<FilesConfig>;

/** Opens files' database and store, starts its consumers and the sweeper of unclaimed uploads, builds its app. */
export async function createFiles(options: FilesOptions) {
  const config = options.config ?? defaultFilesConfig();
  const core = await openServiceCore<FilesTables>({
    ...options,
    name: SERVICE_NAME,
    database: options.database ?? 'baton_files',
    migrations,
    config,
  });
  const { db, logger } = core;
  const store = await storeOf(config, db);
  await core.consume(tasksConsumer(store));
  await core.consume(foldersConsumer(store));
  await core.consume(identityConsumer(store));
  const presignLimit = new RateLimiter(
    db,
    'presign',
    config.RATE_LIMITS ? { max: config.PRESIGNS_PER_MINUTE, windowMs: 60_000 } : null,
    fileMessages.tooManyUploads,
  );
  const deps: FilesDeps = {
    db,
    config,
    logger,
    verifyAccess: core.verifyAccess,
    write: core.write,
    store,
    presignLimit,
  };
  const sweeper = startSweeper({
    deps,
    logger,
    olderThanMs: config.UNCLAIMED_UPLOAD_TTL_HOURS * 3_600_000,
  });
  core.onClose(() => sweeper.stop());
  return { app: createFilesApp(deps, core.readiness), deps, close: core.close };
}
export type Files = Awaited<ReturnType<typeof createFiles>>;
