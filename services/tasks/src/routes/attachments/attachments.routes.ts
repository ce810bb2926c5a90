import { routes } from '@baton/contracts';
import { contractRoutes, requireAuth } from '@baton/service-kit';
import type { TasksDeps } from '../../context';
import { attachmentUrl } from './attachments.service';

/** SPEC §7 Files: a task's attachment, previewed or downloaded. */
export function attachmentRoutes(deps: TasksDeps) {
  const { app, mount } = contractRoutes(requireAuth(deps.verifyAccess));

  mount(routes.previewAttachment, ({ params, auth }) => attachmentUrl(deps, auth, params.taskId, 'inline'));

  mount(routes.downloadAttachment, async ({ params, auth }) => ({
    url: (await attachmentUrl(deps, auth, params.taskId, 'attachment')).url,
  }));

  return app;
}
