import type { CoreConsumer } from '@baton/service-kit';
import type { FilesTables } from '../db/schema';
import { lockAttached } from '../routes/uploads/uploads.repository';
import { deleteUploads } from '../routes/uploads/uploads.service';
import type { ObjectStore } from '../store/store';

/**
 * `files-tasks`: a task let go of its attachment (replaced, removed, the task deleted): its bytes go, in the
 * transaction that records the event, so an outage delays the deletion and never loses or repeats it. The
 * key must still be attached to that task.
 */
export const tasksConsumer = (store: ObjectStore): CoreConsumer<FilesTables> => ({
  spec: { durable: 'files-tasks', stream: 'TASKS' },
  handlers: {
    'tasks.attachment.detached': async ({ data: { taskId, key } }, trx) =>
      deleteUploads(trx, store, await lockAttached(trx, key, { kind: 'task', id: taskId })),
  },
});
