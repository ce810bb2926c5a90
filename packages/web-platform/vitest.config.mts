import { webProjectConfig } from '../../vitest.shared.mts';

export default webProjectConfig('web-platform');
