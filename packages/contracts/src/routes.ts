import { z } from 'zod';
import { idParam, messageResponse } from './common';
import * as delegation from './delegation';
import * as files from './files';
import * as find from './find';
import * as folders from './folders';
import * as identity from './identity';
import * as notifications from './notifications';
import * as preferences from './preferences';
import * as tasks from './tasks';
import * as transfer from './transfer';
import * as ws from './ws';

export const serviceNames = ['identity', 'tasks', 'folders', 'notifications', 'files'] as const;
export type ServiceName = (typeof serviceNames)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The error statuses /openapi.json documents, each with the shared error body (openapi.ts says what each means). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503;

export interface RouteContract {
  method: HttpMethod;
  /** The path exactly as SPEC §7 writes it, with `{param}` placeholders. */
  path: string;
  service: ServiceName;
  /** Whether the gateway demands a valid access token before forwarding. */
  auth: boolean;
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response?: z.ZodType;
  /** Success status when it is not 200. */
  status?: number;
  /**
   * Error statuses beyond those the contract implies (400 with any input, 401 with `auth`, 404 with `params`,
   * 413 and 415 with a body, 503 always): e.g. 403, 404 for an id in the body, 409, 429 where a limit applies.
   */
  errors?: readonly ErrorStatus[];
}

/** Keeps each route's own schema types (a handler's input and answer types come from them). */
const route = <const R extends RouteContract>(r: R) => r;

