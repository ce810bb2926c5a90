import { z } from 'zod';
import { uuid } from './common';
import { notification } from './notifications';
import { comment, task } from './tasks';

/** The WebSocket channels of SPEC §7 and what travels on each. */
export const wsChannels = ['notifications', 'tasks', 'comments'] as const;
export type WsChannel = (typeof wsChannels)[number];
export const wsSubprotocol = 'jwt';

// /ws/notifications/[?after={notificationId}]: each message is a notification object. With `after` (beyond
// SPEC: a reconnecting bell names the newest it has), what was missed since comes first, from Postgres (GET
// /notifications/?after=), then the live ones, none twice.
export const wsNotificationMessage = notification;

// /ws/tasks/[?after={messageId}]: the live task events of SPEC §4, and more so that lists also follow what §4
// leaves out: `task_added` (a task now in one of the person's lists: fetch them again), `task_accepted`, and
// `folders_changed` (the person's folders or which tasks they hold changed: fetch folders and lists again).
// Beyond SPEC, each message has an `id`, its place in the person's log of these messages. With `after` (the
// last one a reconnecting client saw), what it missed comes first, from Postgres, in order; then the live
// ones, none twice. When `after` is too old to resume from (the log keeps a day) or missed too many, a
// `folders_changed` without an id stands for them all.
const logged = { id: z.string().optional() };
export const wsTaskMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('task_added'), task_id: z.string(), ...logged }),
  z.object({ type: z.literal('task_accepted'), task_id: z.string(), ...logged }),
  z.object({ type: z.literal('task_delete'), task_id: z.string(), ...logged }),
  z.object({ type: z.literal('folders_changed'), ...logged }),
  z.object({ type: z.literal('task_complete'), task_id: z.string(), completed: z.boolean(), ...logged }),
  z.object({
    type: z.literal('progress_update'),
    task_id: z.string(),
    progress: z.number().int(),
    ...logged,
  }),
  z.object({
    type: z.literal('task_update'),
    task_id: z.string(),
    task: task.pick({ title: true, description: true, dueDate: true, priority: true, progress: true }),
    ...logged,
  }),
]);
export type WsTaskMessage = z.infer<typeof wsTaskMessage>;

// GET /notifications/task-messages/?after={id} (beyond SPEC): what a reconnecting `/ws/tasks/` missed, the
// person's messages after that one, oldest first (the gateway sends them as a resumed socket opens). `resync`:
// `after` is unknown or too old (the log keeps a day), or more were missed than are replayed (500): fetch lists and folders
// again instead.
export const taskMessagesQuery = z.object({ after: uuid });
export const taskMessagesResponse = z.object({ messages: z.array(wsTaskMessage), resync: z.boolean() });

// /ws/comments/{taskId}/[?after={commentId}]: the client sends {comment: text}, stored as POST
// /api/add_comment/ stores it (the same checks; a refusal comes back as {error}). The server sends each new
// comment as {comment}: first those after `after` (all of them without it: what a reconnecting client
// missed), then each one as it is made. Beyond SPEC, {presence} lists the e-mails of everyone who has the
// task's comments open on any replica, whenever that changes.
export const wsCommentServerMessage = z.object({ comment });
export const wsCommentClientMessage = z.object({ comment: z.string() });
export const wsCommentPresence = z.object({ presence: z.array(z.string()) });
export const wsCommentSocketMessage = z.union([
  wsCommentServerMessage,
  wsCommentPresence,
  z.object({ error: z.string() }),
]);
export type WsCommentSocketMessage = z.infer<typeof wsCommentSocketMessage>;

export { wsCloseCodes } from './constants';

/**
 * Gateways tell each other who has a task's comments open (core NATS, nothing stored): each replica
 * announces the e-mails of its own sockets on the task when they change and every `heartbeatMs`; a replica
 * not heard from for `expiryMs` no longer counts. `ask` asks the others to announce at once (a first socket).
 */
export const presenceSubject = (taskId: string) => `presence.comments.${taskId}`;
export const presenceAnnouncement = z.object({
  replica: z.string(),
  emails: z.array(z.string()),
  ask: z.boolean().optional(),
});
export type PresenceAnnouncement = z.infer<typeof presenceAnnouncement>;

/** What a service publishes on `push.user.<id>` for the gateway: live messages for that user's sockets. */
export const pushMessage = z.discriminatedUnion('channel', [
  z.object({ channel: z.literal('notifications'), payload: wsNotificationMessage }),
  z.object({ channel: z.literal('tasks'), payload: wsTaskMessage }),
  // A comment for the task's sockets, or the word that the task is gone (its sockets close).
  z.object({
    channel: z.literal('comments'),
    taskId: z.string(),
    payload: z.union([wsCommentServerMessage, z.object({ taskDeleted: z.literal(true) })]),
  }),
]);
export type PushMessage = z.infer<typeof pushMessage>;
