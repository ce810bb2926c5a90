import type {
  EventEnvelope,
  EventSubject,
  Notification,
  NotificationType,
  WsTaskMessage,
} from '@baton/contracts';
import { type Language, mailLocale } from '@baton/mailer';

import { type NoticeT, noticeT } from './i18n';

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

/** A calendar date the way people say it: "Fri 28 Nov", with the year when it is not this year's. */
export function dayWords(day: string | null, now = new Date(), language: Language = 'en') {
  if (!day) return '';
  const date = new Date(day);
  if (Number.isNaN(date.getTime())) return '';
  const sameYear = date.getUTCFullYear() === now.getUTCFullYear();
  const text = new Intl.DateTimeFormat(mailLocale(language), {
    weekday: 'short',
    day: 'numeric',
    // German short months end in a dot ("Dez."), which a sentence's own full stop would double.
    month: language === 'de' ? 'long' : 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  }).format(date);
  return text.replace(',', '');
}

/** A task's due date as a clause: ", due Fri 28 Nov"; nothing without a usable date. */
export function dueWords(due: string | null, now = new Date(), language: Language = 'en') {
  const day = dayWords(due, now, language);
  return day ? noticeT(language)('due', { day }) : '';
}

/** The words of one language: its sentences, quotes and dates. */
interface Wordsmith {
  t: NoticeT;
  quoted: (text: string) => string;
  day: (day: string | null, now: Date) => string;
  due: (due: string | null, now: Date) => string;
}
const wordsmiths = new Map<Language, Wordsmith>();
const wordsmithOf = (language: Language): Wordsmith => {
  let smith = wordsmiths.get(language);
  if (!smith) {
    const t = noticeT(language);
    smith = {
      t,
      quoted: (text) => t('quoted', { text }),
      day: (day, now) => dayWords(day, now, language),
      due: (due, now) => dueWords(due, now, language),
    };
    wordsmiths.set(language, smith);
  }
  return smith;
};

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
type BySubject<R> = { [S in EventSubject]?: (event: EventEnvelope<S>, actor: string, w: Wordsmith) => R };

/** The function of `table` for the event's subject, applied; undefined when it has none. */
const bySubject = <R>(
  table: BySubject<R>,
  event: EventEnvelope,
  actor = '',
  w: Wordsmith = wordsmithOf('en'),
): R | undefined =>
  (table[event.type] as ((event: EventEnvelope, actor: string, w: Wordsmith) => R) | undefined)?.(
    event,
    actor,
    w,
  );

type Offer = EventEnvelope<'tasks.task.assigned' | 'tasks.task.invited'>;

/** An assignment or invitation, to its recipient. */
function offerWords(event: Offer, actor: string, assigned: boolean, { t, quoted, due }: Wordsmith): Words {
  const { task } = event.data;
  return {
    type: 'info',
    title: t(assigned ? 'assignedTitle' : 'invitedTitle'),
    message: t(assigned ? 'assigned' : 'invited', {
      actor,
      title: quoted(task.title),
      due: due(task.dueDate, new Date(event.occurredAt)),
      next: task.is_accepted ? '' : t('notAccepted'),
    }),
    taskId: task.id,
  };
}

