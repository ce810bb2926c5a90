import { availableParallelism } from 'node:os';
import { projectConfig } from '../vitest.shared.mts';

/**
 * How many browser test files run at once (E2E_WORKERS), each with its own Chromium and its worker's own app:
 * one per two cores. One at a time keeps 2 cores 1.1 busy; two at once took the browser tests alone from 631 s
 * to 465 s (1.8 cores busy), but under that load the NATS chaos test saw a push go missing after the broker's
 * restart (1 of 305, once in two runs): two wait until the push path holds under it.
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
