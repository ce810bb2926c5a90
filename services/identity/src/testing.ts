import { createMailer } from '@baton/mailer';
import { type EventBus, InProcessBus, type Logger } from '@baton/service-kit';
import { migratedTestDatabase } from '@baton/service-kit/testing';
import { databaseServerUrl, dropDatabase, jsonRequest, signUp, startSmtpCapture } from '@baton/test-kit';
import { afterAll, beforeAll } from 'vitest';
import { createIdentity, type IdentityOptions } from './app';
import { type IdentityConfig, identityConfigSchema } from './config';
import { migrations } from './db/migrations';

/**
 * identity on a fresh database of the test Postgres, a real SMTP capture server and (by default)
 * the in-process bus. `request` calls the app without a port.
 */
export async function startTestIdentity(
  options: {
    bus?: EventBus;
    config?: Partial<IdentityConfig>;
    rateLimits?: IdentityOptions['rateLimits'];
    logger?: Logger;
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
