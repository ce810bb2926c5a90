import { limits, routes, transferMessages } from '@baton/contracts';
import { contractRoutes, requireAuth } from '@baton/service-kit';
import type { TasksDeps } from '../../context';
import { exportFormats, exportTasks } from './export.service';
import { importTasks } from './import.service';

/** The import's file travels in its body: up to 8 MB of text as a JSON string (`limits.importBodyBytes`). */
export const transferBodyLimits = {
  [routes.importTasks.path]: { maxBytes: limits.importBodyBytes, message: transferMessages.importTooLarge },
};

/** Export (CSV, JSON) and import (Todoist, Trello, Baton) of tasks. */
export function transferRoutes(deps: TasksDeps) {
  const { app, mount } = contractRoutes(requireAuth(deps.verifyAccess));

  mount(routes.exportTasksCsv, ({ auth }) => exportTasks(deps, auth, exportFormats.csv));
  mount(routes.exportTasksJson, ({ auth }) => exportTasks(deps, auth, exportFormats.json));

  mount(routes.importTasks, ({ body, auth }) => importTasks(deps, auth, body));

  return app;
}
