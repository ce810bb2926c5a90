import { z } from 'zod';
import { idParam, messageResponse } from './common';
import * as files from './files';
import * as folders from './folders';
import * as identity from './identity';
import * as notifications from './notifications';
import * as tasks from './tasks';
import * as ws from './ws';

export const serviceNames = ['identity', 'tasks', 'folders', 'notifications', 'files'] as const;
export type ServiceName = (typeof serviceNames)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

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
}

const route = (r: RouteContract) => r;

/** Every REST route of SPEC §7 and its owning service (ARCHITECTURE.md "Routes"). */
export const routes = [
  // Session and account (identity)
  route({
    method: 'GET',
    path: '/api/token/check/',
    service: 'identity',
    auth: true,
    summary: 'Session check',
    response: identity.tokenCheckResponse,
  }),
  route({
    method: 'POST',
    path: '/api/token/refresh/',
    service: 'identity',
    auth: false,
    summary: 'Rotate a refresh token',
    body: identity.refreshRequest,
    response: identity.refreshResponse,
  }),
  // The refresh token itself is the credential: logging out must work after the access token expired.
  route({
    method: 'POST',
    path: '/api/logout/',
    service: 'identity',
    auth: false,
    summary: 'Revoke the session of a refresh token',
    body: identity.logoutRequest,
    response: messageResponse,
  }),
  route({
    method: 'POST',
    path: '/login/',
    service: 'identity',
    auth: false,
    summary: 'Sign in',
    body: identity.loginRequest,
    response: identity.loginResponse,
  }),
  route({
    method: 'POST',
    path: '/user_signup/',
    service: 'identity',
    auth: false,
    summary: 'Create an account',
    body: identity.signupRequest,
    response: identity.signupResponse,
    status: 201,
  }),
  route({
    method: 'POST',
    path: '/api/auth/verify-email/',
    service: 'identity',
    auth: false,
    summary: 'Confirm the e-mail address with the mailed link (beyond SPEC)',
    body: identity.verifyEmailRequest,
    response: messageResponse,
  }),
  route({
    method: 'POST',
    path: '/api/auth/verify-email/resend/',
    service: 'identity',
    auth: true,
    summary: 'Mail a new confirmation link (beyond SPEC)',
    body: identity.verifyResendRequest,
    response: messageResponse,
  }),
  route({
    method: 'POST',
    path: '/api/auth/password-reset/request/',
    service: 'identity',
    auth: false,
    summary: 'Mail a password reset link',
    body: identity.passwordResetRequest,
    response: messageResponse,
  }),
  route({
    method: 'POST',
    path: '/api/auth/password-reset/check/',
    service: 'identity',
    auth: false,
    summary: 'Whether a reset link still works (beyond SPEC: its page says so before the form)',
    body: identity.passwordResetCheckRequest,
    response: identity.passwordResetCheckResponse,
  }),
  route({
    method: 'POST',
    path: '/api/auth/password-reset/confirm/',
    service: 'identity',
    auth: false,
    summary: 'Set a new password from a reset link',
    body: identity.passwordResetConfirmRequest,
    response: messageResponse,
  }),
  route({
    method: 'POST',
    path: '/api/settings/change-password/',
    service: 'identity',
    auth: true,
    summary: 'Change the password',
    body: identity.changePasswordRequest,
    response: messageResponse,
  }),
  route({
    method: 'POST',
    path: '/delete-account/',
    service: 'identity',
    auth: true,
    summary: 'Delete the account',
    body: identity.deleteAccountRequest,
    response: messageResponse,
  }),
  route({
    method: 'GET',
    path: '/api/settings/preferences/',
    service: 'identity',
    auth: true,
    summary: "The account's preferences (beyond SPEC §7: the sound setting follows the person)",
    response: identity.preferences,
  }),
  route({
    method: 'PUT',
    path: '/api/settings/preferences/',
    service: 'identity',
    auth: true,
    summary: "Save the account's preferences",
    body: identity.preferences,
    response: identity.preferences,
  }),
  // Trusted users (identity)
  route({
    method: 'GET',
    path: '/api/settings/trusted-users/',
    service: 'identity',
    auth: true,
    summary: 'List trusted users',
    response: identity.trustedUserList,
  }),
  route({
    method: 'POST',
    path: '/api/settings/trusted-users/',
    service: 'identity',
    auth: true,
    summary: 'Trust a user by e-mail (invites unknown e-mails)',
    body: identity.addTrustedUserRequest,
    response: identity.addTrustedUserResponse,
  }),
  route({
    method: 'POST',
    path: '/trusted-users/',
    service: 'identity',
    auth: true,
    summary: 'Trust a user by e-mail',
    body: identity.createTrustedUserRequest,
    response: identity.createTrustedUserResponse,
  }),
  route({
    method: 'DELETE',
    path: '/trusted-users/{id}/',
    service: 'identity',
    auth: true,
    summary: 'Remove a trusted user',
    params: idParam,
    response: messageResponse,
  }),
  // Accepting (tasks)
  route({
    method: 'GET',
    path: '/activate/{uidb64}/{token}/{taskId}/{action}',
    service: 'tasks',
    auth: true,
    summary: 'Read an acceptance link',
    params: tasks.activateParams,
    response: tasks.activateResponse,
  }),
  route({
    method: 'POST',
    path: '/accept_task',
    service: 'tasks',
    auth: true,
    summary: 'Accept an invitation or assignment',
    body: tasks.acceptTaskRequest,
    response: messageResponse,
  }),
  // Tasks
  route({
    method: 'POST',
    path: '/api/tasks/personal/',
    service: 'tasks',
    auth: true,
    summary: 'Personal tasks: all of them, or with `page` one page (keyset cursor) with the tab counts',
    body: tasks.taskListRequest,
    response: z.union([tasks.taskListResponse, tasks.taskPageResponse]),
  }),
  route({
    method: 'POST',
    path: '/get_assigned/',
    service: 'tasks',
    auth: true,
    summary:
      'Assigned tasks, both sides: all of them, or with `page` one page of one side with the tab counts',
    body: tasks.taskListRequest,
    response: z.union([tasks.taskListResponse, tasks.taskPageResponse]),
  }),
  route({
    method: 'POST',
    path: '/get_invited/',
    service: 'tasks',
    auth: true,
    summary:
      'Invited tasks, both sides: all of them, or with `page` one page of one side with the tab counts',
    body: tasks.taskListRequest,
    response: z.union([tasks.taskListResponse, tasks.taskPageResponse]),
  }),
  route({
    method: 'POST',
    path: '/create_list',
    service: 'tasks',
    auth: true,
    summary: 'Create or update a personal task',
    body: tasks.taskForm,
    response: tasks.taskWriteResponse,
  }),
  route({
    method: 'POST',
    path: '/send_email/assign_user/',
    service: 'tasks',
    auth: true,
    summary: 'Assign a task to a user',
    body: tasks.delegateTaskForm,
    response: tasks.taskWriteResponse,
  }),
  route({
    method: 'POST',
    path: '/send_email/invite_user',
    service: 'tasks',
    auth: true,
    summary: 'Invite a user to a task',
    body: tasks.delegateTaskForm,
    response: tasks.taskWriteResponse,
  }),
  route({
    method: 'POST',
    path: '/edit_shared_task/',
    service: 'tasks',
    auth: true,
    summary: 'Edit a delegated task',
    body: tasks.editSharedTaskForm,
    response: tasks.taskWriteResponse,
  }),
  route({
    method: 'POST',
    path: '/delete_list/{id}',
    service: 'tasks',
    auth: true,
    summary: 'Delete a task',
    params: idParam,
    body: tasks.deleteTaskRequest,
    response: messageResponse,
  }),
  route({
    method: 'POST',
    path: '/completed/{id}',
    service: 'tasks',
    auth: true,
    summary: 'Complete or reopen a task',
    params: idParam,
    body: tasks.completeTaskRequest,
    response: messageResponse,
  }),
  route({
    method: 'GET',
    path: '/api/tasks/summary/',
    service: 'tasks',
    auth: true,
    summary: "The dashboard's figures, computed in Postgres (beyond SPEC §7)",
    response: tasks.dashboardSummary,
  }),
  route({
    method: 'GET',
    path: '/api/tasks/{taskId}/',
    service: 'tasks',
    auth: true,
    summary: 'One task as the person sees it, for its own page (beyond SPEC §7); 404 when not theirs',
    params: tasks.taskIdParam,
    response: tasks.taskAnswer,
  }),
  route({
    method: 'GET',
    path: '/progress-logs/{taskId}/',
    service: 'tasks',
    auth: true,
    summary: 'Progress history',
    params: tasks.taskIdParam,
    response: tasks.progressLogsResponse,
  }),
  route({
    method: 'POST',
    path: '/progress/{taskId}/',
    service: 'tasks',
    auth: true,
    summary: 'Update progress',
    params: tasks.taskIdParam,
    body: tasks.progressRequest,
    response: messageResponse,
  }),
  // Comments (tasks)
  route({
    method: 'GET',
    path: '/task_comments/{taskId}',
    service: 'tasks',
    auth: true,
    summary: 'Comments of a task, oldest first (with `after`: only those after that comment)',
    params: tasks.taskIdParam,
    query: tasks.commentsQuery,
    response: tasks.commentsResponse,
  }),
  route({
    method: 'POST',
    path: '/api/add_comment/',
    service: 'tasks',
    auth: true,
    summary: 'Add a comment',
    body: tasks.addCommentRequest,
    response: tasks.comment,
    status: 201,
  }),
  // Task attachments (tasks)
  route({
    method: 'GET',
    path: '/api/preview/{taskId}/',
    service: 'tasks',
    auth: true,
    summary: 'Preview a task attachment',
    params: tasks.taskIdParam,
    response: tasks.filePreview,
  }),
  route({
    method: 'GET',
    path: '/api/download/presign/{taskId}/',
    service: 'tasks',
    auth: true,
    summary: 'Download URL of a task attachment',
    params: tasks.taskIdParam,
    response: tasks.downloadResponse,
  }),
  // Folders
  route({
    method: 'GET',
    path: '/api/folders/',
    service: 'folders',
    auth: true,
    summary: 'List folders',
    query: folders.folderListQuery,
    response: folders.folderListResponse,
  }),
  route({
    method: 'POST',
    path: '/api/folders/',
    service: 'folders',
    auth: true,
    summary: 'Create a folder',
    body: folders.createFolderRequest,
    response: folders.folder,
    status: 201,
  }),
  route({
    method: 'PUT',
    path: '/api/folders/{id}/',
    service: 'folders',
    auth: true,
    summary: 'Update a folder',
    params: idParam,
    body: folders.updateFolderRequest,
    response: folders.folder,
  }),
  route({
    method: 'DELETE',
    path: '/api/folders/{id}/',
    service: 'folders',
    auth: true,
    summary: 'Delete a folder',
    params: idParam,
    status: 204,
  }),
  route({
    method: 'POST',
    path: '/api/folders/{id}/attach-tasks/',
    service: 'folders',
    auth: true,
    summary: 'Attach tasks to a folder',
    params: idParam,
    body: folders.attachTasksRequest,
    response: folders.attachTasksResponse,
  }),
  route({
    method: 'GET',
    path: '/api/folders/{folderId}/preview-basefile/',
    service: 'folders',
    auth: true,
    summary: 'Preview the base file',
    params: folders.folderIdParam,
    response: tasks.filePreview,
  }),
  route({
    method: 'GET',
    path: '/api/folders/{folderId}/download-basefile/',
    service: 'folders',
    auth: true,
    summary: 'Download URL of the base file',
    params: folders.folderIdParam,
    response: tasks.downloadResponse,
  }),
  // Files
  route({
    method: 'POST',
    path: '/api/uploads/presign/',
    service: 'files',
    auth: true,
    summary: 'Presign an upload',
    body: files.presignUploadRequest,
    response: files.presignUploadResponse,
  }),
  route({
    method: 'GET',
    path: '/api/uploads/usage/',
    service: 'files',
    auth: true,
    summary: "The person's file storage: used and allowed bytes (beyond SPEC)",
    response: files.storageUsageResponse,
  }),
  // Notifications
  route({
    method: 'GET',
    path: '/notifications/',
    service: 'notifications',
    auth: true,
    summary: 'List notifications',
    query: notifications.notificationListQuery,
    response: notifications.notificationListResponse,
  }),
  route({
    method: 'GET',
    path: '/notifications/task-messages/',
    service: 'notifications',
    auth: true,
    summary: 'What a reconnecting /ws/tasks/ missed',
    query: ws.taskMessagesQuery,
    response: ws.taskMessagesResponse,
  }),
  route({
    method: 'POST',
    path: '/notifications/mark_as_read/',
    service: 'notifications',
    auth: true,
    summary: 'Mark notifications read',
    body: notifications.notificationIdsRequest,
    response: notifications.notificationIdsResponse,
  }),
  route({
    method: 'POST',
    path: '/notifications/delete/',
    service: 'notifications',
    auth: true,
    summary: 'Delete notifications',
    body: notifications.notificationIdsRequest,
    response: notifications.notificationIdsResponse,
  }),
] as const satisfies readonly RouteContract[];

/** WebSocket routes of SPEC §7; all authenticate with the subprotocols ['jwt', accessToken]. */
export const wsRoutes = [
  { path: '/ws/notifications/', channel: 'notifications' },
  { path: '/ws/tasks/', channel: 'tasks' },
  { path: '/ws/comments/{taskId}/', channel: 'comments' },
] as const;

/** `/trusted-users/{id}/` -> `/trusted-users/:id/` for Hono's router. */
export const toHonoPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');