/** Every REST route of SPEC §7 and its owning service. */
export const routes = {
  // Session and account (identity)
  tokenCheck: route({
    method: 'GET',
    path: '/api/token/check/',
    service: 'identity',
    auth: true,
    summary: 'Session check',
    response: identity.tokenCheckResponse,
  }),
  tokenRefresh: route({
    method: 'POST',
    path: '/api/token/refresh/',
    service: 'identity',
    auth: false,
    summary: 'Rotate a refresh token',
    body: identity.refreshRequest,
    response: identity.refreshResponse,
    errors: [401, 429],
  }),
  // The refresh token itself is the credential: logging out must work after the access token expired.
  logout: route({
    method: 'POST',
    path: '/api/logout/',
    service: 'identity',
    auth: false,
    summary: 'Revoke the session of a refresh token',
    body: identity.logoutRequest,
    response: messageResponse,
  }),
  login: route({
    method: 'POST',
    path: '/login/',
    service: 'identity',
    auth: false,
    summary: 'Sign in',
    body: identity.loginRequest,
    response: identity.loginResponse,
    errors: [401, 429],
  }),
  signup: route({
    method: 'POST',
    path: '/user_signup/',
    service: 'identity',
    auth: false,
    summary: 'Create an account',
    body: identity.signupRequest,
    response: identity.signupResponse,
    status: 201,
    errors: [429],
  }),
  verifyEmail: route({
    method: 'POST',
    path: '/api/auth/verify-email/',
    service: 'identity',
    auth: false,
    summary: 'Confirm the e-mail address with the mailed link (beyond SPEC)',
    body: identity.verifyEmailRequest,
    response: messageResponse,
    errors: [429],
  }),
  resendVerification: route({
    method: 'POST',
    path: '/api/auth/verify-email/resend/',
    service: 'identity',
    auth: true,
    summary: 'Mail a new confirmation link (beyond SPEC)',
    body: identity.verifyResendRequest,
    response: messageResponse,
    errors: [429],
  }),
  requestPasswordReset: route({
    method: 'POST',
    path: '/api/auth/password-reset/request/',
    service: 'identity',
    auth: false,
    summary: 'Mail a password reset link',
    body: identity.passwordResetRequest,
    response: messageResponse,
    errors: [429],
  }),
  checkPasswordReset: route({
    method: 'POST',
    path: '/api/auth/password-reset/check/',
    service: 'identity',
    auth: false,
    summary: 'Whether a reset link still works (beyond SPEC: its page says so before the form)',
    body: identity.passwordResetCheckRequest,
    response: identity.passwordResetCheckResponse,
    errors: [429],
  }),
  confirmPasswordReset: route({
    method: 'POST',
    path: '/api/auth/password-reset/confirm/',
    service: 'identity',
    auth: false,
    summary: 'Set a new password from a reset link',
    body: identity.passwordResetConfirmRequest,
    response: messageResponse,
    errors: [429],
  }),
  changePassword: route({
    method: 'POST',
    path: '/api/settings/change-password/',
    service: 'identity',
    auth: true,
    summary: 'Change the password',
    body: identity.changePasswordRequest,
    response: messageResponse,
    errors: [429],
  }),
  deleteAccount: route({
    method: 'POST',
    path: '/delete-account/',
    service: 'identity',
    auth: true,
    summary: 'Delete the account',
    body: identity.deleteAccountRequest,
    response: messageResponse,
  }),
  getPreferences: route({
    method: 'GET',
    path: '/api/settings/preferences/',
    service: 'identity',
    auth: true,
    summary: "The account's preferences (beyond SPEC §7: the sound setting follows the person)",
    response: identity.preferences,
  }),
  updatePreferences: route({
    method: 'PUT',
    path: '/api/settings/preferences/',
    service: 'identity',
    auth: true,
    summary: "Save the account's preferences",
    body: identity.preferences,
    response: identity.preferences,
  }),
  // Trusted users (identity)
  listTrustedUsers: route({
    method: 'GET',
    path: '/api/settings/trusted-users/',
    service: 'identity',
    auth: true,
    summary: 'List trusted users',
    response: identity.trustedUserList,
  }),
  trustOrInvite: route({
    method: 'POST',
    path: '/api/settings/trusted-users/',
    service: 'identity',
    auth: true,
    summary: 'Trust a user by e-mail (invites unknown e-mails)',
    body: identity.addTrustedUserRequest,
    response: identity.addTrustedUserResponse,
    errors: [409],
  }),
  trustUser: route({
    method: 'POST',
    path: '/trusted-users/',
    service: 'identity',
    auth: true,
    summary: 'Trust a user by e-mail',
    body: identity.createTrustedUserRequest,
    response: identity.createTrustedUserResponse,
    errors: [409],
  }),
  removeTrustedUser: route({
    method: 'DELETE',
    path: '/trusted-users/{id}/',
    service: 'identity',
    auth: true,
    summary: 'Remove a trusted user',
    params: idParam,
    response: messageResponse,
  }),
  // Accepting (tasks)
  readAcceptLink: route({
    method: 'GET',
    path: '/activate/{uidb64}/{token}/{taskId}/{action}',
    service: 'tasks',
    auth: true,
    summary: 'Read an acceptance link',
    params: tasks.activateParams,
    response: tasks.activateResponse,
    errors: [403],
  }),
  acceptTask: route({
    method: 'POST',
    path: '/accept_task',
    service: 'tasks',
    auth: true,
    summary: 'Accept an invitation or assignment',
    body: tasks.acceptTaskRequest,
    response: messageResponse,
    errors: [403, 404, 409],
  }),
  // Closing the loop of a delegated task (tasks, beyond SPEC §7)
  declineTask: route({
    method: 'POST',
    path: '/decline_task',
    service: 'tasks',
    auth: true,
    summary:
      'The recipient (pending or accepted) declines, with a reason; the task goes back to the delegator',
    body: delegation.declineTaskRequest,
    response: messageResponse,
    errors: [403, 404, 409],
  }),
  proposeDueDate: route({
    method: 'POST',
    path: '/propose_due_date',
    service: 'tasks',
    auth: true,
    summary: 'The recipient proposes another due date, with a note (one open proposal per task)',
    body: delegation.proposeDueDateRequest,
    response: messageResponse,
    errors: [403, 404, 409],
  }),
  answerProposal: route({
    method: 'POST',
    path: '/answer_proposal',
    service: 'tasks',
    auth: true,
    summary: 'The delegator accepts (the due date moves) or declines the open proposal',
    body: delegation.answerProposalRequest,
    response: messageResponse,
    errors: [403, 404, 409],
  }),
  reassignTask: route({
    method: 'POST',
    path: '/reassign_task',
    service: 'tasks',
    auth: true,
    summary:
      'The delegator hands the task to someone else (their own address: it becomes a personal task again)',
    body: delegation.reassignTaskRequest,
    response: tasks.taskWriteResponse,
    errors: [403, 404, 409],
  }),
  waitingTasks: route({
    method: 'GET',
    path: '/api/tasks/waiting/',
    service: 'tasks',
    auth: true,
    summary: 'Every open task I delegated, grouped by the person it waits on',
    response: delegation.waitingResponse,
  }),
  nudgeTask: route({
    method: 'POST',
    path: '/nudge/{taskId}/',
    service: 'tasks',
    auth: true,
    summary: 'Remind the recipient of an open delegated task (at most once a day per task; 429 after)',
    params: tasks.taskIdParam,
    response: messageResponse,
    errors: [403, 409, 429],
  }),
  // Search, saved views and bulk actions (tasks, beyond SPEC §7)
  search: route({
    method: 'GET',
    path: '/api/search/',
    service: 'tasks',
    auth: true,
    summary:
      'Full-text search (typo-tolerant) over the titles, descriptions, progress notes, comments and attachment names of every task the person may see',
    query: find.searchQuery,
    response: find.searchResponse,
  }),
  listViews: route({
    method: 'GET',
    path: '/api/views/',
    service: 'tasks',
    auth: true,
    summary: "The person's saved views (a name and a list's URL query), by name",
    response: find.viewsResponse,
  }),
  saveView: route({
    method: 'POST',
    path: '/api/views/',
    service: 'tasks',
    auth: true,
    summary: 'Save a view by name (the same name replaces it)',
    body: find.viewRequest,
    response: find.view,
    status: 201,
    /** 409 viewsFull: limits.viewsMax views kept already (under other names). */
    errors: [409],
  }),
  deleteView: route({
    method: 'DELETE',
    path: '/api/views/{viewId}/',
    service: 'tasks',
    auth: true,
    summary: 'Delete a saved view',
    params: find.viewIdParam,
    response: messageResponse,
  }),
  bulkTasks: route({
    method: 'POST',
    path: '/api/tasks/bulk/',
    service: 'tasks',
    auth: true,
    summary:
      'Complete, set the priority or due date of, file or delete many tasks at once: all or nothing, each task checked as its own route would',
    body: find.bulkRequest,
    response: find.bulkResponse,
    errors: [403, 404],
  }),
  undoBulk: route({
    method: 'POST',
    path: '/api/tasks/bulk/undo/',
    service: 'tasks',
    auth: true,
    summary: 'Undo a bulk change as one change (deleted tasks come back whole)',
    body: find.bulkUndoRequest,
    response: find.bulkUndoResponse,
    errors: [404, 409],
  }),
  // Calendar feed, export and import (tasks, beyond SPEC §7)
  calendarFeed: route({
    method: 'GET',
    path: '/api/calendar/feed/',
    service: 'tasks',
    auth: true,
    summary: "The person's secret iCalendar feed address (made on first ask)",
    response: transfer.calendarFeedResponse,
  }),
  rotateCalendarFeed: route({
    method: 'POST',
    path: '/api/calendar/feed/',
    service: 'tasks',
    auth: true,
    summary: 'A new feed address; the old one answers 404 from now on',
    response: transfer.calendarFeedResponse,
  }),
  calendarFeedFile: route({
    method: 'GET',
    path: '/api/calendar/{token}/tasks.ics',
    service: 'tasks',
    auth: false,
    summary: 'The iCalendar feed (text/calendar): one all-day event per open task with a due date',
    params: transfer.calendarTokenParam,
  }),
  exportTasksCsv: route({
    method: 'GET',
    path: '/api/export/tasks.csv',
    service: 'tasks',
    auth: true,
    summary: 'Every task the person owns or receives, as CSV (streamed)',
  }),
  exportTasksJson: route({
    method: 'GET',
    path: '/api/export/tasks.json',
    service: 'tasks',
    auth: true,
    summary: 'Every task the person owns or receives, with comments and progress notes, as JSON (streamed)',
  }),
  importTasks: route({
    method: 'POST',
    path: '/api/import/',
    service: 'tasks',
    auth: true,
    summary:
      'Personal tasks from a Todoist CSV, a Trello board JSON or a Baton export: a preview, then with `confirm` the tasks',
    body: transfer.importRequest,
    response: transfer.importReport,
  }),
  // Tasks
  personalTasks: route({
    method: 'POST',
    path: '/api/tasks/personal/',
    service: 'tasks',
    auth: true,
    summary:
      'Personal tasks: all of them (streamed), or with `page` one page (keyset cursor) with the tab counts',
    body: tasks.taskListRequest,
    response: z.union([tasks.taskListResponse, tasks.taskPageResponse]),
    // 403: another person's address in `userEmail`; 429: whole lists asked for too often (pages are not).
    errors: [403, 429],
  }),
  assignedTasks: route({
    method: 'POST',
    path: '/get_assigned/',
    service: 'tasks',
    auth: true,
    summary:
      'Assigned tasks, both sides: all of them (streamed), or with `page` one page of one side with the tab counts',
    body: tasks.taskListRequest,
    response: z.union([tasks.taskListResponse, tasks.taskPageResponse]),
    errors: [403, 429],
  }),
  invitedTasks: route({
    method: 'POST',
    path: '/get_invited/',
    service: 'tasks',
    auth: true,
    summary:
      'Invited tasks, both sides: all of them (streamed), or with `page` one page of one side with the tab counts',
    body: tasks.taskListRequest,
    response: z.union([tasks.taskListResponse, tasks.taskPageResponse]),
    errors: [403, 429],
  }),
  savePersonalTask: route({
    method: 'POST',
    path: '/create_list',
    service: 'tasks',
    auth: true,
    summary: 'Create or update a personal task',
    body: tasks.taskForm,
    response: tasks.taskWriteResponse,
    errors: [403, 404],
  }),
  assignTask: route({
    method: 'POST',
    path: '/send_email/assign_user/',
    service: 'tasks',
    auth: true,
    summary: 'Assign a task to a user',
    body: tasks.delegateTaskForm,
    response: tasks.taskWriteResponse,
    status: 201,
    errors: [404],
  }),
  inviteToTask: route({
    method: 'POST',
    path: '/send_email/invite_user',
    service: 'tasks',
    auth: true,
    summary: 'Invite a user to a task',
    body: tasks.delegateTaskForm,
    response: tasks.taskWriteResponse,
    status: 201,
    errors: [404],
  }),
  editSharedTask: route({
    method: 'POST',
    path: '/edit_shared_task/',
    service: 'tasks',
    auth: true,
    summary: 'Edit a delegated task',
    body: tasks.editSharedTaskForm,
    response: tasks.taskWriteResponse,
    errors: [403, 404],
  }),
  deleteTask: route({
    method: 'POST',
    path: '/delete_list/{id}',
    service: 'tasks',
    auth: true,
    summary: 'Delete a task',
    params: idParam,
    body: tasks.deleteTaskRequest,
    response: messageResponse,
    errors: [403],
  }),
  completeTask: route({
    method: 'POST',
    path: '/completed/{id}',
    service: 'tasks',
    auth: true,
    summary: 'Complete or reopen a task',
    params: idParam,
    body: tasks.completeTaskRequest,
    response: messageResponse,
    errors: [403],
  }),
  taskSummary: route({
    method: 'GET',
    path: '/api/tasks/summary/',
    service: 'tasks',
    auth: true,
    summary: "The dashboard's figures, computed in Postgres (beyond SPEC §7)",
    response: tasks.dashboardSummary,
  }),
  getTask: route({
    method: 'GET',
    path: '/api/tasks/{taskId}/',
    service: 'tasks',
    auth: true,
    summary: 'One task as the person sees it, for its own page (beyond SPEC §7); 404 when not theirs',
    params: tasks.taskIdParam,
    response: tasks.taskAnswer,
  }),
  progressLogs: route({
    method: 'GET',
    path: '/progress-logs/{taskId}/',
    service: 'tasks',
    auth: true,
    summary: 'Progress history',
    params: tasks.taskIdParam,
    response: tasks.progressLogsResponse,
    errors: [403],
  }),
  updateProgress: route({
    method: 'POST',
    path: '/progress/{taskId}/',
    service: 'tasks',
    auth: true,
    summary: 'Update progress',
    params: tasks.taskIdParam,
    body: tasks.progressRequest,
    response: messageResponse,
    errors: [403, 409],
  }),
  // Comments (tasks)
  taskComments: route({
    method: 'GET',
    path: '/task_comments/{taskId}',
    service: 'tasks',
    auth: true,
    summary: 'Comments of a task, oldest first (with `after`: only those after that comment)',
    params: tasks.taskIdParam,
    query: tasks.commentsQuery,
    response: tasks.commentsResponse,
    errors: [403],
  }),
  addComment: route({
    method: 'POST',
    path: '/api/add_comment/',
    service: 'tasks',
    auth: true,
    summary: 'Add a comment',
    body: tasks.addCommentRequest,
    response: tasks.comment,
    status: 201,
    errors: [403, 404],
  }),
  // Task attachments (tasks)
  previewAttachment: route({
    method: 'GET',
    path: '/api/preview/{taskId}/',
    service: 'tasks',
    auth: true,
    summary: 'Preview a task attachment',
    params: tasks.taskIdParam,
    response: tasks.filePreview,
    errors: [403],
  }),
  downloadAttachment: route({
    method: 'GET',
    path: '/api/download/presign/{taskId}/',
    service: 'tasks',
    auth: true,
    summary: 'Download URL of a task attachment',
    params: tasks.taskIdParam,
    response: tasks.downloadResponse,
    errors: [403],
  }),
  // Folders
  listFolders: route({
    method: 'GET',
    path: '/api/folders/',
    service: 'folders',
    auth: true,
    summary: 'List folders',
    query: folders.folderListQuery,
    response: folders.folderListResponse,
  }),
  createFolder: route({
    method: 'POST',
    path: '/api/folders/',
    service: 'folders',
    auth: true,
    summary: 'Create a folder',
    body: folders.createFolderRequest,
    response: folders.folder,
    status: 201,
  }),
  updateFolder: route({
    method: 'PUT',
    path: '/api/folders/{id}/',
    service: 'folders',
    auth: true,
    summary: 'Update a folder',
    params: idParam,
    body: folders.updateFolderRequest,
    response: folders.folder,
  }),
  deleteFolder: route({
    method: 'DELETE',
    path: '/api/folders/{id}/',
    service: 'folders',
    auth: true,
    summary: 'Delete a folder',
    params: idParam,
    status: 204,
  }),
  attachTasks: route({
    method: 'POST',
    path: '/api/folders/{id}/attach-tasks/',
    service: 'folders',
    auth: true,
    summary: 'Attach tasks to a folder',
    params: idParam,
    body: folders.attachTasksRequest,
    response: folders.attachTasksResponse,
  }),
  previewBaseFile: route({
    method: 'GET',
    path: '/api/folders/{folderId}/preview-basefile/',
    service: 'folders',
    auth: true,
    summary: 'Preview the base file',
    params: folders.folderIdParam,
    response: tasks.filePreview,
  }),
  downloadBaseFile: route({
    method: 'GET',
    path: '/api/folders/{folderId}/download-basefile/',
    service: 'folders',
    auth: true,
    summary: 'Download URL of the base file',
    params: folders.folderIdParam,
    response: tasks.downloadResponse,
  }),
  // Files
  presignUpload: route({
    method: 'POST',
    path: '/api/uploads/presign/',
    service: 'files',
    auth: true,
    summary: 'Presign an upload',
    body: files.presignUploadRequest,
    response: files.presignUploadResponse,
  }),
  uploadUsage: route({
    method: 'GET',
    path: '/api/uploads/usage/',
    service: 'files',
    auth: true,
    summary: "The person's file storage: used and allowed bytes (beyond SPEC)",
    response: files.storageUsageResponse,
  }),
  // Notifications
  listNotifications: route({
    method: 'GET',
    path: '/notifications/',
    service: 'notifications',
    auth: true,
    summary: 'List notifications',
    query: notifications.notificationListQuery,
    response: notifications.notificationListResponse,
  }),
  taskMessages: route({
    method: 'GET',
    path: '/notifications/task-messages/',
    service: 'notifications',
    auth: true,
    summary: 'What a reconnecting /ws/tasks/ missed',
    query: ws.taskMessagesQuery,
    response: ws.taskMessagesResponse,
  }),
  markNotificationsRead: route({
    method: 'POST',
    path: '/notifications/mark_as_read/',
    service: 'notifications',
    auth: true,
    summary: 'Mark notifications read',
    body: notifications.notificationIdsRequest,
    response: notifications.notificationIdsResponse,
  }),
  deleteNotifications: route({
    method: 'POST',
    path: '/notifications/delete/',
    service: 'notifications',
    auth: true,
    summary: 'Delete notifications',
    body: notifications.notificationIdsRequest,
    response: notifications.notificationIdsResponse,
  }),
  // Notification preferences, digests, unsubscribe and web push (beyond SPEC)
  getNotificationPreferences: route({
    method: 'GET',
    path: '/api/settings/notification-preferences/',
    service: 'notifications',
    auth: true,
    summary: 'Notification preferences per event and channel, digest and time zone',
    response: preferences.notificationPreferences,
  }),
  updateNotificationPreferences: route({
    method: 'PUT',
    path: '/api/settings/notification-preferences/',
    service: 'notifications',
    auth: true,
    summary: 'Change any subset of the notification preferences',
    body: preferences.notificationPreferencesUpdate,
    response: preferences.notificationPreferences,
  }),
  sendTestDigest: route({
    method: 'POST',
    path: '/api/settings/notification-preferences/test-digest/',
    service: 'notifications',
    auth: true,
    summary: 'Send the digest now (what has collected, or a short "nothing new" mail)',
    response: messageResponse,
    errors: [409],
  }),
  unsubscribe: route({
    method: 'POST',
    path: '/api/unsubscribe/{token}/',
    service: 'notifications',
    auth: false,
    summary: "RFC 8058 one-click unsubscribe: turns off one event's e-mails, or the digest",
    params: preferences.unsubscribeParams,
    response: preferences.unsubscribeResponse,
    errors: [429],
  }),
  pushKey: route({
    method: 'GET',
    path: '/api/settings/push/key/',
    service: 'notifications',
    auth: true,
    summary: "The server's VAPID public key, to subscribe a device to push",
    response: preferences.pushKeyResponse,
  }),
  subscribePush: route({
    method: 'POST',
    path: '/api/settings/push/subscriptions/',
    service: 'notifications',
    auth: true,
    summary: 'Turn on push for this device (its PushSubscription)',
    body: preferences.pushSubscription,
    response: messageResponse,
    status: 201,
  }),
  unsubscribePush: route({
    method: 'POST',
    path: '/api/settings/push/subscriptions/remove/',
    service: 'notifications',
    auth: true,
    summary: 'Turn off push for this device',
    body: preferences.pushUnsubscribeRequest,
    response: messageResponse,
  }),
} satisfies Record<string, RouteContract>;
export type RouteName = keyof typeof routes;
/** The same routes as a list (the gateway, /openapi.json and the tests walk it). */
export const allRoutes: RouteContract[] = Object.values(routes);

