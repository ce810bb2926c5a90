import { routes } from '@baton/contracts';
import { createLogger, NatsBus } from '@baton/service-kit';
import { eventually } from '@baton/tasks/testing';
import { readJson, type SignedUpUser, startPrivateNats } from '@baton/test-kit';
import { sql } from 'kysely';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Notifications } from '../app';
import { startTestNotifications, type TestNotifications } from '../testing';

/**
 * Two replicas of notifications on one database and a private nats-server: each task event is handled by
 * one of them, and each reminder, however many runners look for it, fires once (one notification, one mail).
 */
let nats: Awaited<ReturnType<typeof startPrivateNats>>;
let bus: NatsBus;
let t: TestNotifications;
let replica: Notifications;
let ana: SignedUpUser;

beforeAll(async () => {
  nats = await startPrivateNats('notifications-replicas');
  bus = await NatsBus.connect({
    url: nats.url,
    name: 'replicas-test',
    logger: createLogger({ name: 'test' }),
  });
  t = await startTestNotifications({ bus, config: { SCHEDULER_POLL_MS: 100 } });
  replica = await t.startService();
  ana = await t.person({ firstname: 'Ana' });
}, 60_000);

afterAll(async () => {
  await replica?.close();
  await t?.close();
  await bus?.close().catch(() => undefined);
  await nats?.stop();
});

it('a reminder fires once with two replicas running', async () => {
  const today = DateTime.utc().toISODate() ?? '';
  const titles = Array.from({ length: 12 }, (_, i) => `Errand ${i + 1}`);
  const ids = await Promise.all(
    titles.map(async (title) => {
      const res = await t.post(
        routes.savePersonalTask.path,
        { title, dueDate: today, priority: 'Moderate', reminder: { daysBefore: 0, hour: 0 } },
        ana.access,
      );
      expect(res.status).toBe(201);
      return (await readJson(res)).id as string;
    }),
  );
  const dueSoon = () =>
    t.db
      .selectFrom('notifications')
      .select('task_id')
      .where('user_id', '=', ana.id)
      .where('title', '=', 'Due soon')
      .execute();
  await eventually(async () => (await dueSoon()).length >= ids.length, 15_000);
  // Nothing left to run, and the mails have gone.
  await eventually(async () => {
    const { rows } = await sql<{ n: string }>`
      select count(*) as n from graphile_worker._private_jobs where run_at <= now() and attempts < max_attempts`.execute(
      t.db,
    );
    const outbox = await t.db.selectFrom('kit_outbox').select('id').limit(1).executeTakeFirst();
    return Number(rows[0]?.n) === 0 && !outbox;
  });
  const notes = await dueSoon();
  expect(notes.map((note) => note.task_id).sort()).toEqual([...ids].sort());
  for (const title of titles)
    expect(t.mailsTo(ana.email).filter((mail) => mail.subject === `“${title}” is due today.`)).toHaveLength(
      1,
    );
}, 60_000);
