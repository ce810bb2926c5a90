import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres } from '@baton/local-infra';
import type { TestProject } from 'vitest/node';
import { freePort } from './ports';

/** Real Postgres for a test run: DATABASE_URL when set, else an embedded server for this run only. */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('databaseUrl', process.env.DATABASE_URL);
    return;
  }
  const parent = await mkdtemp(join(tmpdir(), 'baton-test-pg-'));
  const server = await startEmbeddedPostgres({ dataDir: join(parent, 'data'), port: await freePort() });
  project.provide('databaseUrl', server.url);
  return async () => {
    await server.stop();
    await rm(parent, { recursive: true, force: true });
  };
}
