import { fileMessages } from '@baton/contracts/constants';
import { type AuthContext, notFound } from '@baton/service-kit';
import { taskFor } from '../../access';
import type { TasksDeps } from '../../context';

/**
 * A short-lived URL of the task's file, shown inline (preview) or saved (download): for whoever may see the
 * task (owner, recipient, pending recipient); anyone else gets the same 404 as for the task itself.
 */
export async function attachmentUrl(
  deps: TasksDeps,
  me: AuthContext,
  taskId: string,
  disposition: 'inline' | 'attachment',
) {
  const { row } = await taskFor(deps.db, taskId, me.userId, 'view');
  if (!row.attachment_key) throw notFound(fileMessages.noAttachment);
  return deps.files.grant(me, { kind: 'task', id: taskId }, row.attachment_key, disposition);
}
