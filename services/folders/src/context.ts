import type {
  Database,
  FilesClient,
  KitTables,
  Logger,
  ServiceCore,
  TokenVerifier,
} from '@baton/service-kit';
import type { Transaction } from 'kysely';
import type { FoldersConfig } from './config';
import type { FoldersTables } from './db/schema';
import type { TasksClient } from './tasks-client';

export type FoldersDb = Database<FoldersTables>;
export type FoldersTrx = Transaction<FoldersTables & KitTables>;

/** Everything the folders routes need, built once by `createFolders` (and by tests). */
export interface FoldersDeps {
  db: FoldersDb;
  config: FoldersConfig;
  logger: Logger;
  verifyAccess: TokenVerifier;
  /** The unit of work: one transaction, then the outbox relay woken (`openServiceCore`). */
  write: ServiceCore<FoldersTables>['write'];
  /** The files service, on the person's behalf (base files). */
  files: FilesClient;
  /** The tasks service, on the person's behalf (tasks this service has not heard of yet). */
  tasks: TasksClient;
}
