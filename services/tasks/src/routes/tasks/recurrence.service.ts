import { randomUUID } from 'node:crypto';
import { enqueueEvent } from '@baton/service-kit';
import type { TasksTrx } from '../../context';
import { nextDueDate } from './recurrence';
import { claimNextOccurrence, recipientEntryOf } from './recurrence.repository';
import { audienceOf, insertRecipientRow, insertTaskRow, taskViewIn, toTask } from './tasks.repository';

/**
 * A repeating task was completed: its next occurrence, once (`claimNextOccurrence`), with the next due date
 * of its rule, unless the series ended. The same owner, kind, recipient (its entry copied: accepted stays
 * accepted, trusted stays trusted; a declined task stays declined), folder, priority, reminder, overdue notice,
 * rule and series; no attachment, no progress. Its id, or null when none was made.
 */
export async function makeNextOccurrence(trx: TasksTrx, actorId: string, taskId: string) {
  const done = await claimNextOccurrence(trx, taskId);
  if (!done?.recurrence || !done.series_start || !done.due_date) return null;
  const dueDate = nextDueDate(done.recurrence, done.series_start, done.due_date);
  if (!dueDate) return null;
  const id = randomUUID();
  await insertTaskRow(trx, { ...done, id, due_date: dueDate });
  const entry = await recipientEntryOf(trx, taskId);
  if (entry) await insertRecipientRow(trx, { ...entry, task_id: id });
  const view = await taskViewIn(trx, id);
  await enqueueEvent(trx, 'tasks.task.created', {
    actorId,
    audience: audienceOf(view),
    data: { task: toTask(view, view.owner_id) },
  });
  return id;
}
