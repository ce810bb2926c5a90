import { randomUUID } from 'node:crypto';
import type { WsTaskMessage } from '@baton/contracts';
import { readJson, type SignedUpUser } from '@baton/test-kit';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventOf, startTestNotifications, type TestNotifications } from '../../testing';
import { keptForMs, logTaskMessage, replayMax } from './notifications.service';

let t: TestNotifications;
let ana: SignedUpUser;

beforeAll(async () => {
  t = await startTestNotifications();
  ana = await t.person({ firstname: 'Ana' });
}, 60_000);
afterAll(() => t?.close());

const progress = (n: number): WsTaskMessage => ({
  type: 'progress_update',
  task_id: randomUUID(),
  progress: n,
});

/** Logs one message for `userId` in a transaction of its own; the entry's id. */
async function log(userId: string, message: WsTaskMessage) {
  await t.db.transaction().execute((trx) => logTaskMessage(trx, randomUUID(), [userId], message));
  const row = await t.db
    .selectFrom('task_messages')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('seq', 'desc')
    .executeTakeFirstOrThrow();
  return row.id;
}

const missed = async (who: SignedUpUser, after: string) => {
  const res = await t.notificationsCall('GET', `/notifications/task-messages/?after=${after}`, who.access);
  expect(res.status).toBe(200);
  return readJson(res);
};

describe("a person's /ws/tasks/ log", () => {
  it('answers what followed an entry, oldest first, with the ids the pushes carried', async () => {
    const ids = [];
    for (const n of [10, 20, 30, 40]) ids.push(await log(ana.id, progress(n)));
    const got = await missed(ana, ids[0] as string);
    expect(got.resync).toBe(false);
    expect(got.messages.map((m: { id: string; progress: number }) => [m.id, m.progress])).toEqual([
      [ids[1], 20],
      [ids[2], 30],
      [ids[3], 40],
    ]);
    const pushed = () => t.pushesTo(ana.id, 'tasks').map((m) => (m.payload as { id: string }).id);
    await expect.poll(pushed, { timeout: 5_000 }).toEqual(expect.arrayContaining(ids));
    expect(await missed(ana, ids[3] as string)).toEqual({ messages: [], resync: false });
  });

  it("answers resync for an entry it does not know, or someone else's, and 400 for a malformed one", async () => {
    const ben = await t.person({ firstname: 'Ben' });
    const bens = await log(ben.id, progress(5));
    await log(ben.id, progress(15));
    expect(await missed(ana, bens)).toEqual({ messages: [], resync: true });
    expect(await missed(ana, randomUUID())).toEqual({ messages: [], resync: true });
    const bad = await t.notificationsCall('GET', '/notifications/task-messages/?after=nope', ana.access);
    expect(bad.status).toBe(400);
    const anonymous = await t.notificationsCall('GET', `/notifications/task-messages/?after=${bens}`);
    expect(anonymous.status).toBe(401);
  });

  it('numbers one person’s entries in commit order, however their transactions overlap', async () => {
    const cleo = await t.person({ firstname: 'Cleo' });
    const committed: number[] = [];
    // Twelve transactions log at once; each then holds on for a while of its own before committing.
    await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        t.db
          .transaction()
          .execute(async (trx) => {
            await logTaskMessage(trx, randomUUID(), [cleo.id], progress(n));
            await sql`select pg_sleep(${((n * 7) % 5) / 100})`.execute(trx);
          })
          .then(() => committed.push(n)),
      ),
    );
    const rows = await t.db
      .selectFrom('task_messages')
      .select('payload')
      .where('user_id', '=', cleo.id)
      .orderBy('seq')
      .execute();
    expect(rows.map((row) => (row.payload as { progress: number }).progress)).toEqual(committed);
  });

  it('keeps a day of entries, and replays at most replayMax', async () => {
    const dan = await t.person({ firstname: 'Dan' });
    const old = await log(dan.id, progress(1));
    await t.db
      .updateTable('task_messages')
      .set({ created_at: new Date(Date.now() - keptForMs - 1_000) })
      .where('id', '=', old)
      .execute();
    const recent = await log(dan.id, progress(2));
    expect(await missed(dan, old)).toEqual({ messages: [], resync: true });
    await t.db
      .insertInto('task_messages')
      .values(
        Array.from({ length: replayMax + 1 }, (_, n) => ({
          user_id: dan.id,
          event_id: randomUUID(),
          payload: JSON.stringify(progress(n % 100)),
        })),
      )
      .execute();
    expect(await missed(dan, recent)).toEqual({ messages: [], resync: true });
  });

  it("turns tasks' and folders' word that folders changed into folders_changed, logged and pushed", async () => {
    const eve = await t.person({ firstname: 'Eve' });
    for (const type of ['tasks.folders.changed', 'folders.counts.changed'] as const) {
      const event = eventOf(type, { actorId: eve.id, audience: [eve.id], data: {} });
      await t.bus.publish(event.type, event, { msgId: event.id });
    }
    await expect
      .poll(() => t.pushesTo(eve.id, 'tasks').map((m) => (m.payload as { type: string }).type))
      .toEqual(['folders_changed', 'folders_changed']);
    const logged = await t.db
      .selectFrom('task_messages')
      .select('id')
      .where('user_id', '=', eve.id)
      .execute();
    expect(logged).toHaveLength(2);
  });
});
