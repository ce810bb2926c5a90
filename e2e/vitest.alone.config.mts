import { projectConfig } from '../vitest.shared.mts';

/** End-to-end files that make load of their own and measure what it does: no other file runs beside them. */
export const aloneFiles = ['src/chaos.e2e.test.ts'];

// After the browser tests (vitest.config.mts), one file at a time.
export default projectConfig('e2e-alone', {
  include: aloneFiles,
  maxWorkers: 1,
  groupOrder: 2,
  testTimeout: 90_000,
  pollTimeout: 10_000,
});
