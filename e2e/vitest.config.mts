import { availableParallelism } from 'node:os';
import { projectConfig } from '../vitest.shared.mts';

/**
 * How many browser test files run at once (E2E_WORKERS), each with its own Chromium and its worker's own app:
 * one per two cores. Two at once on 2 cores saved 8% (1,166 s against 1,263 s) and doubled each file's time,
 * past the timeouts of the slowest tests: the files there are CPU-bound, not waiting.
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
