/**
 * Constants and sentences without a schema library, so front ends can import them
 * (`@baton/contracts/constants`) without shipping zod.
 */

/** Limits and constants of SPEC §9 that both sides enforce. */
export const limits = {
  passwordMin: 8,
  folderName: 50,
  baseFileLabel: 60,
  /** Any uploaded file: a task attachment or a folder's base file (SPEC §5, §9: 25 MB). */
  fileBytes: 26_214_400,
  progressNote: 200,
  progressStep: 5,
  emailMax: 254,
  nameMax: 150,
  titleMax: 200,
  descriptionMax: 10_000,
  commentMax: 5_000,
  /** Comments one person may add in a minute, over REST and sockets together. */
  commentsPerMinute: 30,
  /**
   * Whole lists (a list route without `page`) one person may ask for in a minute, the three lists together:
   * a client that syncs all three every 6 seconds stays under it; one that asks in a loop at 10,000 tasks
   * (0.2-0.4 s of a core each) gets a tenth to a fifth of a core, not all it can take. Pages are not counted.
   */
  wholeListsPerMinute: 30,
  /** Tasks per page of a paged list: the default, and the most one request may ask for. */
  pageSize: 50,
  pageSizeMax: 100,
  idsMax: 500,
  /** A decline's reason and a date proposal's note. */
  reasonMax: 200,
  /** An RRULE as the task form sends it. */
  recurrenceMax: 255,
  /** One import file (Todoist CSV, Trello JSON, or Baton's own export), as text. */
  importBytes: 8_388_608,
  /**
   * The request that carries it (the gateway's and tasks' body limit of `POST /api/import/`): twice the file,
   * for its text as a JSON string (quotes, backslashes and line ends each take two bytes), and the envelope.
   */
  importBodyBytes: 16_842_752,
  /** Rows one import may create. */
  importRowsMax: 10_000,
  /** Hours between two nudges of one task. */
  nudgeHours: 24,
  /** A search's text, and the most results one search may ask for (and the default). */
  searchMax: 200,
  searchResultsMax: 50,
  searchResults: 20,
  /** A saved view's name and query string, and how many views one person may keep. */
  viewName: 60,
  viewQuery: 1_000,
  viewsMax: 50,
  /** Tasks one bulk action may change, and how long the server keeps a bulk change to undo it. */
  bulkMax: 200,
  bulkUndoSeconds: 60,
} as const;

/** E-mail as the task form checks it: something, @, something, dot, something. */
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Every sentence identity answers with; the shell shows them word for word (SPEC §5, §8). */
export const identityMessages = {
  loginRequired: 'Email and password are required.',
  invalidCredentials: 'Invalid email or password.',
  signupRequired: 'All fields are required.',
  invalidEmail: 'Enter a valid email address.',
  signupPasswordMismatch: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 8 characters.',
  passwordTooWeak:
    'This password is too easy to guess. Try a longer phrase of words that do not go together.',
  signupDone: 'Check your e-mail: we sent a link to confirm your address. You can sign in now.',
  verifyInvalid: 'Invalid or expired link.',
  verifyDone: 'Your e-mail address is confirmed.',
  verifySent: (email: string) => `We sent a new link to ${email}.`,
  verifyAlready: 'Your e-mail address is already confirmed.',
  resetRequested: 'If the email exists, a reset link has been sent.',
  resetEmailRequired: 'Email is required.',
  resetFillAll: 'Please fill in all fields.',
  resetPasswordMismatch: 'Passwords do not match.',
  resetInvalid: 'Invalid or expired reset link.',
  resetDone: 'Password has been reset. You can now log in.',
  changeFillAll: 'Please fill in all password fields.',
  changeMismatch: 'New password and confirmation do not match.',
  changeTooShort: 'New password must be at least 8 characters long.',
  changeWrongCurrent: 'Current password is incorrect.',
  changeDone: 'Password updated successfully.',
  deletePhrase: 'Please type "delete" to confirm.',
  deletePasswordRequired: 'Please enter your password to confirm.',
  deleteWrongPassword: 'Incorrect password.',
  deleteDone: 'Account deleted. Goodbye!',
  refreshRequired: 'Refresh token is required.',
  refreshInvalid: 'Token is invalid or expired',
  loggedOut: 'Logged out.',
  trustedEmailRequired: 'Please enter an email.',
  trustedSelf: 'You cannot add yourself as a trusted user.',
  trustedExists: 'This user is already in your trusted list.',
  trustedInvited: 'User not found, invitation sent to join Baton.',
  trustedInviteAgain: 'An invitation was already sent to this email.',
  trustedNotFound: 'Trusted user not found.',
  trustedRemoved: 'Trusted user removed.',
  /** What a limited caller is told, matching the Retry-After it gets. */
  rateLimited: (retryAfterSeconds: number) =>
    retryAfterSeconds <= 60
      ? 'Too many attempts. Please wait a minute and try again.'
      : `Too many attempts. Please try again in ${Math.ceil(retryAfterSeconds / 60)} minutes.`,
} as const;

