import { serverNodeArgs } from '@baton/deploy/node-flags';
import { freePort } from '@baton/test-kit';
import type { TestProject } from 'vitest/node';
import { AppProcess, cleanEnv } from './process';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set by shared-app.ts: the app the browser files without an environment of their own share. */
    sharedApp: { base: string; mail: string };
  }
}

/** The shared app's databases: `<prefix>identity`, ... (a file's own app keeps the default `baton_*`). */
export const sharedDatabasePrefix = 'baton_e2e_shared_';

/**
 * vitest's global setup of the browser tests, after the front ends are built: one app as `npm start` runs it,
 * for every file that needs no environment of its own (`useAppInBrowser()`): starting one per file cost each
 * file its start. Its databases have a prefix of their own, so a file that starts its own app beside it shares
 * nothing with it. The files' people are their own (unique addresses), so they do not meet.
 */
export default async function setup(project: TestProject) {
  const port = await freePort();
  const mailWeb = await freePort();
  const urls = { base: `http://localhost:${port}`, mail: `http://127.0.0.1:${mailWeb}` };
  const app = new AppProcess(
    process.execPath,
    serverNodeArgs('deploy/src/start.ts'),
    cleanEnv({
      PORT: String(port),
      DATABASE_URL: project.getProvidedContext().databaseUrl,
      BATON_DATABASE_PREFIX: sharedDatabasePrefix,
      MAIL_CATCHER_SMTP_PORT: String(await freePort()),
      MAIL_CATCHER_WEB_PORT: String(mailWeb),
      // The test runner stands in for the proxy of many people: `existingPerson` names each one's address
      // (X-Forwarded-For), so that making people does not spend the sign-in budget of the browser's address.
      TRUSTED_PROXIES: '127.0.0.1/32,::1/128',
    }),
  );
  await app.waitForOk(`${urls.base}/readyz`, 120_000);
  project.provide('sharedApp', urls);
  return () => app.stop();
}
