import type { TasksTrx } from '../../context';

/**
 * Completing this occurrence makes the next one: true once, for the first completion, whatever races it (other
 * requests, other replicas: the row's lock orders them, and the others find `next_made` already set). The
 * task's columns for the winner; undefined for everyone else, and for a task that does not repeat.
 */
export const claimNextOccurrence = (trx: TasksTrx, taskId: string) =>
  trx
    .updateTable('tasks')
    .set({ next_made: true })
    .where('id', '=', taskId)
    .where('next_made', '=', false)
    .where('recurrence', 'is not', null)
    .returning([
      'owner_id',
      'owner_email',
      'kind',
      'title',
      'description',
      'due_date',
      'priority',
      'folder_id',
      'recipient_id',
      'reminder_days_before',
      'reminder_hour',
      'overdue_notice',
      'declined_by_id',
      'declined_by_email',
      'declined_by_name',
      'decline_reason',
      'declined_at',
      'recurrence',
      'series_id',
      'series_start',
    ])
    .executeTakeFirst();

/** The task's recipient entry, if it has one. */
export const recipientEntryOf = (trx: TasksTrx, taskId: string) =>
  trx
    .selectFrom('task_recipients')
    .select(['email', 'user_id', 'accepted_at', 'is_trusted'])
    .where('task_id', '=', taskId)
    .executeTakeFirst();
