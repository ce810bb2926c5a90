import type {
  EventEnvelope,
  EventSubject,
  Notification,
  NotificationType,
  WsTaskMessage,
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

type Words = Omit<NotificationDraft, 'userId' | 'action'>;

/** One function per event subject, each given that subject's event (its own payload's type). */
type BySubject<R> = { [S in EventSubject]?: (event: EventEnvelope<S>, actor: string) => R };

/** The function of `table` for the event's subject, applied; undefined when it has none. */
const bySubject = <R>(table: BySubject<R>, event: EventEnvelope, actor = ''): R | undefined =>
  (table[event.type] as ((event: EventEnvelope, actor: string) => R) | undefined)?.(event, actor);

type Offer = EventEnvelope<'tasks.task.assigned' | 'tasks.task.invited'>;

/** An assignment or invitation, to its recipient. */
function offerWords(event: Offer, actor: string, assigned: boolean): Words {
  const { task } = event.data;
  const what = assigned
    ? `${actor} assigned you ${quoted(task.title)}`
    : `${actor} invited you to ${quoted(task.title)}`;
  const next = task.is_accepted ? '' : ' Accept it here or from the e-mail we sent you.';
  return {
    type: 'info',
    title: assigned ? 'New task assigned' : 'New task invitation',
    message: `${what}${dueWords(task.dueDate, new Date(event.occurredAt))}.${next}`,
    taskId: task.id,
  };
}

/** One sentence per event, in the words of the person who reads it. */
const wording: BySubject<Words> = {
  'tasks.task.assigned': (event, actor) => offerWords(event, actor, true),
  'tasks.task.invited': (event, actor) => offerWords(event, actor, false),
  'tasks.task.accepted': ({ data: { taskId, title, role } }, actor) => {
    const what = role === 'assign' ? 'your assignment' : 'your invitation to';
    return {
      type: 'success',
      title: 'Task accepted',
      message: `${actor} accepted ${what} ${quoted(title)}.`,
      taskId,
    };
  },
  'tasks.task.completed': ({ data: { task } }, actor) => ({
    type: 'success',
    title: 'Task completed',
    message: `${actor} completed ${quoted(task.title)}.`,
    taskId: task.id,
  }),
  'tasks.task.reopened': ({ data: { task } }, actor) => ({
    type: 'warning',
    title: 'Task reopened',
    message: `${actor} reopened ${quoted(task.title)}.`,
    taskId: task.id,
  }),
  'tasks.task.progress': ({ data: { taskId, title, progress, message } }, actor) => {
    const note = message.trim() ? `: ${quoted(excerpt(message))}` : '.';
    return {
      type: 'info',
      title: 'Progress update',
      message: `${actor} moved ${quoted(title)} to ${progress}%${note}`,
      taskId,
    };
  },
  'tasks.task.updated': (event, actor) => ({
    type: 'info',
    title: 'Task updated',
    message: `${actor} updated ${quoted(event.data.task.title)}${dueWords(event.data.task.dueDate, new Date(event.occurredAt))}.`,
    taskId: event.data.task.id,
  }),
  'tasks.task.deleted': (event, actor) => ({
    type: 'error',
    title: 'Task deleted',
    message: event.actorId
      ? `${actor} deleted ${quoted(event.data.title)}.`
      : `${quoted(event.data.title)} was removed because its owner closed their account.`,
    // Nothing left to open.
    taskId: null,
  }),
  'tasks.comment.created': ({ data: { taskId, taskTitle, comment } }, actor) => ({
    type: 'info',
    title: 'New comment',
    message: `${actor} commented on ${quoted(taskTitle)}: ${quoted(excerpt(comment.content))}`,
    taskId,
  }),
};

/** A task's comments, while unread, are one notification: "3 new comments on “Title”; the latest …". */
const collapsing: BySubject<NotificationDraft['collapse']> = {
  'tasks.comment.created': ({ data: { taskId, taskTitle, comment } }, actor) => ({
    key: `comments:${taskId}`,
    title: 'New comments',
    tail: `new comments on ${quoted(taskTitle)}; the latest from ${actor}: ${quoted(excerpt(comment.content))}`,
  }),
};

/** An assignment or invitation not accepted yet (a trusted sender's is at once): its recipient may accept it. */
const acceptOffer = (event: Offer, action: NotificationAction) => {
  const { task, recipientId } = event.data;
  if (task.is_accepted || !recipientId) return undefined;
  return { userId: recipientId, action };
};
const offers: BySubject<{ userId: string; action: NotificationAction } | undefined> = {
  'tasks.task.assigned': (event) => acceptOffer(event, 'assign_accept'),
  'tasks.task.invited': (event) => acceptOffer(event, 'invite_accept'),
};

/**
 * The notifications an event yields: one for each person in its audience except the one who acted. An
 * assignment or invitation is news only to its recipient (the audience also names the owner, who acted).
 */
export function notificationsFor(event: EventEnvelope, actorName: string): NotificationDraft[] {
  const words = bySubject(wording, event, actorName);
  if (!words) return [];
  const collapse = bySubject(collapsing, event, actorName);
  const offer = bySubject(offers, event);
  const people = new Set(event.audience.filter((id) => id !== event.actorId));
  return [...people].map((userId) => ({
    userId,
    ...words,
    action: offer?.userId === userId ? offer.action : null,
    ...(collapse ? { collapse } : {}),
  }));
}

const completion: (event: EventEnvelope<'tasks.task.completed' | 'tasks.task.reopened'>) => WsTaskMessage = ({
  data: { task },
}) => ({ type: 'task_complete', task_id: task.id, completed: task.completed });

const live: BySubject<WsTaskMessage> = {
  'tasks.task.assigned': (event) => ({ type: 'task_added', task_id: event.data.task.id }),
  'tasks.task.invited': (event) => ({ type: 'task_added', task_id: event.data.task.id }),
  'tasks.task.accepted': (event) => ({ type: 'task_accepted', task_id: event.data.taskId }),
  'tasks.task.deleted': (event) => ({ type: 'task_delete', task_id: event.data.taskId }),
  'tasks.task.completed': completion,
  'tasks.task.reopened': completion,
  'tasks.task.progress': ({ data: { taskId, progress } }) => ({
    type: 'progress_update',
    task_id: taskId,
    progress,
  }),
  'tasks.task.updated': ({ data: { task } }) => {
    const { title, description, dueDate, priority, progress } = task;
    return {
      type: 'task_update',
      task_id: task.id,
      task: { title, description, dueDate, priority, progress },
    };
  },
  'tasks.folders.changed': () => ({ type: 'folders_changed' }),
  'folders.counts.changed': () => ({ type: 'folders_changed' }),
};

/**
 * The `/ws/tasks/` message for an event (SPEC §4, plus `task_added`, `task_accepted`, `folders_changed`), if it
 * changes a task list or the folders.
 */
export const liveTaskMessage = (event: EventEnvelope): WsTaskMessage | undefined => bySubject(live, event);
