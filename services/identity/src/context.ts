import type { Database, Logger, MailCaps, RateLimiter, TokenVerifier } from '@baton/service-kit';
import type { IdentityConfig } from './config';
import type { IdentityTables } from './db/schema';
import type { SigningKeys } from './keys';

export type IdentityDb = Database<IdentityTables>;

/** Everything identity's routes need, built once by `createIdentity` (and by tests). */
export interface IdentityDeps {
  db: IdentityDb;
  config: IdentityConfig;
  logger: Logger;
  keys: SigningKeys;
  /** Derives each rotated-in refresh token from the one it replaces (see `successorOf`). */
  successorKey: Buffer;
  /** Signs device cookies (see `devices.ts`). */
  deviceKey: Buffer;
  verifyAccess: TokenVerifier;
  /** Called after a commit that wrote outbox rows. */
  afterOutboxWrite: () => void;
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
