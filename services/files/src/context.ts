import type { Database, RateLimiter, ServiceDeps, ServiceTrx } from '@baton/service-kit';
import type { FilesConfig } from './config';
import type { FilesTables } from './db/schema';
import type { ObjectStore, ServingStore } from './store/store';

export type FilesDb = Database<FilesTables>;
export type FilesTrx = ServiceTrx<FilesTables>;

/** Everything the files routes and consumers need, built once by `createFiles` (and by tests). */
export interface FilesDeps extends ServiceDeps<FilesTables, FilesConfig> {
  store: ObjectStore | ServingStore;
  /** Upload URLs per person a minute. */
  presignLimit: RateLimiter;
}
