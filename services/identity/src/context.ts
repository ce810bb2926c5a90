import type {
  Database,
  KitTables,
  Logger,
  MailCaps,
  RateLimiter,
  ServiceCore,
  TokenVerifier,
} from '@baton/service-kit';
import type { Transaction } from 'kysely';
import type { IdentityConfig } from './config';
import type { IdentityTables } from './db/schema';
import type { SigningKeys } from './routes/keys/keys.service';

export type IdentityDb = Database<IdentityTables>;
export type IdentityTrx = Transaction<IdentityTables & KitTables>;

/** Everything identity's routes need, built once by `createIdentity` (and by tests). */
export interface IdentityDeps {
  db: IdentityDb;
  config: IdentityConfig;
  logger: Logger;
  keys: SigningKeys;
  /** Derives each rotated-in refresh token from the one it replaces (see `successorOf`). */
  successorKey: Buffer;
  /** Signs device cookies (see `routes/auth/devices.ts`). */
  deviceKey: Buffer;
  verifyAccess: TokenVerifier;
  /** The unit of work: one transaction, then the outbox relay woken (`openServiceCore`). */
  write: ServiceCore<IdentityTables>['write'];
  limits: Record<
    | 'login'
    | 'loginAccount'
    | 'signup'
    | 'refresh'
    | 'refreshUnknown'
    | 'reset'
    | 'resetAccount'
    | 'resetConfirm'
    | 'passwordChange'
    | 'verify'
    | 'accountMail',
    RateLimiter
  >;
  /** Caps on the invitations one person sends, and one address receives. */
  mailCaps: MailCaps;
}
