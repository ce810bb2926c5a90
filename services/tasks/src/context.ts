import type {
  Database,
  FilesClient,
  MailCaps,
  RateLimiter,
  ServiceDeps,
  ServiceTrx,
} from '@baton/service-kit';
import type { TasksConfig } from './config';
import type { TasksTables } from './db/schema';

export type TasksDb = Database<TasksTables>;
export type TasksTrx = ServiceTrx<TasksTables>;

/** Everything the tasks routes need, built once by `createTasks` (and by tests). */
export interface TasksDeps extends ServiceDeps<TasksTables, TasksConfig> {
  /** Calls identity (HTTP in the distributed topology, in-process in `npm start`). */
  identity: (path: string, init: RequestInit) => Promise<Response>;
  /** The files service, on the person's behalf (attachments). */
  files: FilesClient;
  /** Caps on the invitations and accept mails one person sends, and one address receives. */
  mailCaps: MailCaps;
  /** Comments per person a minute, over REST and sockets alike (both add them through `addComment`). */
  commentLimit: RateLimiter;
  /** Whole lists (no `page`) per person a minute, the three list routes together. */
  wholeListLimit: RateLimiter;
}