/** What a person is told when the mails their actions send are capped (per recipient, per sender). */
export const mailMessages = {
  tooManyToRecipient: (retryAfterSeconds: number) =>
    `You have sent too many e-mails to this address. Please try again in ${Math.ceil(retryAfterSeconds / 60)} minutes.`,
  tooManyFromSender: (retryAfterSeconds: number) =>
    `You have sent too many e-mails. Please try again in ${Math.ceil(retryAfterSeconds / 60)} minutes.`,
} as const;

/** Sentences of the task form and the accept link that the server and the tasks views share (SPEC §5, §8). */
export const taskMessages = {
  required: 'Please fill out all required fields, including the PRIORITY.',
  recipient: 'Enter a valid email or select a trusted user from suggestions.',
  recipientNotFound: 'User not found, invitation sent to join',
  invalidLink: 'Invalid or expired link.',
  pageSize: `Page size must be a whole number from 1 to ${limits.pageSizeMax}.`,
  badCursor: 'This list position is not valid: load the list again.',
  /** A whole list asked for past `limits.wholeListsPerMinute`, with the wait Retry-After says. */
  wholeListTooOften: (retryAfterSeconds: number) =>
    `You asked for your whole list too often: wait ${retryAfterSeconds} ${retryAfterSeconds === 1 ? 'second' : 'seconds'}, or ask for it a page at a time.`,
} as const;

/** Sentences of declining, proposing a date, reassigning and nudging (the server and the dialogs share them). */
export const delegationMessages = {
  reasonRequired: 'Please say why you decline (1 to 200 characters).',
  reasonTooLong: `A reason can be at most ${limits.reasonMax} characters.`,
  noteTooLong: `A note can be at most ${limits.reasonMax} characters.`,
  declined: 'Task declined. The sender has been told.',
  /** The delegator's card. */
  declinedBy: (name: string, reason: string) => `Declined by ${name}: ${reason}`,
  /** What an accept link of a declined task says. */
  linkDeclined: 'You declined this task, so this link no longer works.',
  onlyRecipient: 'Only the recipient of this task can do that.',
  onlyOwner: 'Only the person who delegated this task can do that.',
  notDelegated: 'Only a delegated task can be declined, rescheduled, reassigned or nudged.',
  completed: 'This task is already completed.',
  proposalDate: 'Propose a due date as a calendar date (YYYY-MM-DD).',
  proposalOpen: 'This task already has an open proposal: wait for the answer.',
  proposalSameDate: 'Propose a date other than the current due date.',
  proposed: 'Your proposal was sent.',
  noProposal: 'This task has no open proposal.',
  proposalAccepted: 'Proposal accepted: the due date moved.',
  proposalRejected: 'Proposal declined: the due date stays.',
  reassigned: 'Task reassigned.',
  reassignSame: 'This task is already with that person.',
  tookBack: 'The task is yours again, as a personal task.',
  nudged: 'Reminder sent.',
  noRecipient: 'Nobody holds this task now: reassign it first.',
  nudgeTooSoon: (retryAfterSeconds: number) =>
    `You nudged about this task less than ${limits.nudgeHours} hours ago. You can nudge again in ${Math.ceil(retryAfterSeconds / 3600)} hours.`,
} as const;

