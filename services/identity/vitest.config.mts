import { projectConfig } from '../../vitest.shared.mts';

export default projectConfig('identity');
