import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startApp } from './process';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set by shared-app.ts: the apps the browser files without an environment of their own share, one a worker. */
    sharedApps: SharedApp[];
  }
}

/** One of the apps the global setup starts (below): its addresses and its databases' prefix. */
export interface SharedApp {
  base: string;
  mail: string;
  databasePrefix: string;
}

/** The databases of shared app `index` (from 0): `<prefix>identity`, ... */
export const sharedDatabasePrefix = (index: number) => `baton_e2e_shared${index + 1}_`;

/**
 * Holds the first of `prefixes` that no running file holds (a Postgres advisory lock on its name, until
 * `release`), waiting for one when all are held. Browser files claim the apps they run on this way, not by
 * vitest's worker number (VITEST_POOL_ID): in a full run with two browser workers, the fuzz file and the shell's
 * file ran at once on the same `own1` databases by that number, and the fuzz found the shell's people in tables
 * it expected unchanged.
 */
async function claimFirstFree(server: string, prefixes: () => Iterable<string>) {
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  for (;;) {
    for (const prefix of prefixes()) {
      const { rows } = await client.query<{ held: boolean }>(
        'select pg_try_advisory_lock(hashtext($1)) as held',
        [prefix],
      );
      if (rows[0]?.held) return { prefix, release: () => client.end() };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The databases for an app a file starts for itself: `baton_e2e_own<n>_`, the lowest n free. */
export const claimOwnDatabasePrefix = (server: string) =>
  claimFirstFree(server, function* () {
    for (let n = 1; ; n += 1) yield `baton_e2e_own${n}_`;
  });

/** A shared app (global setup, below) no other running file is on, and the release of the claim. */
export async function claimSharedApp(server: string, apps: SharedApp[]) {
  const { prefix, release } = await claimFirstFree(server, () => apps.map((a) => a.databasePrefix));
  return { app: apps.find((a) => a.databasePrefix === prefix) as SharedApp, release };
}

/** The databases of the app whose names start with `prefix`: one a service. */
export const appDatabases = (prefix: string) =>
  ['identity', 'tasks', 'folders', 'files', 'notifications'].map((service) => `${prefix}${service}`);

/**
 * vitest's global setup of the browser tests, after the front ends are built: an app as `npm start` runs it
 * for each worker, shared by the files that need no environment of their own (`useAppInBrowser()`): starting
 * one per file cost each file its start. A file claims a free one (`claimSharedApp`), so files that run at once
 * are on apps of their own, as if alone; those apps, and the apps files start for themselves, have databases of
 * their own. The files' people are their own (unique addresses), so they do not meet.
 */
export default async function setup(project: TestProject) {
  const server = project.getProvidedContext().databaseUrl;
  const workers = Math.max(1, project.config.maxWorkers);
  const prefixes = Array.from({ length: workers }, (_, index) => sharedDatabasePrefix(index));
  const started = await Promise.all(prefixes.map((prefix) => startApp(server, prefix)));
  project.provide(
    'sharedApps',
    started.map(({ urls }, index) => ({ ...urls, databasePrefix: prefixes[index] as string })),
  );
  return () => Promise.all(started.map(({ app }) => app.stop()));
}
