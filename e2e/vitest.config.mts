import { projectConfig } from '../vitest.shared.mts';

// End-to-end tests start whole processes on fixed ports: one file at a time.
export default projectConfig('e2e', { fileParallelism: false });
