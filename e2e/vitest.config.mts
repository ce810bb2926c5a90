import { availableParallelism } from 'node:os';
import { projectConfig } from '../vitest.shared.mts';

/**
 * How many browser test files run at once (E2E_WORKERS), each with its own Chromium and its worker's own app:
 * one per two cores. One at a time keeps 2 cores 1.1 busy; two keep them 1.9 busy and took the browser phase
 * from about 750 s to 670 s, but in one of three full runs with two the chaos test's Postgres restart lost 12
 * of 305 notifications (the restart takes longer under that load). Two wait until that holds under load.
 */
const e2eWorkers = Number(process.env.E2E_WORKERS ?? Math.max(1, Math.floor(availableParallelism() / 2)));

// The browser tests: the front ends are built once for the run, from the current source
// (src/build-front-ends.ts), not once per file; then one app per worker starts for the files that share it
// (src/shared-app.ts). A browser flow is tens of steps on a real stack: it gets 90 s where a unit test gets 30,
// and a poll waits up to 10 s for what a click sets off (a drag, its request, an event, a refetch).
export default projectConfig('e2e', {
  maxWorkers: e2eWorkers,
  testTimeout: 90_000,
  pollTimeout: 10_000,
  globalSetup: ['src/build-front-ends.ts', 'src/shared-app.ts'],
});
