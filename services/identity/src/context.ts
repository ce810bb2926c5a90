import type { Database, MailCaps, RateLimiter, ServiceDeps, ServiceTrx } from '@baton/service-kit';
import type { IdentityConfig } from './config';
import type { IdentityTables } from './db/schema';
import type { PasswordHasher } from './passwords';
import type { SigningKeys } from './routes/keys/keys.service';

export type IdentityDb = Database<IdentityTables>;
export type IdentityTrx = ServiceTrx<IdentityTables>;

/** Everything identity's routes need, built once by `createIdentity` (and by tests). */
export interface IdentityDeps extends ServiceDeps<IdentityTables, IdentityConfig> {
  keys: SigningKeys;
  /** Derives each rotated-in refresh token from the one it replaces (see `successorOf`). */
  successorKey: Buffer;
  /** Signs device cookies (see `routes/auth/devices.ts`). */
  deviceKey: Buffer;
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
  /** Hashes and checks passwords (argon2id at OWASP's cost outside tests). */
  passwords: PasswordHasher;
  /** Caps on the invitations one person sends, and one address receives. */
  mailCaps: MailCaps;
}
