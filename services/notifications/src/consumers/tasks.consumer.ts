import type { CoreConsumer } from '@baton/service-kit';
import type { NotificationsConfig } from '../config';
import type { NotificationsTrx } from '../context';
import type { NotificationsTables } from '../db/schema';
import { followAcceptance, followDeletion, followTaskChange } from '../reminders/reminders.service';
import {
  clearAcceptOffers,
  forgetTask,
  forgetTaskFor,
} from '../routes/notifications/notifications.repository';
import { notifierOf } from '../routes/notifications/notifications.service';

/**
 * `notifications-tasks`: task and comment events become notifications and `/ws/tasks/` messages
 * (`notifyOf`), and move, cancel or schedule the tasks' reminders and overdue notices (`follow…`); tasks' word
 * that folders changed becomes `folders_changed`.
 */
export const tasksConsumer = (config: NotificationsConfig): CoreConsumer<NotificationsTables> => {
  const notifyOf = notifierOf(config);
  const notifyAndFollow = (event: Parameters<typeof followTaskChange>[0], trx: NotificationsTrx) =>
    notifyOf(event, trx).then(() => followTaskChange(event, trx));
  return {
    // Handling takes milliseconds; after a crash, what the dead process held comes back within 10 s.
    spec: { durable: 'notifications-tasks', stream: 'TASKS', ackWaitMs: 10_000 },
    handlers: {
      'tasks.task.created': notifyAndFollow,
      'tasks.task.updated': notifyAndFollow,
      'tasks.task.completed': notifyAndFollow,
      'tasks.task.reopened': notifyAndFollow,
      'tasks.task.progress': notifyOf,
      'tasks.task.assigned': notifyAndFollow,
      'tasks.task.invited': notifyAndFollow,
      // The recipient who accepted is not offered Accept again (after a reload either).
      'tasks.task.accepted': async (event, trx) => {
        await clearAcceptOffers(trx, event.data.taskId, event.data.userId);
        await notifyOf(event, trx);
        await followAcceptance(event, trx);
      },
      // A deleted task has nothing left to open or accept.
      'tasks.task.deleted': async (event, trx) => {
        await forgetTask(trx, event.data.taskId);
        await notifyOf(event, trx);
        await followDeletion(event, trx);
      },
      // The delegation loop: whoever lost the task (declined, reassigned away) has nothing left to open or accept.
      'tasks.task.declined': async (event, trx) => {
        await forgetTaskFor(trx, event.data.task.id, event.data.recipientId);
        await notifyAndFollow(event, trx);
      },
      'tasks.task.reassigned': async (event, trx) => {
        const { task, previousRecipientId } = event.data;
        if (previousRecipientId) await forgetTaskFor(trx, task.id, previousRecipientId);
        await notifyAndFollow(event, trx);
      },
      'tasks.task.date_proposed': notifyAndFollow,
      'tasks.task.proposal_answered': notifyAndFollow,
      'tasks.task.nudged': notifyOf,
      'tasks.comment.created': notifyOf,
      'tasks.folders.changed': notifyOf,
    },
  };
};
