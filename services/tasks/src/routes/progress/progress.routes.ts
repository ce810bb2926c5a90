import { routes } from '@baton/contracts';
import { contractRoutes, requireAuth } from '@baton/service-kit';
import type { TasksDeps } from '../../context';
import { progressLogs, updateProgress } from './progress.service';

/** Progress updates with an optional note, and their history (SPEC §4 Progress slider, §7). */
export function progressRoutes(deps: TasksDeps) {
  const { app, mount } = contractRoutes(requireAuth(deps.verifyAccess));

  mount(routes.updateProgress, ({ params, body, auth }) => updateProgress(deps, auth, params.taskId, body));

  mount(routes.progressLogs, ({ params, auth }) => progressLogs(deps, auth, params.taskId));

  return app;
}
