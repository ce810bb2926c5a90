import { z } from 'zod';
import { notification } from './notifications';
import { comment, task } from './tasks';

/** The WebSocket channels of SPEC §7 and what travels on each. */
export const wsChannels = ['notifications', 'tasks', 'comments'] as const;
export type WsChannel = (typeof wsChannels)[number];
export const wsSubprotocol = 'jwt';

// /ws/notifications/: each message is a notification object.
export const wsNotificationMessage = notification;

// /ws/tasks/: the live task events of SPEC §4, and more so that lists also follow what §4 leaves out:
// `task_added` (a task now in one of the person's lists: fetch them again), `task_accepted`, and
// `folders_changed` (the person's folders or which tasks they hold changed: fetch folders and lists again).
export const wsTaskMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('task_added'), task_id: z.string() }),
  z.object({ type: z.literal('task_accepted'), task_id: z.string() }),
  z.object({ type: z.literal('task_delete'), task_id: z.string() }),
  z.object({ type: z.literal('folders_changed') }),
  z.object({ type: z.literal('task_complete'), task_id: z.string(), completed: z.boolean() }),
  z.object({ type: z.literal('progress_update'), task_id: z.string(), progress: z.number().int() }),
  z.object({
    type: z.literal('task_update'),
    task_id: z.string(),
    task: task.pick({ title: true, description: true, dueDate: true, priority: true, progress: true }),
  }),
]);
export type WsTaskMessage = z.infer<typeof wsTaskMessage>;

// /ws/comments/{taskId}/: the server sends {comment}; the client sends {comment: text}.
export const wsCommentServerMessage = z.object({ comment });
export const wsCommentClientMessage = z.object({ comment: z.string().trim().min(1).max(5000) });

/** What a service publishes on `push.user.<id>` for the gateway: live messages for that user's sockets. */
export const pushMessage = z.discriminatedUnion('channel', [
  z.object({ channel: z.literal('notifications'), payload: wsNotificationMessage }),
  z.object({ channel: z.literal('tasks'), payload: wsTaskMessage }),
  z.object({ channel: z.literal('comments'), taskId: z.string(), payload: wsCommentServerMessage }),
]);
export type PushMessage = z.infer<typeof pushMessage>;