/**
 * Routes between Baton's own processes, never routed by the gateway (nor in /openapi.json): the caller
 * forwards the person's bearer token, and the service answers from the token's owner, never from a name in
 * the body.
 */
export const internalRoutes = {
  jwks: route({
    method: 'GET',
    path: '/.well-known/jwks.json',
    service: 'identity',
    auth: false,
    summary: "identity's public signing keys (every verifier reads them)",
  }),
  ownPersonalTasks: route({
    method: 'POST',
    path: '/internal/tasks/own-personal',
    service: 'tasks',
    auth: true,
    summary:
      "Which of `ids` are the token owner's personal tasks, as tasks has committed them (filing at once)",
    body: tasks.ownPersonalTasksRequest,
    response: tasks.ownPersonalTasksResponse,
  }),
  claimUpload: route({
    method: 'POST',
    path: '/internal/uploads/claim',
    service: 'files',
    auth: true,
    summary: "Attach a stored upload of the token's owner to `ref`",
    body: files.claimUploadRequest,
    response: files.claimUploadResponse,
  }),
  grantFile: route({
    method: 'POST',
    path: '/internal/uploads/grant',
    service: 'files',
    auth: true,
    summary: 'A short-lived URL for the file attached to `ref` (the caller checked who may see `ref`)',
    body: files.grantRequest,
    response: tasks.filePreview,
  }),
  releaseUpload: route({
    method: 'POST',
    path: '/internal/uploads/release',
    service: 'files',
    auth: true,
    summary: "Undo a claim whose task or folder was never written: the upload is the owner's to use again",
    body: files.releaseUploadRequest,
    response: files.releaseUploadResponse,
  }),
  // The local-disk store's signed object URLs (the gateway forwards them to files as they are).
  putObject: route({
    method: 'PUT',
    path: `${files.OBJECT_PATH_PREFIX}{key}`,
    service: 'files',
    auth: false,
    summary: 'Store an upload through its signed URL',
    params: files.objectKeyParam,
    response: files.storedObjectResponse,
  }),
  getObject: route({
    method: 'GET',
    path: `${files.OBJECT_PATH_PREFIX}{key}`,
    service: 'files',
    auth: false,
    summary: 'Read a stored file through its signed URL',
    params: files.objectKeyParam,
  }),
} satisfies Record<string, RouteContract>;

/** WebSocket routes of SPEC §7; all authenticate with the subprotocols ['jwt', accessToken]. */
export const wsRoutes = [
  { path: '/ws/notifications/', channel: 'notifications' },
  { path: '/ws/tasks/', channel: 'tasks' },
  { path: '/ws/comments/{taskId}/', channel: 'comments' },
] as const;

/** `/trusted-users/{id}/` -> `/trusted-users/:id/` for Hono's router. */
export const toHonoPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');
