import { projectConfig } from '../vitest.shared.mts';

// End-to-end tests start whole processes on fixed ports: one file at a time. The front ends are built once
// for the run, from the current source (src/build-front-ends.ts), not once per file; then one app starts for
// the files that share it (src/shared-app.ts).
export default projectConfig('e2e', {
  fileParallelism: false,
  globalSetup: ['src/build-front-ends.ts', 'src/shared-app.ts'],
});
