import { fileMessages, identityMessages, transferMessages } from '@baton/contracts/constants';

/** Every sentence of the Settings view (SPEC §2, §5, §8), word for word. */
export const messages = {
  passwordFillAll: identityMessages.changeFillAll,
  passwordMismatch: identityMessages.changeMismatch,
  passwordTooShort: identityMessages.changeTooShort,
  passwordFailed: 'Failed to update password.',
  passwordChanged: identityMessages.changeDone,
  soundSaveFailed: 'Could not save this to your account; it still applies on this device.',
  preferencesLoading: 'Loading notification preferences…',
  preferencesLoadFailed: 'Failed to load notification preferences.',
  preferencesSaved: 'Saved',
  preferencesSaveFailed: 'Could not save this change.',
  preferencesRolledBack: 'It is back as it was.',
  acceptLinksAlwaysMailed: 'Links to accept a task always come by e-mail: they are how you accept it.',
  digestOff: 'The digest is off: e-mails set to "In the digest" are not sent.',
  testDigestFailed: 'Could not send a test digest. Please try again.',
  timezoneHint: (detected: string) =>
    `Reminders, overdue notices and digests follow it. This browser is in ${detected}.`,
  trustedEmailRequired: identityMessages.trustedEmailRequired,
  trustedAdded: (email: string) => `${email} added as trusted.`,
  trustedAddFailed: 'Failed to add trusted user.',
  trustedRemoved: identityMessages.trustedRemoved,
  trustedRemoveFailed: 'Failed to remove trusted user.',
  trustedLoading: 'Loading trusted users…',
  trustedLoadFailed: 'Failed to load trusted users.',
  trustedEmpty: 'No trusted users added yet. Add your first trusted user above.',
  storageLoading: 'Loading storage use…',
  storageLoadFailed: 'Failed to load storage use.',
  storageUsed: fileMessages.storageUsed,
  storageHint: 'Attachments and base files count, and uploads under way. Files you remove stop counting.',
  exportFailed: 'Could not export your tasks. Please try again.',
  exportDone: (fileName: string) => `${fileName} downloaded.`,
  importHint:
    'A Todoist CSV export, a Trello board JSON export, or a file exported from Baton (CSV or JSON).',
  importChooseFile: 'Choose a file to import.',
  importEmpty: transferMessages.importEmpty,
  importTooLarge: transferMessages.importTooLarge,
  importUnreadable: 'Could not read this file.',
  importFailed: 'Could not import this file. Please try again.',
  importNothing: 'Nothing in this file can be imported: every row is a duplicate or cannot be a task.',
  importPreviewReady: (created: number, leftOut: number) =>
    `${tasksCount(created)} will be created${leftOut ? `, ${rowsCount(leftOut)} left out` : ''}.`,
  feedLoading: 'Loading your calendar address…',
  feedLoadFailed: 'Failed to load your calendar address.',
  feedRotated: transferMessages.feedRotated,
  feedRotateFailed: 'Could not make a new address. Please try again.',
  feedCopied: 'Address copied.',
  feedCopyByHand:
    'Copying is not allowed here: the address is selected, press Ctrl+C (⌘C on a Mac) to copy it.',
  deletePhrase: 'delete',
  deleteDone: identityMessages.deleteDone,
  deleteFailed: 'Failed to delete account.',
} as const;

/** "1 task", "12 tasks". */
export const tasksCount = (n: number) => `${n} ${n === 1 ? 'task' : 'tasks'}`;
/** "1 row", "3 rows". */
export const rowsCount = (n: number) => `${n} ${n === 1 ? 'row' : 'rows'}`;
