import { projectConfig } from '../../vitest.shared.mts';

// security.test.ts counts argon2's hashes through vi.mock: the files are isolated.
export default projectConfig('identity', { isolate: true });