/** Sentences of repeating tasks. */
export const recurrenceMessages = {
  invalid:
    'This repeat rule is not one Baton understands. Repeat daily, on weekdays, weekly on chosen days, monthly on a day, or yearly.',
  tooLong: `A repeat rule can be at most ${limits.recurrenceMax} characters.`,
  needsDueDate: 'A repeating task needs a due date.',
} as const;

/** Sentences of the calendar feed, the export and the import. */
/** Search, filters, saved views and bulk actions (beyond SPEC). */
export const findMessages = {
  searchRequired: 'Type something to search for.',
  searchTooLong: `Search for at most ${limits.searchMax} characters.`,
  searchLimit: `Ask for 1 to ${limits.searchResultsMax} results.`,
  badFilter: 'This filter is not one Baton knows.',
  badRange: 'A date range needs a start and an end, the start first.',
  viewNameRequired: 'Give the view a name.',
  viewNameTooLong: `A view's name has at most ${limits.viewName} characters.`,
  viewQueryTooLong: `A view's filters take at most ${limits.viewQuery} characters.`,
  viewsFull: `You have ${limits.viewsMax} saved views: delete one to save another.`,
  viewNotFound: 'This view was not found.',
  bulkEmpty: 'Select at least one task.',
  bulkTooMany: `Change at most ${limits.bulkMax} tasks at once.`,
  bulkDuplicate: 'The same task is listed twice.',
  bulkBadAction: 'Choose complete, priority, due_date, folder or delete.',
  bulkBadValue: 'This value does not fit the action.',
  /** All or nothing: one task the person may not change refuses the whole action. */
  bulkForbidden: 'You may not change one or more of these tasks; nothing was changed.',
  bulkNotFound: 'One or more of these tasks no longer exist; nothing was changed.',
  undoExpired: 'This change can no longer be undone.',
  undoConflict: 'These tasks changed since; the change was not undone.',
} as const;

export const transferMessages = {
  feedRotated: 'Your calendar address changed: subscribe again with the new one.',
  /** A feed address that was replaced, or whose account is gone. */
  feedNotFound: 'This calendar address is not in use: copy the current one from Baton.',
  importEmpty: 'The file is empty.',
  importTooLarge: `The file is too large: import at most ${Math.round(limits.importBytes / 1_048_576)} MB at a time.`,
  importTooManyRows: `The file holds more than ${limits.importRowsMax} tasks: split it and import each part.`,
  importUnknownFormat: 'This file is not a Todoist CSV export, a Trello board JSON export or a Baton export.',
  duplicate: 'A task with this title and due date exists already.',
  noTitle: 'The row has no title.',
  titleTooLong: 'The title is longer than 200 characters.',
  badDate: 'The due date is not a date.',
  descriptionTooLong: `The description is longer than ${limits.descriptionMax} characters.`,
  closedCard: 'The card is archived in Trello.',
  closedList: "The card's list is archived in Trello.",
  unreadable: 'The file could not be read: export it again and import the file as it was saved.',
  imported: (created: number) => `${created} ${created === 1 ? 'task' : 'tasks'} imported.`,
  preview: (created: number) =>
    `${created} ${created === 1 ? 'task' : 'tasks'} will be imported. Confirm to import ${created === 1 ? 'it' : 'them'}.`,
} as const;

