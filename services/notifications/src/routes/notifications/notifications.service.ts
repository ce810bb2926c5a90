import type { EventEnvelope, EventSubject, NotificationEvent, WsTaskMessage } from '@baton/contracts';
import { enqueuePush } from '@baton/service-kit';
import type { NotificationsConfig } from '../../config';
import type { NotificationsDeps, NotificationsTrx } from '../../context';
import { type Delivery, deliver } from '../../delivery/delivery.service';
import { leaverOf, liveTaskMessage, notificationsFor } from '../../wording';
import { languagesOf } from '../preferences/preferences.repository';
import {
  erasedAmong,
  insertTaskMessages,
  lockPeople,
  nameOf,
  newestNotifications,
  notificationsSince,
  notificationTime,
  pruneTaskMessages,
  taskMessageSeq,
  taskMessagesAfter,
  toNotification,
} from './notifications.repository';

/** How far before the `after` notification's time a resume looks (a consumer transaction's length, and more). */
const resumeMarginMs = 10_000;
/** How long a person's `/ws/tasks/` messages are kept: a socket away for longer fetches its lists again. */
export const keptForMs = 24 * 60 * 60 * 1000;
/** The most messages a resume replays; a socket that missed more fetches its lists again. */
export const replayMax = 500;

/**
 * The person's newest notifications; with `after` (one of theirs), what a reconnecting bell missed since it,
 * oldest first.
 */
export async function listNotifications(deps: NotificationsDeps, userId: string, after: string | undefined) {
  const limit = deps.config.NOTIFICATIONS_LIST_LIMIT;
  const seen = after ? await notificationTime(deps.db, userId, after) : undefined;
  const rows =
    after && seen
      ? // created_at is its transaction's start, so a notification that committed after `after` may carry an
        // earlier time. A margin catches those; the client knows the rest.
        await notificationsSince(deps.db, userId, new Date(seen.getTime() - resumeMarginMs), after, limit)
      : await newestNotifications(deps.db, userId, limit);
  return rows.map(toNotification);
}

/**
 * Logs `message` for each of `people` and queues its push to their `/ws/tasks/` sockets, carrying the log
 * entry's id. The people are locked first, in one order (a lock per person, held until commit), so one
 * person's entries take their `seq` in commit order: a resume after an entry can never miss one that
 * committed later with a lower `seq`. A redelivered event logs and pushes nothing again.
 */
export async function logTaskMessage(
  trx: NotificationsTrx,
  eventId: string,
  people: string[],
  message: WsTaskMessage,
) {
  const ids = [...new Set(people)].sort();
  if (ids.length === 0) return;
  await lockPeople(trx, ids);
  const logged = await insertTaskMessages(trx, eventId, ids, message);
  for (const row of logged)
    await enqueuePush(trx, row.user_id, { channel: 'tasks', payload: { ...message, id: row.id } });
  await pruneTaskMessages(trx, ids, new Date(Date.now() - keptForMs));
}

/**
 * What a socket of `userId` missed after the entry `after`, oldest first, each with its id; or `resync`
 * when the entry is not theirs or no longer kept, or more than `replayMax` followed it.
 */
export async function missedTaskMessages(deps: NotificationsDeps, userId: string, after: string) {
  const resync = { messages: [], resync: true };
  const seq = await taskMessageSeq(deps.db, userId, after);
  if (seq === undefined) return resync;
  const rows = await taskMessagesAfter(deps.db, userId, seq, replayMax + 1);
  if (rows.length > replayMax) return resync;
  return { messages: rows.map((row) => ({ ...row.payload, id: row.id })), resync: false };
}

type Offer = EventEnvelope<'tasks.task.assigned' | 'tasks.task.invited'>;
type Channels = Pick<Delivery, 'event' | 'mailed'>;

/**
 * An assignment or invitation not accepted yet came with tasks' accept-link mail: no second one. A trusted
 * sender's is accepted at once, and no mail went.
 */
const offer = (event: Offer, key: NotificationEvent): Channels => ({
  event: key,
  mailed: !event.data.task.is_accepted,
});

/** The preference each subject's notifications follow; the others (updated, reopened, deleted) ring the bell only. */
const channelsOf: { [S in EventSubject]?: (event: EventEnvelope<S>) => Channels } = {
  'tasks.task.assigned': (event) => offer(event, 'assigned'),
  'tasks.task.invited': (event) => offer(event, 'invited'),
  'tasks.task.accepted': () => ({ event: 'accepted' }),
  'tasks.task.completed': () => ({ event: 'completed' }),
  'tasks.task.progress': () => ({ event: 'progress' }),
  'tasks.comment.created': () => ({ event: 'comment' }),
  'tasks.task.declined': () => ({ event: 'declined' }),
  'tasks.task.date_proposed': () => ({ event: 'date_proposed' }),
  'tasks.task.proposal_answered': () => ({ event: 'proposal_answered' }),
  'tasks.task.reassigned': () => ({ event: 'reassigned' }),
  'tasks.task.nudged': () => ({ event: 'nudged' }),
};
const channelsFor = (event: EventEnvelope): Channels =>
  (channelsOf[event.type] as ((event: EventEnvelope) => Channels) | undefined)?.(event) ?? { event: null };

/**
 * The handler of task, comment and folder events: it tells the people concerned by the channels they chose
 * (`deliver`: the bell with its `/ws/notifications/` push, mail, digest, web push), and logs the event's
 * `/ws/tasks/` message for everyone in its audience (the actor's other tabs too) with its push, all in the
 * consumer's transaction. The outbox publishes after commit, so a crash loses none and a redelivery adds none.
 */
export const notifierOf =
  (config: NotificationsConfig) =>
  async (event: EventEnvelope, trx: NotificationsTrx): Promise<void> => {
    const gone = await erasedAmong(trx, event.audience);
    const languages = await languagesOf(trx, event.audience);
    const drafts = notificationsFor(event, await nameOf(trx, event.actorId), languages).filter(
      (d) => !gone.has(d.userId),
    );
    await deliver(trx, { eventId: event.id, drafts, ...channelsFor(event) }, config);
    const live = liveTaskMessage(event);
    if (live) {
      // Whoever lost the task with this event (declined, reassigned away) sees it leave their lists.
      const leaver = leaverOf(event);
      const stays = (userId: string) => !gone.has(userId) && userId !== leaver?.userId;
      await logTaskMessage(trx, event.id, event.audience.filter(stays), live);
      if (leaver?.userId && !gone.has(leaver.userId))
        await logTaskMessage(trx, event.id, [leaver.userId], leaver.message);
    }
  };
