import type {
  Database,
  KitTables,
  Logger,
  RateLimiter,
  ServiceCore,
  TokenVerifier,
} from '@baton/service-kit';
import type { Transaction } from 'kysely';
import type { FilesConfig } from './config';
import type { FilesTables } from './db/schema';
import type { ObjectStore, ServingStore } from './store/store';

export type FilesDb = Database<FilesTables>;
export type FilesTrx = Transaction<FilesTables & KitTables>;

/** Everything the files routes and consumers need, built once by `createFiles` (and by tests). */
export interface FilesDeps {
  db: FilesDb;
  config: FilesConfig;
  logger: Logger;
  verifyAccess: TokenVerifier;
  /** The unit of work: one transaction, then the outbox relay woken (`openServiceCore`). */
  write: ServiceCore<FilesTables>['write'];
  store: ObjectStore | ServingStore;
  /** Upload URLs per person a minute. */
  presignLimit: RateLimiter;
}
