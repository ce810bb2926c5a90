import type { CoreConsumer } from '@baton/service-kit';
import type { NotificationsTables } from '../db/schema';
import { clearAcceptOffers, forgetTask } from '../routes/notifications/notifications.repository';
import { notifyOf } from '../routes/notifications/notifications.service';

/**
 * `notifications-tasks`: task and comment events become notifications and `/ws/tasks/` messages
 * (`notifyOf`); tasks' word that folders changed becomes `folders_changed`.
 */
export const tasksConsumer: CoreConsumer<NotificationsTables> = {
  // Handling takes milliseconds; after a crash, what the dead process held comes back within 10 s.
  spec: { durable: 'notifications-tasks', stream: 'TASKS', ackWaitMs: 10_000 },
  handlers: {
    'tasks.task.created': notifyOf,
    'tasks.task.updated': notifyOf,
    'tasks.task.completed': notifyOf,
    'tasks.task.reopened': notifyOf,
    'tasks.task.progress': notifyOf,
    'tasks.task.assigned': notifyOf,
    'tasks.task.invited': notifyOf,
    // The recipient who accepted is not offered Accept again (after a reload either).
    'tasks.task.accepted': async (event, trx) => {
      await clearAcceptOffers(trx, event.data.taskId, event.data.userId);
      await notifyOf(event, trx);
    },
    // A deleted task has nothing left to open or accept.
    'tasks.task.deleted': async (event, trx) => {
      await forgetTask(trx, event.data.taskId);
      await notifyOf(event, trx);
    },
    'tasks.comment.created': notifyOf,
    'tasks.folders.changed': notifyOf,
  },
};
