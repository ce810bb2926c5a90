import type {
  Database,
  FilesClient,
  KitTables,
  Logger,
  MailCaps,
  RateLimiter,
  ServiceCore,
  TokenVerifier,
} from '@baton/service-kit';
import type { Transaction } from 'kysely';
import type { TasksConfig } from './config';
import type { TasksTables } from './db/schema';

export type TasksDb = Database<TasksTables>;
export type TasksTrx = Transaction<TasksTables & KitTables>;

/** Everything the tasks routes need, built once by `createTasks` (and by tests). */
export interface TasksDeps {
  db: TasksDb;
  config: TasksConfig;
  logger: Logger;
  verifyAccess: TokenVerifier;
  /** The unit of work: one transaction, then the outbox relay woken (`openServiceCore`). */
  write: ServiceCore<TasksTables>['write'];
  /** Calls identity (HTTP in the distributed topology, in-process in `npm start`). */
  identity: (path: string, init: RequestInit) => Promise<Response>;
  /** The files service, on the person's behalf (attachments). */
  files: FilesClient;
  /** Caps on the invitations and accept mails one person sends, and one address receives. */
  mailCaps: MailCaps;
  /** Comments per person a minute, over REST and sockets alike (both add them through `addComment`). */
  commentLimit: RateLimiter;
}
