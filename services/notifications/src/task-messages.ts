import type { WsTaskMessage } from '@baton/contracts';
import { enqueuePush } from '@baton/service-kit';
import { sql } from 'kysely';
import type { NotificationsDb, NotificationsTrx } from './context';

/** How long a person's `/ws/tasks/` messages are kept: a socket away for longer fetches its lists again. */
export const keptForMs = 24 * 60 * 60 * 1000;
/** The most messages a resume replays; a socket that missed more fetches its lists again. */
export const replayMax = 500;
/** The first key of the advisory locks taken on people here (the second is a hash of the person's id). */
const lockClass = 7_301;

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
  for (const id of ids) await sql`select pg_advisory_xact_lock(${lockClass}, hashtext(${id}))`.execute(trx);
  const logged = await trx
    .insertInto('task_messages')
    .values(ids.map((userId) => ({ user_id: userId, event_id: eventId, payload: JSON.stringify(message) })))
    .onConflict((oc) => oc.columns(['event_id', 'user_id']).doNothing())
    .returning(['id', 'user_id'])
    .execute();
  for (const row of logged)
    await enqueuePush(trx, row.user_id, { channel: 'tasks', payload: { ...message, id: row.id } });
  await trx
    .deleteFrom('task_messages')
    .where('user_id', 'in', ids)
    .where('created_at', '<', new Date(Date.now() - keptForMs))
    .execute();
}

/**
 * What a socket of `userId` missed after the entry `after`, oldest first, each with its id; or `resync`
 * when the entry is not theirs or no longer kept, or more than `replayMax` followed it.
 */
export async function missedTaskMessages(db: NotificationsDb, userId: string, after: string) {
  const resync = { messages: [], resync: true };
  const seen = await db
    .selectFrom('task_messages')
    .select('seq')
    .where('id', '=', after)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!seen) return resync;
  const rows = await db
    .selectFrom('task_messages')
    .select(['id', 'payload'])
    .where('user_id', '=', userId)
    .where('seq', '>', seen.seq)
    .orderBy('seq')
    .limit(replayMax + 1)
    .execute();
  if (rows.length > replayMax) return resync;
  return { messages: rows.map((row) => ({ ...row.payload, id: row.id })), resync: false };
}
