import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startApp } from './process';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set by shared-app.ts: the apps the browser files without an environment of their own share, one a worker. */
    sharedApps: { base: string; mail: string; databasePrefix: string }[];
  }
}

/** The worker this file runs in, from 0 (vitest numbers its workers from 1). */
export const workerIndex = () => Number(process.env.VITEST_POOL_ID ?? 1) - 1;

/** The shared app of worker `index`'s databases: `<prefix>identity`, ... */
export const sharedDatabasePrefix = (index: number) => `baton_e2e_shared${index + 1}_`;

/**
 * Claims the databases for an app a file starts for itself: `baton_e2e_own<n>_` for the lowest n no running file
 * holds (a Postgres advisory lock, held until `release`). Not by vitest's worker number (VITEST_POOL_ID): in a
 * full run with two browser workers, the fuzz file and the shell's file ran at once on the same `own1`
 * databases, and the fuzz found the shell's people in tables it expected unchanged.
 */
export async function claimOwnDatabasePrefix(server: string) {
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  for (let n = 1; ; n += 1) {
    const prefix = `baton_e2e_own${n}_`;
    const { rows } = await client.query<{ held: boolean }>(
      'select pg_try_advisory_lock(hashtext($1)) as held',
      [prefix],
    );
    if (rows[0]?.held) return { prefix, release: () => client.end() };
  }
}

/** The databases of the app whose names start with `prefix`: one a service. */
export const appDatabases = (prefix: string) =>
  ['identity', 'tasks', 'folders', 'files', 'notifications'].map((service) => `${prefix}${service}`);

/**
 * vitest's global setup of the browser tests, after the front ends are built: an app as `npm start` runs it
 * for each worker, shared by the files it runs that need no environment of their own (`useAppInBrowser()`):
 * starting one per file cost each file its start. A worker's files run one after another on its app, as if
 * alone; the two workers' apps, and the apps files start for themselves, have databases of their own. The
 * files' people are their own (unique addresses), so they do not meet.
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
