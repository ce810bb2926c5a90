import { projectConfig } from '../vitest.shared.mts';

/** End-to-end files that make load of their own and measure what it does: no other file runs beside them. */
export const aloneFiles = ['src/chaos.e2e.test.ts'];

/**
 * A browser flow is tens of steps on a real stack: it gets 90 s where a unit test gets 30, and a poll waits up to
 * 10 s for what a click sets off (a drag, its request, an event, a refetch).
 */
export const endToEndTimeouts = { testTimeout: 90_000, pollTimeout: 10_000 };

// After the browser tests (vitest.config.mts), one file at a time.
export default projectConfig('e2e-alone', {
  include: aloneFiles,
  maxWorkers: 1,
  groupOrder: 2,
  ...endToEndTimeouts,
});
