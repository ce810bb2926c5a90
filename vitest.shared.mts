import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

const globalSetup = fileURLToPath(new URL('./packages/test-kit/src/global-setup.ts', import.meta.url));

/**
 * One vitest setup for every workspace: real Postgres from the test kit, generous timeouts for real I/O.
 * `globalSetup` adds the workspace's own run-once setups.
 */
export const projectConfig = (
  name: string,
  extra: { include?: string[]; fileParallelism?: boolean; globalSetup?: string[] } = {},
) =>
  defineProject({
    test: {
      name,
      globalSetup: [globalSetup, ...(extra.globalSetup ?? [])],
      testTimeout: 30_000,
      hookTimeout: 60_000,
      include: extra.include ?? ['src/**/*.test.ts'],
      ...(extra.fileParallelism === undefined ? {} : { fileParallelism: extra.fileParallelism }),
    },
  });

const webSetup = fileURLToPath(new URL('./vitest.web-setup.mts', import.meta.url));

/** Front-end workspaces: components in jsdom (page at http://localhost:3000/), no databases. */
export const webProjectConfig = (name: string) =>
  defineProject({
    test: {
      name,
      environment: 'jsdom',
      setupFiles: [webSetup],
      include: ['src/**/*.test.{ts,tsx}'],
      testTimeout: 15_000,
    },
  });