/** Sentences of comments (SPEC §5, §8), shared by the tasks service, the gateway and the comments panel. */
export const commentMessages = {
  empty: 'Comment cannot be empty.',
  tooLong: `A comment can be at most ${limits.commentMax} characters.`,
  notYou: 'You can only comment as yourself.',
  personal: 'Personal tasks have no comments.',
  tooFast: (retryAfterSeconds: number) =>
    `You are commenting too fast. Please wait ${retryAfterSeconds} ${retryAfterSeconds === 1 ? 'second' : 'seconds'} and try again.`,
  /** SPEC §8, what the panel shows. */
  loadFailed: 'Failed to load comments',
  connection: 'Connection error',
  network: 'Network error. Please try again.',
  saveFailed: 'Failed to save comment',
} as const;

/** Sentences of uploads, previews and downloads (SPEC §7, §8), shared by the files service and the views. */
const sizeUnits = ['KB', 'MB', 'GB'] as const;

/** A size for people, in binary units as the 25 MB limit is: "512 B", "1.2 MB", "25 MB". */
export function formatFileSize(bytes: number) {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${Math.max(0, Math.round(bytes || 0))} B`;
  let value = bytes;
  let unit: (typeof sizeUnits)[number] = 'KB';
  for (const next of sizeUnits) {
    value /= 1024;
    unit = next;
    if (value < 1024) break;
  }
  // One decimal, without a trailing ".0".
  return `${Number(value.toFixed(1))} ${unit}`;
}

export const fileMessages = {
  tooLarge: 'File is too large. Max 25 MB.',
  empty: 'The file is empty.',
  /** SPEC §7: what the presign call's failure shows. */
  uploadFailed: 'Upload failed',
  uploadRetry: 'Failed to upload file. Please try again.',
  notYours: 'This upload does not exist or is not yours.',
  notStored: 'The file has not been uploaded yet.',
  inUse: 'This file is already attached elsewhere.',
  urlMismatch: 'The attachment URL does not match the uploaded file.',
  noAttachment: 'This task has no attachment.',
  /** Storage quota: what is used and what is allowed. */
  quotaFull: (usedBytes: number, quotaBytes: number) =>
    `Not enough storage left: your files take ${formatFileSize(usedBytes)} of your ${formatFileSize(quotaBytes)}. Remove attachments you no longer need, then try again.`,
  storageUsed: (usedBytes: number, quotaBytes: number) =>
    `${formatFileSize(usedBytes)} of ${formatFileSize(quotaBytes)} used`,
  tooManyUploads: (retryAfterSeconds: number) =>
    `You are uploading too many files at once. Please wait ${retryAfterSeconds} ${retryAfterSeconds === 1 ? 'second' : 'seconds'} and try again.`,
  noBaseFile: 'This folder has no base file.',
  previewUnavailable: 'Preview not available',
  previewFailed: 'Failed to preview file',
  previewInvalid: 'Invalid preview payload',
  previewNoSubject: 'Either taskId or folderId must be provided',
  previewLoadFailed: 'Failed to load preview',
  previewUnsupported: 'Preview not supported: This file type cannot be previewed online',
  downloadToView: 'Download to view',
  downloadFailed: 'Failed to download',
  downloadNoUrl: 'No download URL returned',
  downloadError: 'Download failed',
} as const;

/** SPEC §3 Folder: the palette, by colour name, and the default colour (Blue). */
export const folderPalette = {
  Blue: '#4299E1',
  Orange: '#ED8936',
  Purple: '#9F7AEA',
  Teal: '#38B2AC',
  Pink: '#ED64A6',
  Indigo: '#6366F1',
  Cyan: '#06B6D4',
  Slate: '#64748B',
} as const;
export const defaultFolderColor = folderPalette.Blue;

/** Sentences of the folder forms that the server and the folders views share (SPEC §5, §8). */
export const folderMessages = {
  nameRequired: 'Folder name is required.',
  nameTooLong: 'Folder name must be at most 50 characters.',
  labelTooLong: 'Display name must be at most 60 characters.',
  palette: 'Choose a colour from the palette.',
  fileTooLarge: 'File is too large. Max 25 MB.',
  notYourTasks: 'Only your own personal tasks can be put in a folder.',
  notFound: 'Folder not found.',
  createFailed: 'Failed to create folder.',
  deleteFailed: 'Failed to delete folder. Please try again.',
} as const;

/** Why the server closed a socket, as close codes a client can act on. */
export const wsCloseCodes = {
  /** The access token expired: reconnect with a renewed one. */
  tokenExpired: 4001,
  /** The session ended (logout, password change, account deletion): sign in again. */
  sessionRevoked: 4003,
  /** The task is gone, or the person may no longer see it: do not reconnect. */
  taskGone: 4004,
  /** The client sent messages faster than a socket takes them: wait a few seconds, then reconnect. */
  tooManyMessages: 4029,
} as const;

/** The shell's pages that mails link to (services build the links; the shell serves the pages). */
export const pagePaths = {
  home: '/home',
  acceptTask: '/accept-task',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  /** One-click unsubscribe from a mail's footer link (`?token=`): the page confirms and POSTs it. */
  unsubscribe: '/unsubscribe',
} as const;

/** The shell's pages inside a session (the rest are public: landing, auth and legal pages). */
export const workspacePaths = [pagePaths.home, pagePaths.acceptTask] as const;
export type WorkspacePath = (typeof workspacePaths)[number];

/** What a person can be told about, each with its own channels (Settings → Notifications). */
export const notificationEvents = [
  'assigned',
  'invited',
  'accepted',
  'declined',
  'date_proposed',
  'proposal_answered',
  'reassigned',
  'nudged',
  'completed',
  'progress',
  'comment',
  'due_soon',
  'overdue',
] as const;
export type NotificationEvent = (typeof notificationEvents)[number];
/** The languages Baton speaks (its screens and its mails); English is the source. */
export const languages = ['en', 'de'] as const;
export type Language = (typeof languages)[number];
export const emailModes = ['immediate', 'digest', 'off'] as const;
export type EmailMode = (typeof emailModes)[number];
export const digestFrequencies = ['off', 'hourly', 'daily', 'weekly'] as const;
export type DigestFrequency = (typeof digestFrequencies)[number];
/** The most days before its due date a reminder may fire. */
export const reminderDaysMax = 30;

/** The sentences of the notification preferences, reminders, unsubscribe and push routes. */
export const preferenceMessages = {
  unknownEvent: (name: string) =>
    `Unknown notification event "${name}". The events are ${notificationEvents.join(', ')}.`,
  unknownField: (name: string) => `Unknown field "${name}" in the notification preferences.`,
  badTimezone: 'Choose a time zone from the list (an IANA name such as Europe/Berlin).',
  badLanguage: 'Choose English (en) or German (de).',
  badEmailMode: 'E-mail must be "immediate", "digest" or "off".',
  badFrequency: 'Digest frequency must be "off", "hourly", "daily" or "weekly".',
  badHour: 'Hour must be a whole number from 0 to 23.',
  badWeekday: 'Weekday must be a whole number from 0 (Sunday) to 6 (Saturday).',
  badSwitch: 'In the app and push must be true or false.',
  saved: 'Notification preferences saved.',
  testDigestSent: (email: string) => `A test digest is on its way to ${email}.`,
  unsubscribeInvalid: 'This unsubscribe link is invalid or no longer works.',
  unsubscribed: (what: string) =>
    `You will no longer get e-mails about ${what}. Change this in Settings at any time.`,
  badReminder: `A reminder is days before the due date (0 to ${reminderDaysMax}) at an hour (0 to 23), or none.`,
  badPushSubscription: 'This push subscription is not one Baton can deliver to.',
  pushOn: 'Push notifications are on for this device.',
  pushOff: 'Push notifications are off for this device.',
} as const;
