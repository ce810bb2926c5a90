import type { Database, FilesClient, ServiceDeps, ServiceTrx } from '@baton/service-kit';
import type { FoldersConfig } from './config';
import type { FoldersTables } from './db/schema';
import type { TasksClient } from './tasks-client';

export type FoldersDb = Database<FoldersTables>;
export type FoldersTrx = ServiceTrx<FoldersTables>;

/** Everything the folders routes need, built once by `createFolders` (and by tests). */
export interface FoldersDeps extends ServiceDeps<FoldersTables, FoldersConfig> {
  /** The files service, on the person's behalf (base files). */
  files: FilesClient;
  /** The tasks service, on the person's behalf (tasks this service has not heard of yet). */
  tasks: TasksClient;
}
