import type { Exposes } from '@baton/web-platform';

/** This remote's views as the shell's contract types them: a missing view or one taking other props fails the typecheck. */
export type Views = Exposes<'mf-settings', { Settings: typeof import('./Settings') }>;
