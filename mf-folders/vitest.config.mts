import { webProjectConfig } from '../vitest.shared.mts';

export default webProjectConfig('mf-folders');