/** One sentence per event, in the words of the person who reads it. */
const wording: BySubject<Words> = {
  'tasks.task.assigned': (event, actor, w) => offerWords(event, actor, true, w),
  'tasks.task.invited': (event, actor, w) => offerWords(event, actor, false, w),
  'tasks.task.accepted': ({ data: { taskId, title, role } }, actor, { t, quoted }) => ({
    type: 'success',
    title: t('acceptedTitle'),
    message: t(role === 'assign' ? 'acceptedAssign' : 'acceptedInvite', { actor, title: quoted(title) }),
    taskId,
  }),
  'tasks.task.completed': ({ data: { task } }, actor, { t, quoted }) => ({
    type: 'success',
    title: t('completedTitle'),
    message: t('completed', { actor, title: quoted(task.title) }),
    taskId: task.id,
  }),
  'tasks.task.reopened': ({ data: { task } }, actor, { t, quoted }) => ({
    type: 'warning',
    title: t('reopenedTitle'),
    message: t('reopened', { actor, title: quoted(task.title) }),
    taskId: task.id,
  }),
  'tasks.task.progress': ({ data: { taskId, title, progress, message } }, actor, { t, quoted }) => ({
    type: 'info',
    title: t('progressTitle'),
    message: t('progress', {
      actor,
      title: quoted(title),
      progress,
      note: message.trim() ? `: ${quoted(excerpt(message))}` : '.',
    }),
    taskId,
  }),
  'tasks.task.updated': (event, actor, { t, quoted, due }) => ({
    type: 'info',
    title: t('updatedTitle'),
    message: t('updated', {
      actor,
      title: quoted(event.data.task.title),
      due: due(event.data.task.dueDate, new Date(event.occurredAt)),
    }),
    taskId: event.data.task.id,
  }),
  'tasks.task.deleted': (event, actor, { t, quoted }) => ({
    type: 'error',
    title: t('deletedTitle'),
    message: t(event.actorId ? 'deleted' : 'deletedWithAccount', { actor, title: quoted(event.data.title) }),
    // Nothing left to open.
    taskId: null,
  }),
  // The delegation loop (issue 35): each told to the other side.
  'tasks.task.declined': ({ data: { task, reason } }, actor, { t, quoted }) => ({
    type: 'warning',
    title: t('declinedTitle'),
    message: t('declined', { actor, title: quoted(task.title), reason: quoted(excerpt(reason)) }),
    taskId: task.id,
  }),
  'tasks.task.date_proposed': (event, actor, { t, quoted, day }) => {
    const { task, dueDate, note } = event.data;
    return {
      type: 'info',
      title: t('proposedTitle'),
      message: t('proposed', {
        actor,
        day: day(dueDate, new Date(event.occurredAt)),
        title: quoted(task.title),
        why: note.trim() ? `: ${quoted(excerpt(note))}` : '.',
      }),
      taskId: task.id,
    };
  },
  'tasks.task.proposal_answered': (event, actor, { t, quoted, day: dayOf }) => {
    const { task, accepted, dueDate } = event.data;
    const day = dayOf(dueDate, new Date(event.occurredAt));
    return accepted
      ? {
          type: 'success',
          title: t('proposalAcceptedTitle'),
          message: t('proposalAccepted', { actor, title: quoted(task.title), day }),
          taskId: task.id,
        }
      : {
          type: 'warning',
          title: t('proposalDeclinedTitle'),
          message: t('proposalDeclined', { actor, title: quoted(task.title), day: day ? `: ${day}` : '' }),
          taskId: task.id,
        };
  },
  // Told to the previous recipient only (`readers`): the task is no longer theirs to open.
  'tasks.task.reassigned': ({ data: { task, recipientEmail } }, actor, { t, quoted }) => ({
    type: 'warning',
    title: t('reassignedTitle'),
    message: t(recipientEmail ? 'reassignedGave' : 'reassignedTook', { actor, title: quoted(task.title) }),
    taskId: null,
  }),
  'tasks.task.nudged': (event, actor, { t, quoted, due }) => {
    const { task } = event.data;
    return {
      type: 'info',
      title: t('nudgedTitle'),
      message: t('nudged', {
        actor,
        title: quoted(task.title),
        due: due(task.dueDate, new Date(event.occurredAt)),
        next: task.is_accepted ? '' : t('notAccepted'),
      }),
      taskId: task.id,
    };
  },
  'tasks.comment.created': ({ data: { taskId, taskTitle, comment } }, actor, { t, quoted }) => ({
    type: 'info',
    title: t('commentTitle'),
    message: t('comment', { actor, title: quoted(taskTitle), comment: quoted(excerpt(comment.content)) }),
    taskId,
  }),
};

/** A task's comments, while unread, are one notification: "3 new comments on “Title”; the latest …". */
const collapsing: BySubject<NotificationDraft['collapse']> = {
  'tasks.comment.created': ({ data: { taskId, taskTitle, comment } }, actor, { t, quoted }) => ({
    key: `comments:${taskId}`,
    title: t('commentsTitle'),
    tail: t('commentsTail', { title: quoted(taskTitle), actor, comment: quoted(excerpt(comment.content)) }),
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
export function notificationsFor(
  event: EventEnvelope,
  actorName: string,
  /** Each person's language (their preference); English for who is not in it. */
  languages: ReadonlyMap<string, Language> = new Map(),
): NotificationDraft[] {
  if (!bySubject(wording, event, actorName)) return [];
  const inLanguage = new Map<
    Language,
    Pick<NotificationDraft, 'type' | 'title' | 'message' | 'taskId' | 'collapse'>
  >();
  const wordsIn = (language: Language) => {
    let words = inLanguage.get(language);
    if (!words) {
      const w = wordsmithOf(language);
      const collapse = bySubject(collapsing, event, actorName, w);
      words = { ...(bySubject(wording, event, actorName, w) as Words), ...(collapse ? { collapse } : {}) };
      inLanguage.set(language, words);
    }
    return words;
  };
  const offer = bySubject(offers, event);
  const told = bySubject(readers, event)?.filter((id) => id !== null && event.audience.includes(id));
  const people = new Set((told ?? event.audience).filter((id): id is string => id !== event.actorId));
  return [...people].map((userId) => ({
    userId,
    ...wordsIn(languages.get(userId) ?? 'en'),
    action: offer?.userId === userId ? offer.action : null,
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
