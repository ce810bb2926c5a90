import {
  eventData as data,
  type EventEnvelope,
  type Notification,
  type NotificationType,
  type WsTaskMessage,
} from '@baton/contracts';

type NotificationAction = NonNullable<Notification['action']>;

/** What one person is told about one event. */
export interface NotificationDraft {
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  /** The task it is about, for the bell's "Open task"; null for none (a deleted task). */
  taskId: string | null;
  /** What the person may do from the bell: accept the assignment or invitation it announces. */
  action: NotificationAction | null;
  /**
   * Notifications of the same `key` collapse into the person's unread one: it becomes `title`, and its message
   * the new count followed by `tail`.
   */
  collapse?: { key: string; title: string; tail: string };
}

const quoted = (text: string) => `“${text}”`;

/** A task's due date the way people say it: "Fri 28 Nov", with the year when it is not this year's. */
export function dueWords(due: string | null, now = new Date()) {
  if (!due) return '';
  const date = new Date(due);
  if (Number.isNaN(date.getTime())) return '';
  const sameYear = date.getUTCFullYear() === now.getUTCFullYear();
  const text = new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  }).format(date);
  return `, due ${text.replace(',', '')}`;
}

/** A note quoted in full up to `max` characters, then cut at a word with an ellipsis. */
export function excerpt(text: string, max = 120) {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** One sentence per event, in the words of the person who reads it. */
function wording(
  event: EventEnvelope,
  actor: string,
): Omit<NotificationDraft, 'userId' | 'action'> | undefined {
  const occurred = new Date(event.occurredAt);
  switch (event.type) {
    case 'tasks.task.assigned':
    case 'tasks.task.invited': {
      const { task } = data(event, 'tasks.task.assigned');
      const assigned = event.type === 'tasks.task.assigned';
      const what = assigned
        ? `${actor} assigned you ${quoted(task.title)}`
        : `${actor} invited you to ${quoted(task.title)}`;
      const next = task.is_accepted ? '' : ' Accept it here or from the e-mail we sent you.';
      return {
        type: 'info',
        title: assigned ? 'New task assigned' : 'New task invitation',
        message: `${what}${dueWords(task.dueDate, occurred)}.${next}`,
        taskId: task.id,
      };
    }
    case 'tasks.task.accepted': {
      const { taskId, title, role } = data(event, 'tasks.task.accepted');
      const what = role === 'assign' ? 'your assignment' : 'your invitation to';
      return {
        type: 'success',
        title: 'Task accepted',
        message: `${actor} accepted ${what} ${quoted(title)}.`,
        taskId,
      };
    }
    case 'tasks.task.completed': {
      const { task } = data(event, 'tasks.task.completed');
      return {
        type: 'success',
        title: 'Task completed',
        message: `${actor} completed ${quoted(task.title)}.`,
        taskId: task.id,
      };
    }
    case 'tasks.task.reopened': {
      const { task } = data(event, 'tasks.task.reopened');
      return {
        type: 'warning',
        title: 'Task reopened',
        message: `${actor} reopened ${quoted(task.title)}.`,
        taskId: task.id,
      };
    }
    case 'tasks.task.progress': {
      const { taskId, title, progress, message } = data(event, 'tasks.task.progress');
      const note = message.trim() ? `: ${quoted(excerpt(message))}` : '.';
      return {
        type: 'info',
        title: 'Progress update',
        message: `${actor} moved ${quoted(title)} to ${progress}%${note}`,
        taskId,
      };
    }
    case 'tasks.task.updated': {
      const { task } = data(event, 'tasks.task.updated');
      return {
        type: 'info',
        title: 'Task updated',
        message: `${actor} updated ${quoted(task.title)}${dueWords(task.dueDate, occurred)}.`,
        taskId: task.id,
      };
    }
    case 'tasks.task.deleted': {
      const { title } = data(event, 'tasks.task.deleted');
      return {
        type: 'error',
        title: 'Task deleted',
        message: event.actorId
          ? `${actor} deleted ${quoted(title)}.`
          : `${quoted(title)} was removed because its owner closed their account.`,
        // Nothing left to open.
        taskId: null,
      };
    }
    case 'tasks.comment.created': {
      const { taskId, taskTitle, comment } = data(event, 'tasks.comment.created');
      return {
        type: 'info',
        title: 'New comment',
        message: `${actor} commented on ${quoted(taskTitle)}: ${quoted(excerpt(comment.content))}`,
        taskId,
      };
    }
    default:
      return undefined;
  }
}

/** A task's comments, while unread, are one notification: "3 new comments on “Title”; the latest …". */
function collapsing(event: EventEnvelope, actor: string): NotificationDraft['collapse'] {
  if (event.type !== 'tasks.comment.created') return undefined;
  const { taskId, taskTitle, comment } = data(event, 'tasks.comment.created');
  return {
    key: `comments:${taskId}`,
    title: 'New comments',
    tail: `new comments on ${quoted(taskTitle)}; the latest from ${actor}: ${quoted(excerpt(comment.content))}`,
  };
}

/** An assignment or invitation not accepted yet (a trusted sender's is at once): its recipient may accept it. */
function acceptOffer(event: EventEnvelope): { userId: string; action: NotificationAction } | undefined {
  if (event.type !== 'tasks.task.assigned' && event.type !== 'tasks.task.invited') return undefined;
  const { task, recipientId } = data(event, 'tasks.task.assigned');
  if (task.is_accepted || !recipientId) return undefined;
  return {
    userId: recipientId,
    action: event.type === 'tasks.task.assigned' ? 'assign_accept' : 'invite_accept',
  };
}

/**
 * The notifications an event yields: one for each person in its audience except the one who acted. An
 * assignment or invitation is news only to its recipient (the audience also names the owner, who acted).
 */
export function notificationsFor(event: EventEnvelope, actorName: string): NotificationDraft[] {
  const words = wording(event, actorName);
  if (!words) return [];
  const collapse = collapsing(event, actorName);
  const offer = acceptOffer(event);
  const people = new Set(event.audience.filter((id) => id !== event.actorId));
  return [...people].map((userId) => ({
    userId,
    ...words,
    action: offer?.userId === userId ? offer.action : null,
    ...(collapse ? { collapse } : {}),
  }));
}

/**
 * The `/ws/tasks/` message for an event (SPEC §4, plus `task_added`, `task_accepted`, `folders_changed`), if it
 * changes a task list or the folders.
 */
export function liveTaskMessage(event: EventEnvelope): WsTaskMessage | undefined {
  switch (event.type) {
    case 'tasks.task.assigned':
    case 'tasks.task.invited':
      return { type: 'task_added', task_id: data(event, 'tasks.task.assigned').task.id };
    case 'tasks.task.accepted':
      return { type: 'task_accepted', task_id: data(event, 'tasks.task.accepted').taskId };
    case 'tasks.task.deleted':
      return { type: 'task_delete', task_id: data(event, 'tasks.task.deleted').taskId };
    case 'tasks.task.completed':
    case 'tasks.task.reopened': {
      const { task } = data(event, 'tasks.task.completed');
      return { type: 'task_complete', task_id: task.id, completed: task.completed };
    }
    case 'tasks.task.progress': {
      const { taskId, progress } = data(event, 'tasks.task.progress');
      return { type: 'progress_update', task_id: taskId, progress };
    }
    case 'tasks.task.updated': {
      const { task } = data(event, 'tasks.task.updated');
      const { title, description, dueDate, priority, progress } = task;
      return {
        type: 'task_update',
        task_id: task.id,
        task: { title, description, dueDate, priority, progress },
      };
    }
    case 'tasks.folders.changed':
    case 'folders.counts.changed':
      return { type: 'folders_changed' };
    default:
      return undefined;
  }
}
