import { fileMessages, identityMessages } from '@baton/contracts/constants';

/** Every sentence of the Settings view (SPEC §2, §5, §8), word for word. */
export const messages = {
  passwordFillAll: identityMessages.changeFillAll,
  passwordMismatch: identityMessages.changeMismatch,
  passwordTooShort: identityMessages.changeTooShort,
  passwordFailed: 'Failed to update password.',
  passwordChanged: identityMessages.changeDone,
  soundSaveFailed: 'Could not save this to your account; it still applies on this device.',
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
  deletePhrase: 'delete',
  deleteDone: identityMessages.deleteDone,
  deleteFailed: 'Failed to delete account.',
} as const;
