import { fire } from '../reminders/reminders.service';
import type { JobHandler } from './index';

/** A task's reminder, to its doer, at the moment they chose before the due date. */
export const reminderJob: JobHandler = (payload, { deps }) =>
  deps.write(async (trx) => {
    await fire('reminder', payload, trx, deps.config);
  });

/** An overdue notice, to the doer (and the delegator who asked), the morning after the due date. */
export const overdueJob: JobHandler = (payload, { deps }) =>
  deps.write(async (trx) => {
    await fire('overdue', payload, trx, deps.config);
  });
