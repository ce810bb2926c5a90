import { fileURLToPath } from 'node:url';
import { configDefaults, defineProject } from 'vitest/config';

/** A workspace's test files, below its folder: Node tests, and component tests (which may hold JSX). */
export const testFiles = { node: 'src/**/*.test.ts', web: 'src/**/*.test.{ts,tsx}' };

const globalSetup = fileURLToPath(new URL('./packages/test-kit/src/global-setup.ts', import.meta.url));

/**
 * One vitest setup for every workspace: real Postgres from the test kit, generous timeouts for real I/O.
 * `globalSetup` adds the workspace's own run-once setups.
 */
export const projectConfig = (
  name: string,
  extra: {
    include?: string[];
    exclude?: string[];
    maxWorkers?: number;
    /** With maxWorkers: where the project's group runs among those of the other projects with workers of their own. */
    groupOrder?: number;
    globalSetup?: string[];
    isolate?: boolean;
    testTimeout?: number;
    pollTimeout?: number;
  } = {},
) =>
  defineProject({
    test: {
      name,
      globalSetup: [globalSetup, ...(extra.globalSetup ?? [])],
      testTimeout: extra.testTimeout ?? 30_000,
      hookTimeout: 60_000,
      // `expect.poll` waits for a real stack: its default second is shorter than an event's trip on a loaded
      // 2-core machine. Only a failing poll waits the whole time.
      expect: { poll: { timeout: extra.pollTimeout ?? 5_000 } },
      // The files of a worker share its loaded modules: loading a service's graph again for each file was most
      // of a service test's own time. Every file starts its service on its own databases, so none shares state.
      // A project with a file that replaces a module (`vi.mock`) isolates its files: the mock would leak.
      isolate: extra.isolate ?? false,
      include: extra.include ?? [testFiles.node],
      exclude: [...configDefaults.exclude, ...(extra.exclude ?? [])],
      // A project with workers of its own (the browser tests) runs after the others, alone: vitest runs a
      // project whose maxWorkers differs in a group of its own.
      ...(extra.maxWorkers
        ? { maxWorkers: extra.maxWorkers, sequence: { groupOrder: extra.groupOrder ?? 1 } }
        : {}),
    },
  });

const webSetup = fileURLToPath(new URL('./vitest.web-setup.mts', import.meta.url));

/**
 * Front-end workspaces: components in happy-dom (page at http://localhost:3000/), no databases. A worker's files
 * share its modules and its happy-dom unless `isolate` (a file that replaces a module with `vi.mock`).
 * happy-dom rather than jsdom: the same 553 tests of shell, mf-tasks and mf-settings took 95 s of CPU in it
 * against 140 in jsdom (53 s against 78 on 2 cores), and every test passes in both but two that read a meter's
 * properties (happy-dom reflects none: they read its attributes) and one that needed Node's File under jsdom.
 */
export const webProjectConfig = (
  name: string,
  { isolate = false, include = [testFiles.web] }: { isolate?: boolean; include?: string[] } = {},
) =>
  defineProject({
    test: {
      name,
      environment: 'happy-dom',
      isolate,
      setupFiles: [webSetup],
      include,
      testTimeout: 15_000,
    },
  });
