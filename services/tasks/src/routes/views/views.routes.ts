import { limits, findMessages as m, routes, type viewRequest } from '@baton/contracts';
import { type AuthContext, conflict, contractRoutes, notFound, requireAuth } from '@baton/service-kit';
import type { z } from 'zod';
import { actingAs } from '../../access';
import type { TasksDeps } from '../../context';
import { deleteView, otherViewCount, upsertView, viewsOf } from './views.repository';

export const viewMessages = { deleted: 'View deleted.' } as const;

/** Saves a view by name (the same name replaces it); 409 once the person keeps limits.viewsMax others. */
function saveView(deps: TasksDeps, me: AuthContext, body: z.output<typeof viewRequest>) {
  return deps.write(async (trx) => {
    await actingAs(trx, me.userId);
    if ((await otherViewCount(trx, me.userId, body.name)) >= limits.viewsMax) throw conflict(m.viewsFull);
    return upsertView(trx, me.userId, body);
  });
}

/** A person's saved views (issue 36): a name and a list's URL query, theirs alone. */
export function viewRoutes(deps: TasksDeps) {
  const { app, mount } = contractRoutes(requireAuth(deps.verifyAccess));

  mount(routes.listViews, async ({ auth }) => ({ views: await viewsOf(deps.db, auth.userId) }));

  mount(routes.saveView, ({ body, auth }) => saveView(deps, auth, body));

  mount(routes.deleteView, async ({ params, auth }) => {
    const deleted = await deps.write(async (trx) => {
      await actingAs(trx, auth.userId);
      return deleteView(trx, auth.userId, params.viewId);
    });
    if (!deleted) throw notFound(m.viewNotFound);
    return { message: viewMessages.deleted };
  });

  return app;
}
