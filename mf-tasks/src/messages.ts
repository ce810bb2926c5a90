import { taskMessages } from '@baton/contracts/constants';

/** Every sentence of the tasks views (SPEC §2, §5, §8), word for word where the spec gives words. */
export const messages = {
  formRequired: taskMessages.required,
  formRecipient: taskMessages.recipient,
  formFailed: 'Failed to add task. Please try again.',
  formNetwork: 'Network error. Please check your connection and try again.',
  invitationSent: `${taskMessages.recipientNotFound} Baton`,
  listLoading: 'Loading tasks…',
  listFailed: 'Failed to load tasks.',
  progressFailed: 'Failed to save progress.',
  changeFailed: 'Failed to save the change.',
  deleteFailed: 'Failed to delete task.',
  historyLoading: 'Loading history…',
  historyEmpty: 'No progress updates yet.',
  historyFailed: 'Failed to load the history.',
  acceptLoading: 'Loading task details...',
  acceptInvalid: taskMessages.invalidLink,
  dashboardFailed: 'Failed to load dashboard data.',
} as const;
