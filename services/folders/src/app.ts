import {
  createServiceApp,
  type FilesFetch,
  filesClient,
  openServiceCore,
  type Readiness,
  type ServiceFetch,
  type ServiceOptions,
} from '@baton/service-kit';
import { defaultFoldersConfig, type FoldersConfig } from './config';
import { identityConsumer } from './consumers/identity.consumer';
import { tasksConsumer } from './consumers/tasks.consumer';
import type { FoldersDeps } from './context';
import { migrations } from './db/migrations';
import type { FoldersTables } from './db/schema';
import { folderRoutes } from './routes/folders/folders.routes';
import { tasksClient } from './tasks-client';

export const SERVICE_NAME = 'folders';

/** folders' HTTP app over ready dependencies (tests build it without a port). */
export function createFoldersApp(deps: FoldersDeps, readiness: Readiness = {}) {
  return createServiceApp({
    name: SERVICE_NAME,
    logger: deps.logger,
    readiness,
    routes: [folderRoutes(deps)],
  });
}

export interface FoldersOptions extends ServiceOptions<FoldersConfig> {
  /** How to reach files (base files). */
  files: FilesFetch;
  /** How to reach tasks (filing a task folders has not heard of yet). */
  tasks: ServiceFetch;
}

/** Opens folders' database, starts its relay and its consumers of tasks and identity, builds its app. */
export async function createFolders(options: FoldersOptions) {
  const config = options.config ?? defaultFoldersConfig();
  const core = await openServiceCore<FoldersTables>({
    ...options,
    name: SERVICE_NAME,
    database: options.database ?? 'baton_folders',
    migrations,
    config,
  });
  const { db, logger } = core;
  await core.consume(tasksConsumer);
  await core.consume(identityConsumer);
  const deps: FoldersDeps = {
    db,
    config,
    logger,
    verifyAccess: core.verifyAccess,
    write: core.write,
    files: filesClient(options.files, logger),
    tasks: tasksClient(options.tasks, logger),
  };
  return { app: createFoldersApp(deps, core.readiness), deps, relay: core.relay, close: core.close };
}
export type Folders = Awaited<ReturnType<typeof createFolders>>;
