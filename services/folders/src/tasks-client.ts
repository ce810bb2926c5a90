import { internalRoutes, type ownPersonalTasksResponse } from '@baton/contracts';
import { type AuthContext, type Logger, onBehalfOf, type ServiceFetch } from '@baton/service-kit';
import type { z } from 'zod';

/** The tasks service as folders calls it, on the person's behalf. */
export function tasksClient(fetchTasks: ServiceFetch, logger: Logger) {
  const ask = onBehalfOf(fetchTasks, logger, 'tasks');
  return {
    /** Which of `ids` are the person's own personal tasks, as tasks has committed them. */
    ownPersonal: async (me: AuthContext, ids: string[]) =>
      (await ask<z.infer<typeof ownPersonalTasksResponse>>(me, internalRoutes.ownPersonalTasks.path, { ids }))
        .tasks,
  };
}
export type TasksClient = ReturnType<typeof tasksClient>;
