import type { EventBus } from '@baton/service-kit';
import { migratedTestDatabase } from '@baton/service-kit/testing';
import { startTestTasks } from '@baton/tasks/testing';
import { databaseServerUrl, dropDatabase, jsonRequest } from '@baton/test-kit';
import { afterAll, beforeAll } from 'vitest';
import { createFolders } from './app';
import { migrations } from './db/migrations';

/**
 * folders beside real identity, tasks and files (fresh databases of the test Postgres) on one bus, which
 * is in-process unless given. People sign up through identity; tasks are made through tasks' routes.
 */
export async function startTestFolders(options: { bus?: EventBus } = {}) {
  const t = await startTestTasks({ bus: options.bus });
  const database = await migratedTestDatabase('folders', migrations);
  const folders = await createFolders({
    databaseUrl: databaseServerUrl(),
    database,
    bus: t.bus,
    keys: t.identity.identity.deps.keys.resolver,
    files: async (path, init) => t.files.request(path, init),
    tasks: async (path, init) => t.tasks.app.request(path, init),
  });
  const call = (method: string, path: string, token?: string, body?: unknown) =>
    folders.app.request(path, jsonRequest(method, body, token));
  return {
    ...t,
    folders,
    foldersDb: folders.deps.db,
    /** A call to the folders routes. */
    folderCall: call,
    async close() {
      await folders.close();
      await t.close();
      await dropDatabase(database);
    },
  };
}
export type TestFolders = Awaited<ReturnType<typeof startTestFolders>>;

/** Starts folders (with tasks, identity, files) before the file's tests and closes them after. */
export function useTestFolders(options?: Parameters<typeof startTestFolders>[0]) {
  const holder = {} as { t: TestFolders };
  beforeAll(async () => {
    holder.t = await startTestFolders(options);
  });
  afterAll(() => holder.t.close());
  return holder;
}
