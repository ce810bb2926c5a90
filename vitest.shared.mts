import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

const globalSetup = fileURLToPath(new URL('./packages/test-kit/src/global-setup.ts', import.meta.url));

/** One vitest setup for every workspace: real Postgres from the test kit, generous timeouts for real I/O. */
export const projectConfig = (name: string, extra: { include?: string[]; fileParallelism?: boolean } = {}) =>
  defineProject({
    test: {
      name,
      globalSetup: [globalSetup],
      testTimeout: 30_000,
      hookTimeout: 60_000,
      include: extra.include ?? ['src/**/*.test.ts'],
      ...(extra.fileParallelism === undefined ? {} : { fileParallelism: extra.fileParallelism }),
    },
  });
