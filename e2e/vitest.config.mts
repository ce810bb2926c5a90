import { availableParallelism } from 'node:os';
import { projectConfig } from '../vitest.shared.mts';
import { aloneFiles, endToEndTimeouts } from './vitest.alone.config.mts';

/**
 * How many browser test files run at once (E2E_WORKERS), each with its own Chromium and its worker's own app:
 * one per core. One at a time left this 2-core machine half idle (the browser files took 498 s alone); two
 * took 333 s. The files that measure under load of their own (the chaos test) run after them, alone
 * (vitest.alone.config.mts): under a second worker's load the chaos test's Postgres restart took 9-11 s
 * instead of 2-3, and one of three full runs lost notifications to it.
 */
const e2eWorkers = Number(process.env.E2E_WORKERS ?? availableParallelism());

// The browser tests: the front ends are built once for the run, from the current source
// (src/build-front-ends.ts), not once per file; then one app per worker starts for the files that share it
// (src/shared-app.ts).
export default projectConfig('e2e', {
  exclude: aloneFiles,
  maxWorkers: e2eWorkers,
  ...endToEndTimeouts,
  globalSetup: ['src/build-front-ends.ts', 'src/shared-app.ts'],
});
