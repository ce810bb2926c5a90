import { identityMessages } from '@baton/contracts';
import type { Mailer } from '@baton/mailer';
import {
  createServiceApp,
  type Database,
  type EventBus,
  type Logger,
  loadServerSecret,
  MailCaps,
  openServiceCore,
  RateLimiter,
  type RateLimitRule,
  type Readiness,
} from '@baton/service-kit';
import { defaultIdentityConfig, type IdentityConfig } from './config';
import type { IdentityDeps } from './context';
import { migrations } from './db/migrations';
import type { IdentityTables } from './db/schema';
import { type PasswordCost, passwordHasher } from './passwords';
import { accountRoutes } from './routes/account/account.routes';
import { authRoutes } from './routes/auth/auth.routes';
import { reannounceRevocations } from './routes/auth/sessions.service';
import { keyRoutes } from './routes/keys/keys.routes';
import { loadSigningKeys, type SigningKeys } from './routes/keys/keys.service';
import { passwordRoutes } from './routes/password/password.routes';
import { trustedRoutes } from './routes/trusted/trusted.routes';
import { verifyRoutes } from './routes/verify/verify.routes';

export const SERVICE_NAME = 'identity';

const minute = 60_000;
/**
 * Per client address unless named "Account" (per e-mail, counted whether or not it has an account);
 * `refresh` per session (refresh-token family), `refreshUnknown` per address for tokens of no session.
 */
const rateLimitRules: Record<keyof IdentityDeps['limits'], RateLimitRule> = {
  login: { max: 20, windowMs: minute },
  loginAccount: { max: 10, windowMs: 15 * minute },
  signup: { max: 10, windowMs: minute },
  refresh: { max: 60, windowMs: minute },
  refreshUnknown: { max: 60, windowMs: minute },
  reset: { max: 10, windowMs: minute },
  resetAccount: { max: 5, windowMs: 15 * minute },
  // Each confirmation with a valid link hashes a password: a flood of them would starve everyone's requests.
  resetConfirm: { max: 10, windowMs: minute },
  // Per account: a stolen access token must not become a way to guess the current password.
  passwordChange: { max: 10, windowMs: 15 * minute },
  verify: { max: 20, windowMs: minute },
  // Per e-mail address: the mails sign-up and "send the link again" send to someone who may not have asked.
  accountMail: { max: 5, windowMs: 60 * minute },
};
/** identity's limiters over its database, so its replicas share them (`enabled` false: count nothing). */
export function createLimits(
  db: Database<IdentityTables>,
  enabled: boolean,
  rules: Partial<typeof rateLimitRules> = {},
): IdentityDeps['limits'] {
  const merged = { ...rateLimitRules, ...rules };
  const names = Object.keys(rateLimitRules) as (keyof typeof rateLimitRules)[];
  return Object.fromEntries(
    names.map((name) => [
      name,
      new RateLimiter(db, name, enabled ? merged[name] : null, identityMessages.rateLimited),
    ]),
  ) as IdentityDeps['limits'];
}

/** identity's HTTP app over ready dependencies (tests build it without a port). */
export function createIdentityApp(deps: IdentityDeps, readiness: Readiness = {}) {
  const groups = [keyRoutes, authRoutes, passwordRoutes, accountRoutes, trustedRoutes, verifyRoutes];
  return createServiceApp({
    name: SERVICE_NAME,
    logger: deps.logger,
    readiness,
    routes: groups.map((group) => group(deps)),
  });
}

export interface IdentityOptions {
  databaseUrl: string;
  bus: EventBus;
  mailer?: Mailer;
  logger?: Logger;
  config?: IdentityConfig;
  /** Database name; tests pass a unique one. */
  database?: string;
  rateLimits?: Partial<typeof rateLimitRules>;
  /** argon2id's cost: OWASP's minimum unless given (tests lower it; see `startTestIdentity`). */
  passwordCost?: PasswordCost;
}

/** Opens identity's database, loads its keys, starts its outbox relay and builds its app. */
export async function createIdentity(options: IdentityOptions) {
  const config = options.config ?? defaultIdentityConfig();
  let signingKeys: SigningKeys | undefined;
  const core = await openServiceCore<IdentityTables>({
    name: SERVICE_NAME,
    databaseUrl: options.databaseUrl,
    database: options.database ?? 'baton_identity',
    migrations,
    bus: options.bus,
    mailer: options.mailer,
    logger: options.logger,
    config,
    // identity signs the tokens: it reads its keys from its own database, and keeps them to sign with.
    keys: {
      fromDatabase: async (db) => {
        signingKeys = await loadSigningKeys(db);
        return signingKeys.resolver;
      },
    },
    // Its routes check each session in its own database (`authenticated`).
    followRevocations: false,
  });
  if (!signingKeys) throw new Error('no signing key');
  const { db, logger } = core;
  if (options.bus.mode === 'in-process') await core.write(reannounceRevocations);
  const deps: IdentityDeps = {
    db,
    config,
    logger,
    keys: signingKeys,
    successorKey: await loadServerSecret(db, 'refresh-successor'),
    deviceKey: await loadServerSecret(db, 'device-cookie'),
    verifyAccess: core.verifyAccess,
    write: core.write,
    limits: createLimits(db, config.RATE_LIMITS, options.rateLimits),
    mailCaps: new MailCaps(db, config.RATE_LIMITS),
    passwords: passwordHasher(options.passwordCost),
  };
  return { app: createIdentityApp(deps, core.readiness), deps, relay: core.relay, close: core.close };
}
export type IdentityService = Awaited<ReturnType<typeof createIdentity>>;
