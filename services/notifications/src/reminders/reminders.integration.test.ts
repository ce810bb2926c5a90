import { randomUUID } from 'node:crypto';
import { routes } from '@baton/contracts';
import { eventually } from '@baton/tasks/testing';
import { readJson, type SignedUpUser } from '@baton/test-kit';
import { sql } from 'kysely';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelJob, type JobName, jobsConsumer, scheduleJob } from '../scheduler/scheduler';
import { eventOf, sampleTask, startTestNotifications, type TestNotifications } from '../testing';
import { overdueMoment, reminderMoment } from './moments';
import { followTaskChange, overdueKey, reminderKey } from './reminders.service';

/**
 * Reminders and overdue notices from tasks' real routes through notifications' consumer and job queue (real
 * Postgres, in-process bus), with the runner looking for due jobs every 100 ms. A future moment is reached
 * by pulling its queued job's time forward, as time passing would.
 */
let t: TestNotifications;
/** The database, through the service running now (a restart opens it again). */
let db: TestNotifications['db'];
let ana: SignedUpUser;
let ben: SignedUpUser;

beforeAll(async () => {
  t = await startTestNotifications({ config: { SCHEDULER_POLL_MS: 100 } });
  db = t.db;
  ana = await t.person({ firstname: 'Ana' });
  ben = await t.person({ firstname: 'Ben' });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const utcDay = (days: number) => DateTime.utc().plus({ days }).toISODate() ?? '';

/** The queued job of `key` (not run yet, or failed): its time and payload. */
const queued = async (key: string) =>
  (
    await sql<{ run_at: Date; attempts: number; payload: Record<string, unknown> }>`
      select run_at, attempts, payload from graphile_worker._private_jobs where key = ${key}`.execute(db)
  ).rows[0];

/** Time passes: the job of `key` comes due now. */
const comesDue = (key: string) =>
  sql`update graphile_worker._private_jobs set run_at = now() where key = ${key}`.execute(db);

/**
 * `user`'s notifications titled `title`, of task `taskId` when given: a task of an earlier test may come due
 * in the meantime (late in the UTC day, its day has passed in the zone an earlier test set).
 */
const notesOf = (user: SignedUpUser, title: string, taskId?: string) =>
  db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', user.id)
    .where('title', '=', title)
    .$if(taskId !== undefined, (q) => q.where('task_id', '=', taskId as string))
    .orderBy('created_at')
    .execute();

const firings = async (key: string) =>
  Number(
    (await sql<{ n: string }>`select count(*) as n from reminders_fired where job_key = ${key}`.execute(db))
      .rows[0]?.n,
  );

async function createTask(path: string, body: Record<string, unknown>, owner = ana) {
  const res = await t.post(path, { priority: 'Moderate', ...body }, owner.access);
  expect(res.status, await res.clone().text()).toBe(201);
  const { id } = await readJson(res);
  // Its created event has reached notifications.
  await eventually(() =>
    db.selectFrom('reminder_tasks').select('task_id').where('task_id', '=', id).executeTakeFirst(),
  );
  return id as string;
}

const editPersonal = async (id: string, body: Record<string, unknown>) => {
  const res = await t.post(routes.savePersonalTask.path, { priority: 'Moderate', id, ...body }, ana.access);
  expect(res.status, await res.clone().text()).toBe(200);
};

/** Waits until the relay has sent every mail and push written so far. */
const outboxEmpty = () =>
  eventually(async () => !(await db.selectFrom('kit_outbox').select('id').limit(1).executeTakeFirst()));

/** Waits for the queue to hold nothing due: every job that came due has run. */
const drained = () =>
  eventually(async () => {
    const { rows } = await sql<{ n: string }>`
      select count(*) as n from graphile_worker._private_jobs
       where run_at <= now() and attempts < max_attempts`.execute(db);
    return Number(rows[0]?.n) === 0;
  });

describe('a reminder', () => {
  it('whose moment has passed when it is set fires within seconds, once', async () => {
    const started = Date.now();
    const id = await createTask(routes.savePersonalTask.path, {
      title: 'Pay the rent',
      dueDate: utcDay(0),
      reminder: { daysBefore: 0, hour: 0 },
    });
    const [note] = await eventually(async () => {
      const notes = await notesOf(ana, 'Due soon');
      return notes.length ? notes : undefined;
    }, 10_000);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(note).toMatchObject({ type: 'info', message: '“Pay the rent” is due today.', task_id: id });
    // Pushed to the bell like any notification.
    await eventually(async () =>
      t.pushesTo(ana.id, 'notifications').some((push) => (push.payload as { id?: string }).id === note?.id),
    );

    await drained();
    expect(await notesOf(ana, 'Due soon')).toHaveLength(1);
    expect(await firings(reminderKey(id))).toBe(1);
  });

  it('run a second time (a crash after its commit) notifies nobody again', async () => {
    const id = await createTask(routes.savePersonalTask.path, {
      title: 'Renew the passport',
      dueDate: utcDay(0),
      reminder: { daysBefore: 0, hour: 0 },
    });
    const key = reminderKey(id);
    const mails = () => t.mailsTo(ana.email).filter((mail) => mail.subject.includes('Renew the passport'));
    // Due-soon mails go at once by default.
    await eventually(async () => mails().length === 1);
    const moment = reminderMoment(utcDay(0), { daysBefore: 0, hour: 0 }, 'UTC');
    const payload = {
      taskId: id,
      userId: ana.id,
      moment,
      dueDate: utcDay(0),
      reminder: { daysBefore: 0, hour: 0 },
    };
    await t.service.deps.write((trx) =>
      scheduleJob(trx, { job: 'reminder', key, runAt: new Date(), payload }),
    );
    await drained();
    expect(await queued(key)).toBeUndefined();
    await outboxEmpty();
    expect(await firings(key)).toBe(1);
    expect(await notesOf(ana, 'Due soon', id)).toHaveLength(1);
    expect(mails()).toHaveLength(1);
  });

  it('is scheduled in the doer’s zone, and moves with the due date and the reminder', async () => {
    await db.insertInto('preferences').values({ user_id: ana.id, timezone: 'Asia/Tokyo' }).execute();
    const due = utcDay(10);
    const id = await createTask(routes.savePersonalTask.path, {
      title: 'Board meeting',
      dueDate: due,
      reminder: { daysBefore: 1, hour: 9 },
    });
    const key = reminderKey(id);
    const at = (dueDate: string, daysBefore: number, hour: number) =>
      reminderMoment(dueDate, { daysBefore, hour }, 'Asia/Tokyo');
    await eventually(async () => (await queued(key))?.run_at.getTime() === at(due, 1, 9)?.getTime());
    expect(at(due, 1, 9)?.toISOString()).toBe(
      DateTime.fromISO(`${due}T09:00`, { zone: 'Asia/Tokyo' }).minus({ days: 1 }).toUTC().toISO(),
    );
    expect((await queued(overdueKey(id, ana.id)))?.run_at).toEqual(overdueMoment(due, 'Asia/Tokyo'));

    const later = utcDay(15);
    await editPersonal(id, { title: 'Board meeting', dueDate: later });
    await eventually(async () => (await queued(key))?.run_at.getTime() === at(later, 1, 9)?.getTime());
    expect((await queued(overdueKey(id, ana.id)))?.run_at).toEqual(overdueMoment(later, 'Asia/Tokyo'));

    await editPersonal(id, { title: 'Board meeting', dueDate: later, reminder: { daysBefore: 7, hour: 18 } });
    await eventually(async () => (await queued(key))?.run_at.getTime() === at(later, 7, 18)?.getTime());

    // A new time zone in Settings moves the reminder and the overdue notice to that zone's hours.
    const path = routes.updateNotificationPreferences.path;
    const moved = await t.notificationsCall('PUT', path, ana.access, { timezone: 'America/New_York' });
    expect(moved.status).toBe(200);
    const newYork = reminderMoment(later, { daysBefore: 7, hour: 18 }, 'America/New_York');
    expect((await queued(key))?.run_at).toEqual(newYork);
    expect((await queued(overdueKey(id, ana.id)))?.run_at).toEqual(overdueMoment(later, 'America/New_York'));
    await t.notificationsCall('PUT', path, ana.access, { timezone: 'Asia/Tokyo' });

    await editPersonal(id, { title: 'Board meeting', dueDate: later, reminder: null });
    await eventually(async () => (await queued(key)) === undefined);
    // The overdue notice stays: the doer is always told.
    expect(await queued(overdueKey(id, ana.id))).toBeDefined();
    await db.deleteFrom('preferences').where('user_id', '=', ana.id).execute();
  });

  it('is cancelled by completing the task, scheduled again by reopening it, cancelled by deleting it', async () => {
    const id = await createTask(routes.savePersonalTask.path, {
      title: 'File taxes',
      dueDate: utcDay(5),
      reminder: { daysBefore: 2, hour: 8 },
    });
    const keys = [reminderKey(id), overdueKey(id, ana.id)];
    const allQueued = async () => (await Promise.all(keys.map(queued))).every(Boolean);
    const noneQueued = async () => (await Promise.all(keys.map(queued))).every((job) => job === undefined);
    await eventually(allQueued);

    const complete = (completed: boolean) =>
      t.post(routes.completeTask.path.replace('{id}', id), { completed }, ana.access);
    expect((await complete(true)).status).toBe(200);
    await eventually(noneQueued);
    expect((await complete(false)).status).toBe(200);
    await eventually(allQueued);

    const res = await t.post(routes.deleteTask.path.replace('{id}', id), { id }, ana.access);
    expect(res.status).toBe(200);
    await eventually(noneQueued);
    // An older event delivered late (a redelivery) does not bring a deleted task's reminder back.
    const stale = eventOf('tasks.task.updated', {
      actorId: ana.id,
      audience: [ana.id],
      data: {
        task: sampleTask({
          id,
          owner: ana.email,
          category: 'Personal Tasks',
          dueDate: utcDay(5),
          reminder: { daysBefore: 2, hour: 8 },
        }),
      },
    });
    await t.service.deps.write((trx) =>
      followTaskChange({ ...stale, occurredAt: new Date(Date.now() - 60_000).toISOString() }, trx),
    );
    expect(await noneQueued()).toBe(true);
  });

  it('that came due for a moment its task no longer wants fires nothing', async () => {
    const id = await createTask(routes.savePersonalTask.path, {
      title: 'Water the plants',
      dueDate: utcDay(3),
      reminder: { daysBefore: 1, hour: 7 },
    });
    const key = reminderKey(id);
    await eventually(() => queued(key));
    const { payload } = (await queued(key)) ?? { payload: {} };
    // The due date moved (its job was moved too); the old job, had it still run, is out of date.
    await editPersonal(id, { title: 'Water the plants', dueDate: utcDay(4) });
    await eventually(async () => (await queued(key))?.payload.dueDate === utcDay(4));
    await t.service.deps.write(async (trx) => {
      await cancelJob(trx, key);
      await scheduleJob(trx, { job: 'reminder', key, runAt: new Date(), payload });
    });
    await drained();
    expect(await firings(key)).toBe(0);
    expect(await notesOf(ana, 'Due soon', id)).toEqual([]);
  });
});

describe('a delegated task', () => {
  it('reminds its recipient once accepted, and tells the delegator who asked when it is overdue', async () => {
    const due = utcDay(-2);
    const id = await createTask(routes.assignTask.path, {
      title: 'Draft the contract',
      dueDate: due,
      email: ben.email,
      reminder: { daysBefore: 0, hour: 0 },
      overdueNotice: true,
    });
    // Not accepted yet: nobody does it, so nobody is reminded; Ana asked to hear when it is overdue.
    const forAna = await eventually(async () => {
      const notes = await notesOf(ana, 'Overdue', id);
      return notes.length ? notes : undefined;
    }, 10_000);
    expect(forAna).toEqual([
      expect.objectContaining({
        type: 'warning',
        task_id: id,
        message: `“Draft the contract”, which you delegated, was due ${DateTime.fromISO(due).toFormat('ccc d LLL')} and is not completed yet.`,
      }),
    ]);
    expect(await queued(reminderKey(id))).toBeUndefined();

    const accepted = await t.post(
      routes.acceptTask.path,
      { task_id: id, user_email: ben.email, trusted: false, role: 'assign' },
      ben.access,
    );
    expect(accepted.status).toBe(200);
    const day = DateTime.fromISO(due).toFormat('ccc d LLL');
    await eventually(
      async () =>
        (await notesOf(ben, 'Due soon', id)).length === 1 && (await notesOf(ben, 'Overdue', id)).length === 1,
      10_000,
    );
    expect(await notesOf(ben, 'Due soon', id)).toEqual([
      expect.objectContaining({ message: `“Draft the contract” was due ${day}.`, task_id: id }),
    ]);
    expect(await notesOf(ben, 'Overdue', id)).toEqual([
      expect.objectContaining({ message: `“Draft the contract” was due ${day} and is not completed yet.` }),
    ]);
    await drained();
    // Accepting moved nothing that had fired: Ana was told once.
    expect(await notesOf(ana, 'Overdue', id)).toHaveLength(1);
  });

  it('speaks the language of the person it tells: German to a German delegator and doer', async () => {
    const [clara, dora] = [await t.person({ firstname: 'Clara' }), await t.person({ firstname: 'Dora' })];
    for (const person of [clara, dora]) {
      const res = await t.notificationsCall('PUT', routes.getNotificationPreferences.path, person.access, {
        language: 'de',
      });
      expect(res.status).toBe(200);
    }
    const due = utcDay(-2);
    const id = await createTask(
      routes.assignTask.path,
      {
        title: 'Vertrag entwerfen',
        dueDate: due,
        email: dora.email,
        reminder: { daysBefore: 0, hour: 0 },
        overdueNotice: true,
      },
      clara,
    );
    const day = DateTime.fromISO(due).setLocale('de').toFormat("ccc'.' d. LLLL");
    // Not accepted yet: nobody does it, so Clara delegated it to nobody in particular.
    await eventually(async () => (await notesOf(clara, 'Überfällig', id)).length === 1, 10_000);
    expect(await notesOf(clara, 'Überfällig', id)).toEqual([
      expect.objectContaining({
        message: `„Vertrag entwerfen“, die du delegiert hast, war am ${day} fällig und ist noch nicht erledigt.`,
      }),
    ]);
    const accepted = await t.post(
      routes.acceptTask.path,
      { task_id: id, user_email: dora.email, trusted: false, role: 'assign' },
      dora.access,
    );
    expect(accepted.status).toBe(200);
    await eventually(
      async () =>
        (await notesOf(dora, 'Bald fällig', id)).length === 1 &&
        (await notesOf(dora, 'Überfällig', id)).length === 1,
      10_000,
    );
    expect((await notesOf(dora, 'Bald fällig', id)).map((n) => n.message)).toEqual([
      `„Vertrag entwerfen“ war am ${day} fällig.`,
    ]);
    expect((await notesOf(dora, 'Überfällig', id)).map((n) => n.message)).toEqual([
      `„Vertrag entwerfen“ war am ${day} fällig und ist noch nicht erledigt.`,
    ]);
  });
});

describe('the job queue', () => {
  it('shows in /readyz, and keeps a job that failed for good as a dead letter', async () => {
    const key = `reminder:${randomUUID()}`;
    await t.service.deps.write((trx) =>
      scheduleJob(trx, {
        job: 'reminder',
        key,
        runAt: new Date(),
        payload: { not: 'a reminder' },
        maxAttempts: 1,
      }),
    );
    const letter = await eventually(() =>
      db.selectFrom('kit_dead_letters').selectAll().where('consumer', '=', jobsConsumer).executeTakeFirst(),
    );
    expect(letter).toMatchObject({
      subject: 'reminder',
      attempts: 1,
      payload: { key, payload: { not: 'a reminder' } },
    });
    const ready = await readJson(await t.service.app.request('/readyz'));
    expect(ready.details.jobs).toMatchObject({ failed: 1 });
    expect(ready.details.deadLetters).toBeGreaterThanOrEqual(1);
  });

  it('runs a dead job again once an operator asks (npm run dead-letters -- notifications replay)', async () => {
    const id = await createTask(routes.savePersonalTask.path, {
      title: 'Send the invoices',
      dueDate: utcDay(2),
      reminder: { daysBefore: 1, hour: 10 },
    });
    const key = reminderKey(id);
    const { payload } = await eventually(() => queued(key));
    // The job failed for good (its row gone, its letter kept), and its cause was fixed since.
    await t.service.deps.write((trx) => cancelJob(trx, key));
    const letter = await db
      .insertInto('kit_dead_letters')
      .values({
        consumer: jobsConsumer,
        subject: 'reminder',
        event_id: null,
        payload: JSON.stringify({ key, payload }),
        error: 'SMTP was away',
        attempts: 9,
        replay_requested_at: null,
        replayed_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('kit_dead_letters')
      .set({ replay_requested_at: new Date() })
      .where('id', '=', letter.id)
      .execute();
    await eventually(async () => (await firings(key)) === 1, 10_000);
    const replayed = await db
      .selectFrom('kit_dead_letters')
      .select('replayed_at')
      .where('id', '=', letter.id)
      .executeTakeFirstOrThrow();
    expect(replayed.replayed_at).not.toBeNull();
  });

  it('counts jobs due and late', async () => {
    // A job of a name no runner knows stays due: an hour late.
    const late = { job: 'unknown' as JobName, key: 'unknown:late', payload: {} };
    await t.service.deps.write((trx) =>
      scheduleJob(trx, { ...late, runAt: new Date(Date.now() - 3_600_000) }),
    );
    const ready = await readJson(await t.service.app.request('/readyz'));
    expect(ready.details.jobs).toMatchObject({ due: 1, late: 1 });
    await t.service.deps.write((trx) => cancelJob(trx, late.key));
    expect((await readJson(await t.service.app.request('/readyz'))).details.jobs).toMatchObject({
      due: 0,
      late: 0,
    });
  });
});

describe('across a restart', () => {
  it('a reminder scheduled before the service stopped fires once after it started again', async () => {
    const id = await createTask(routes.savePersonalTask.path, {
      title: 'Book the venue',
      dueDate: utcDay(3),
      reminder: { daysBefore: 1, hour: 9 },
    });
    const key = reminderKey(id);
    await eventually(() => queued(key));
    await t.service.close();
    const again = await t.startService({ SCHEDULER_POLL_MS: 100, SCHEDULER_CONCURRENCY: 1 });
    db = again.deps.db;
    try {
      // While nothing ran, its moment came.
      await comesDue(key);
      await eventually(async () => (await firings(key)) === 1, 10_000);
      await drained();
      expect(await notesOf(ana, 'Due soon', id)).toEqual([
        expect.objectContaining({
          message: `“Book the venue” is due ${DateTime.fromISO(utcDay(3)).toFormat('ccc d LLL')}.`,
        }),
      ]);
    } finally {
      await again.close();
    }
  });
});
