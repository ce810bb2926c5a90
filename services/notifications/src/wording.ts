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

/** A calendar date the way people say it: "Fri 28 Nov", with the year when it is not this year's. */
export function dayWords(day: string | null, now = new Date()) {
  if (!day) return '';
  const date = new Date(day);
  if (Number.isNaN(date.getTime())) return '';
  const sameYear = date.getUTCFullYear() === now.getUTCFullYear();
  const text = new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  }).format(date);
  return text.replace(',', '');
}

/** A task's due date as a clause: ", due Fri 28 Nov"; nothing without a usable date. */
export function dueWords(due: string | null, now = new Date()) {
  const day = dayWords(due, now);
  return day ? `, due ${day}` : '';
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
  const next = task.is_accepted ? '' : notAccepted;
  return {
    type: 'info',
    title: assigned ? 'New task assigned' : 'New task invitation',
    message: `${what}${dueWords(task.dueDate, new Date(event.occurredAt))}.${next}`,
    taskId: task.id,
  };
}

const notAccepted = ' Accept it here or from the e-mail we sent you.';

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
  // The delegation loop (issue 35): each told to the other side.
  'tasks.task.declined': ({ data: { task, reason } }, actor) => ({
    type: 'warning',
    title: 'Task declined',
    message: `${actor} declined ${quoted(task.title)}: ${quoted(excerpt(reason))}. Reassign it or take it back.`,
    taskId: task.id,
  }),
  'tasks.task.date_proposed': (event, actor) => {
    const { task, dueDate, note } = event.data;
    const day = dayWords(dueDate, new Date(event.occurredAt));
    const why = note.trim() ? `: ${quoted(excerpt(note))}` : '.';
    return {
      type: 'info',
      title: 'New date proposed',
      message: `${actor} proposed ${day} for ${quoted(task.title)}${why}`,
      taskId: task.id,
    };
  },
  'tasks.task.proposal_answered': (event, actor) => {
    const { task, accepted, dueDate } = event.data;
    const day = dayWords(dueDate, new Date(event.occurredAt));
    return accepted
      ? {
          type: 'success',
          title: 'Proposal accepted',
          message: `${actor} accepted your date for ${quoted(task.title)}: it is due ${day} now.`,
          taskId: task.id,
        }
      : {
          type: 'warning',
          title: 'Proposal declined',
          message: `${actor} kept the due date of ${quoted(task.title)}${day ? `: ${day}` : ''}.`,
          taskId: task.id,
        };
  },
  // Told to the previous recipient only (`readers`): the task is no longer theirs to open.
  'tasks.task.reassigned': ({ data: { task, recipientEmail } }, actor) => ({
    type: 'warning',
    title: 'Task reassigned',
    message: `${actor} ${recipientEmail ? 'gave' : 'took back'} ${quoted(task.title)}${recipientEmail ? ' to someone else' : ''}. It is no longer in your lists.`,
    taskId: null,
  }),
  'tasks.task.nudged': (event, actor) => {
    const { task } = event.data;
    return {
      type: 'info',
      title: 'A nudge',
      message: `${actor} is waiting on ${quoted(task.title)}${dueWords(task.dueDate, new Date(event.occurredAt))}.${task.is_accepted ? '' : notAccepted}`,
      taskId: task.id,
    };
  },
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
  // A nudge about a task not accepted yet offers Accept too.
  'tasks.task.nudged': ({ data: { task, recipientId } }) =>
    !task.is_accepted && recipientId
      ? { userId: recipientId, action: task.assigned_users.length ? 'assign_accept' : 'invite_accept' }
      : undefined,
};

/** Events told to some of their audience only (the others hear of them through their lists). */
const readers: BySubject<(string | null)[]> = {
  // The owner and the new recipient are in its audience; the new one hears of it as an assignment.
  'tasks.task.reassigned': (event) => [event.data.previousRecipientId],
  'tasks.task.nudged': (event) => [event.data.recipientId],
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
  const told = bySubject(readers, event)?.filter((id) => id !== null && event.audience.includes(id));
  const people = new Set((told ?? event.audience).filter((id): id is string => id !== event.actorId));
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
  // A card changed in ways `task_update` does not carry (declined, a proposal, a recipient): lists are fetched again.
  'tasks.task.declined': (event) => ({ type: 'task_added', task_id: event.data.task.id }),
  'tasks.task.date_proposed': (event) => ({ type: 'task_added', task_id: event.data.task.id }),
  'tasks.task.proposal_answered': (event) => ({ type: 'task_added', task_id: event.data.task.id }),
  'tasks.task.reassigned': (event) => ({ type: 'task_added', task_id: event.data.task.id }),
};

type Leaver = { userId: string | null; message: WsTaskMessage };
const gone = (userId: string | null, taskId: string): Leaver => ({
  userId,
  message: { type: 'task_delete', task_id: taskId },
});

/** Who lost the task with this event, and the message that lets it go from their lists. */
const leaving: BySubject<Leaver> = {
  'tasks.task.declined': ({ data }) => gone(data.recipientId, data.task.id),
  'tasks.task.reassigned': ({ data }) => gone(data.previousRecipientId, data.task.id),
};
export const leaverOf = (event: EventEnvelope): Leaver | undefined => bySubject(leaving, event);

/**
 * The `/ws/tasks/` message for an event (SPEC §4, plus `task_added`, `task_accepted`, `folders_changed`), if it
 * changes a task list or the folders.
 */
export const liveTaskMessage = (event: EventEnvelope): WsTaskMessage | undefined => bySubject(live, event);
