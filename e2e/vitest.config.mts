import { availableParallelism } from 'node:os';
import { projectConfig } from '../vitest.shared.mts';

/**
 * How many browser test files run at once (E2E_WORKERS), each with its own Chromium and its worker's own app:
 * one per core. One at a time kept 2 cores 1.1 busy and took the browser tests 631 s; two keep them 1.9 busy.
 * Two were held back once because the NATS chaos test then missed a push the broker confirmed while it shut
 * down; it counts those now (chaos.e2e.test.ts, `recordPushes`), and two passed the two runs since (193 browser tests each).
 */
const e2eWorkers = Number(process.env.E2E_WORKERS ?? availableParallelism());

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
