import { webProjectConfig } from '../vitest.shared.mts';

// remotes/loader.test.ts replaces the Module Federation runtime with vi.mock: the files are isolated.
export default webProjectConfig('shell', { isolate: true });
