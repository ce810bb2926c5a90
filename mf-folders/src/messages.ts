import { fileMessages, folderMessages } from '@baton/contracts/constants';

/** Every sentence of the folders views (SPEC §2, §5, §8), word for word where the spec gives words. */
export const messages = {
  nameRequired: folderMessages.nameRequired,
  nameTooLong: folderMessages.nameTooLong,
  labelTooLong: folderMessages.labelTooLong,
  fileTooLarge: folderMessages.fileTooLarge,
  uploadFailed: fileMessages.uploadRetry,
  createFailed: folderMessages.createFailed,
  deleteFailed: folderMessages.deleteFailed,
  saveFailed: 'Failed to save folder.',
  archiveFailed: 'Failed to archive folder.',
  restoreFailed: 'Failed to restore folder.',
  fileFailed: 'Failed to move the tasks to the folder.',
  loading: 'Loading Folders...',
  viewLoading: 'Loading folder…',
  unavailable: 'Folders is unavailable right now.',
  tasksStillWork: 'Your tasks keep working.',
  offline: "You're offline. Your folders will show when the connection returns.",
  empty: 'No folders yet. Create one to group your tasks.',
  archivedEmpty: 'No archived folders.',
  gone: 'This folder no longer exists.',
} as const;
