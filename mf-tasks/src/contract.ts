import type { Exposes } from '@baton/web-platform';

/** This remote's views as the shell's contract types them: a missing view or one taking other props fails the typecheck. */
export type Views = Exposes<
  'mf-tasks',
  {
    TaskList: typeof import('./list/TaskList');
    TaskPage: typeof import('./page/TaskPage');
    Dashboard: typeof import('./dashboard/Dashboard');
    AcceptTask: typeof import('./accept/AcceptTask');
    Waiting: typeof import('./waiting/Waiting');
  }
>;
