import { createMailer } from '@baton/mailer';
import { type EventBus, InProcessBus, type Logger } from '@baton/service-kit';
import { migratedTestDatabase } from '@baton/service-kit/testing';
import { databaseServerUrl, dropDatabase, jsonRequest, signUp, startSmtpCapture } from '@baton/test-kit';
import { afterAll, beforeAll } from 'vitest';
import { createIdentity, type IdentityOptions } from './app';
import { type IdentityConfig, identityConfigSchema } from './config';
import { migrations } from './db/migrations';
import type { PasswordCost } from './passwords';

/**
 * argon2id at 256 KiB and one pass: well under a millisecond where OWASP's cost takes 20 ms or more of a core.
 * Tests sign up and in thousands of people; those that time the hashing or check its parameters ask for
 * `owaspPasswordCost`.
 */
export const testPasswordCost: PasswordCost = { memoryCost: 256, timeCost: 1, parallelism: 1 };

/**
 * identity on a fresh database of the test Postgres, a real SMTP capture server and (by default)
 * the in-process bus, hashing passwords at `testPasswordCost` unless told otherwise. `request` calls the app without a port.
 */
export async function startTestIdentity(
  options: {
    bus?: EventBus;
    config?: Partial<IdentityConfig>;
    rateLimits?: IdentityOptions['rateLimits'];
    logger?: Logger;
    /** `testPasswordCost` unless given. */
    passwordCost?: PasswordCost;
  } = {},
) {
  const database = await migratedTestDatabase('identity', migrations);
  const smtp = await startSmtpCapture();
  const mailer = createMailer({ smtpUrl: smtp.smtpUrl, from: 'Baton <no-reply@baton.test>' });
  const bus = options.bus ?? new InProcessBus();
  const config = {
    ...identityConfigSchema.parse({ RATE_LIMITS: 'false', PUBLIC_URL: 'http://baton.test' }),
    ...options.config,
  };
  const identity = await createIdentity({
    databaseUrl: databaseServerUrl(),
    database,
    bus,
    mailer,
    config,
    rateLimits: options.rateLimits,
    logger: options.logger,
    passwordCost: options.passwordCost ?? testPasswordCost,
  });
  const request = (path: string, init?: RequestInit) => identity.app.request(path, init);
  const call = (method: string, path: string, token?: string, body?: unknown) =>
    request(path, jsonRequest(method, body, token));
  return {
    identity,
    request,
    /** JSON call with an optional bearer token. */
    call,
    post: (path: string, body: unknown, token?: string) => call('POST', path, token, body),
    /** A new person who confirmed their address (as one who is to be trusted or sent tasks has), signed in. */
    person: (overrides: Parameters<typeof signUp>[1] = {}) => signUp(request, overrides, { mailbox: smtp }),
    smtp,
    bus,
    database,
    async close() {
      await identity.close();
      mailer.close();
      await smtp.stop();
      if (!options.bus) await bus.close();
      await dropDatabase(database);
    },
  };
}
export type TestIdentity = Awaited<ReturnType<typeof startTestIdentity>>;

/** Starts identity before the file's tests and closes it after; read `.t` inside tests. */
export function useTestIdentity(options?: Parameters<typeof startTestIdentity>[0]) {
  const holder = {} as { t: TestIdentity };
  beforeAll(async () => {
    holder.t = await startTestIdentity(options);
  });
  afterAll(() => holder.t.close());
  return holder;
}
