import { randomUUID } from 'node:crypto';
import {
  type EventEnvelope,
  errorBody,
  routes,
  type Task,
  taskAnswer,
  taskListResponse,
} from '@baton/contracts';
import { recurrenceMessages, taskMessages } from '@baton/contracts/constants';
import { createLogger, InProcessBus } from '@baton/service-kit';
import { databaseServerUrl, jsonRequest, readJson, type SignedUpUser } from '@baton/test-kit';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTasks } from '../../app';
import { eventually, recordEvents, useTestTasks } from '../../testing';

/** Repeating tasks: completing an occurrence makes the next one, once, with the rule's next due date. */
const env = useTestTasks();

const form = {
  title: 'Water the plants',
  description: 'The big ones too',
  dueDate: '2026-12-01',
  priority: 'Immediate',
};
let ana: SignedUpUser;
let ben: SignedUpUser;
let events: EventEnvelope[] = [];

beforeAll(async () => {
  ana = await env.t.person({ firstname: 'Ana' });
  ben = await env.t.person({ firstname: 'Ben' });
  events = await recordEvents(env.t, ['tasks.task.created']);
});

/** The created events of this task, once there is one. */
const createdEvents = (taskId: string | undefined) =>
  eventually(async () => {
    const found = events.filter((e) => (e.data as { task: Task }).task.id === taskId);
    return found.length > 0 && found;
  });

async function created(path: string, body: Record<string, unknown>, who = ana) {
  const res = await env.t.post(path, body, who.access);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await readJson(res)).id as string;
}

const complete = (id: string, who: SignedUpUser, completed = true, call = env.t.call) =>
  call('POST', routes.completeTask.path.replace('{id}', id), who.access, { completed });

const taskOf = async (id: string, who = ana): Promise<Task> =>
  taskAnswer.parse(await readJson(await env.t.get(routes.getTask.path.replace('{taskId}', id), who.access)))
    .task;

const ownedBy = async (who: SignedUpUser) =>
  (await env.t.db.selectFrom('tasks').select('id').where('owner_id', '=', who.id).execute()).length;

/** The task's series, oldest due date first, as stored. */
async function seriesOf(id: string) {
  const { series_id } = await env.t.db
    .selectFrom('tasks')
    .select('series_id')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  if (!series_id) return [];
  return env.t.db
    .selectFrom('tasks')
    .selectAll()
    .where('series_id', '=', series_id)
    .orderBy('due_date')
    .orderBy('created_at')
    .execute();
}

/** The due dates a series reaches when each occurrence is completed as it comes, up to `n` of them. */
async function completeInTurn(id: string, who: SignedUpUser, n: number) {
  for (let i = 1; i < n; i++) {
    const open = (await seriesOf(id)).filter((row) => !row.completed);
    if (open.length === 0) break;
    expect(open).toHaveLength(1);
    expect((await complete((open[0] as { id: string }).id, who)).status).toBe(200);
  }
  return (await seriesOf(id)).map((row) => row.due_date);
}

describe('a repeat rule on the task form', () => {
  it('is stored and shown on the task and in the lists; absent keeps it, null clears it', async () => {
    const id = await created(routes.savePersonalTask.path, {
      ...form,
      recurrence: 'FREQ=WEEKLY;BYDAY=MO,TH',
    });
    expect((await taskOf(id)).recurrence).toBe('FREQ=WEEKLY;BYDAY=MO,TH');
    const list = taskListResponse.parse(
      await readJson(env.t.post(routes.personalTasks.path, { userEmail: ana.email }, ana.access)),
    );
    expect(list.tasks.find((task) => task.id === id)?.recurrence).toBe('FREQ=WEEKLY;BYDAY=MO,TH');
    const [row] = await seriesOf(id);
    expect(row).toMatchObject({ series_start: '2026-12-01', next_made: false });

    const edit = (body: Record<string, unknown>) =>
      env.t.post(routes.savePersonalTask.path, { ...form, id, ...body }, ana.access);
    expect((await edit({ title: 'Renamed' })).status).toBe(200);
    expect((await taskOf(id)).recurrence).toBe('FREQ=WEEKLY;BYDAY=MO,TH');
    expect((await edit({ recurrence: null })).status).toBe(200);
    expect((await taskOf(id)).recurrence).toBeNull();
    // A one-off task completes without a next one.
    const before = await ownedBy(ana);
    expect((await complete(id, ana)).status).toBe(200);
    expect(await ownedBy(ana)).toBe(before);
    expect(await seriesOf(id)).toEqual([]);
  });

  it.each([
    ['daily', 'FREQ=DAILY', '2026-12-30', ['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']],
    [
      'weekdays',
      'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
      '2026-12-04',
      ['2026-12-04', '2026-12-07', '2026-12-08', '2026-12-09'],
    ],
    [
      'weekly on Monday and Thursday',
      'FREQ=WEEKLY;BYDAY=MO,TH',
      '2026-11-30',
      ['2026-11-30', '2026-12-03', '2026-12-07', '2026-12-10'],
    ],
    [
      'monthly on the 31st',
      'FREQ=MONTHLY;BYMONTHDAY=31',
      '2027-01-31',
      ['2027-01-31', '2027-03-31', '2027-05-31', '2027-07-31'],
    ],
    [
      'monthly on the 15th',
      'FREQ=MONTHLY;BYMONTHDAY=15',
      '2026-12-15',
      ['2026-12-15', '2027-01-15', '2027-02-15', '2027-03-15'],
    ],
    ['yearly', 'FREQ=YEARLY', '2026-12-24', ['2026-12-24', '2027-12-24', '2028-12-24', '2029-12-24']],
    [
      'every 3 days',
      'FREQ=DAILY;INTERVAL=3',
      '2026-12-30',
      ['2026-12-30', '2027-01-02', '2027-01-05', '2027-01-08'],
    ],
    [
      'every 2 weeks',
      'FREQ=WEEKLY;INTERVAL=2',
      '2026-12-01',
      ['2026-12-01', '2026-12-15', '2026-12-29', '2027-01-12'],
    ],
    ['until a date', 'FREQ=DAILY;UNTIL=20261202', '2026-12-01', ['2026-12-01', '2026-12-02']],
    ['3 times', 'FREQ=WEEKLY;COUNT=3', '2026-12-01', ['2026-12-01', '2026-12-08', '2026-12-15']],
  ])(
    '%s: each completion makes the next, until the series ends',
    async (_name, recurrence, dueDate, expected) => {
      const id = await created(routes.savePersonalTask.path, { ...form, dueDate, recurrence });
      expect(await completeInTurn(id, ana, 4)).toEqual(expected);
    },
  );

  it('gives the next occurrence the task’s fields, not its attachment or progress, with its created event', async () => {
    const folderId = randomUUID();
    await env.t.db
      .insertInto('folders')
      .values({ id: folderId, owner_id: ana.id, name: 'Home', color: '#0a0' })
      .execute();
    const id = await created(routes.savePersonalTask.path, {
      ...form,
      folder_id: folderId,
      reminder: { daysBefore: 1, hour: 8 },
      overdueNotice: true,
      recurrence: 'FREQ=DAILY',
    });
    await env.t.db
      .updateTable('tasks')
      .set({ attachment_key: 'uploads/plants.png', attachment_name: 'plants.png', progress: 40 })
      .where('id', '=', id)
      .execute();
    expect((await complete(id, ana)).status).toBe(200);
    const [first, next] = await seriesOf(id);
    expect(first?.next_made).toBe(true);
    const task = await taskOf(next?.id as string);
    expect(task).toMatchObject({
      title: form.title,
      description: form.description,
      dueDate: '2026-12-02',
      priority: 'Immediate',
      progress: 0,
      completed: false,
      folder: { id: folderId, name: 'Home' },
      reminder: { daysBefore: 1, hour: 8 },
      overdueNotice: true,
      recurrence: 'FREQ=DAILY',
      attachment: null,
      attachmentKey: null,
      category: 'Personal Tasks',
    });
    expect(next).toMatchObject({ series_id: first?.series_id, series_start: '2026-12-01', next_made: false });
    const made = await createdEvents(next?.id);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({
      actorId: ana.id,
      audience: [ana.id],
      data: { task: { dueDate: '2026-12-02' } },
    });
  });

  it('completed, reopened and completed again, makes no second next occurrence', async () => {
    const id = await created(routes.savePersonalTask.path, { ...form, recurrence: 'FREQ=DAILY' });
    expect((await complete(id, ana)).status).toBe(200);
    expect((await complete(id, ana, false)).status).toBe(200);
    expect((await taskOf(id)).completed).toBe(false);
    expect((await complete(id, ana)).status).toBe(200);
    expect((await seriesOf(id)).map((row) => [row.due_date, row.completed])).toEqual([
      ['2026-12-01', true],
      ['2026-12-02', false],
    ]);
  });

  it('changed on an occurrence applies from the next one on; the earlier ones keep theirs', async () => {
    const id = await created(routes.savePersonalTask.path, { ...form, recurrence: 'FREQ=DAILY' });
    expect((await complete(id, ana)).status).toBe(200);
    const second = (await seriesOf(id))[1]?.id as string;
    const res = await env.t.post(
      routes.savePersonalTask.path,
      { ...form, id: second, dueDate: '2026-12-02', recurrence: 'FREQ=WEEKLY;BYDAY=MO' },
      ana.access,
    );
    expect(res.status).toBe(200);
    expect((await complete(second, ana)).status).toBe(200);
    const rows = await seriesOf(id);
    expect(rows.map((row) => [row.due_date, row.recurrence, row.series_start])).toEqual([
      ['2026-12-01', 'FREQ=DAILY', '2026-12-01'],
      ['2026-12-02', 'FREQ=WEEKLY;BYDAY=MO', '2026-12-01'],
      // 2026-12-07 is the first Monday after the 2nd.
      ['2026-12-07', 'FREQ=WEEKLY;BYDAY=MO', '2026-12-01'],
    ]);
  });

  it('moved on its first occurrence repeats from the new date', async () => {
    const id = await created(routes.savePersonalTask.path, {
      ...form,
      dueDate: '2026-12-24',
      recurrence: 'FREQ=YEARLY',
    });
    const res = await env.t.post(
      routes.savePersonalTask.path,
      { ...form, id, dueDate: '2026-12-25' },
      ana.access,
    );
    expect(res.status).toBe(200);
    expect(await completeInTurn(id, ana, 3)).toEqual(['2026-12-25', '2027-12-25', '2028-12-25']);
    // A later occurrence moved stays in its series' rhythm.
    const second = (await seriesOf(id))[1]?.id as string;
    await env.t.db
      .updateTable('tasks')
      .set({ completed: false, next_made: false })
      .where('id', '=', second)
      .execute();
    await env.t.db
      .deleteFrom('tasks')
      .where('due_date', '=', '2028-12-25')
      .where('owner_id', '=', ana.id)
      .execute();
    expect(
      (
        await env.t.post(
          routes.savePersonalTask.path,
          { ...form, id: second, dueDate: '2027-12-27' },
          ana.access,
        )
      ).status,
    ).toBe(200);
    expect((await complete(second, ana)).status).toBe(200);
    expect((await seriesOf(id)).map((row) => row.due_date)).toEqual([
      '2026-12-25',
      '2027-12-27',
      '2028-12-25',
    ]);
  });

  it('given to a one-off task starts its series at its due date', async () => {
    const id = await created(routes.savePersonalTask.path, { ...form, dueDate: '2026-12-10' });
    expect((await seriesOf(id)).length).toBe(0);
    const res = await env.t.post(
      routes.savePersonalTask.path,
      { ...form, id, dueDate: '2026-12-10T09:30:00+01:00', recurrence: 'FREQ=MONTHLY' },
      ana.access,
    );
    expect(res.status).toBe(200);
    expect(await completeInTurn(id, ana, 2)).toEqual(['2026-12-10T09:30:00+01:00', '2027-01-10']);
    expect((await seriesOf(id))[0]?.series_start).toBe('2026-12-10');
  });

  it.each([
    ['an unknown part', 'FREQ=DAILY;FOO=1', recurrenceMessages.invalid],
    ['a DTSTART', 'FREQ=DAILY;DTSTART=20260101', recurrenceMessages.invalid],
    ['a time of day', 'FREQ=DAILY;BYHOUR=9', recurrenceMessages.invalid],
    ['a day that never comes', 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30', recurrenceMessages.invalid],
    ['a count of 0', 'FREQ=DAILY;COUNT=0', recurrenceMessages.invalid],
    ['not a rule', 'every day', recurrenceMessages.invalid],
    ['an hourly rule', 'FREQ=HOURLY', recurrenceMessages.invalid],
    ['a number', 7, recurrenceMessages.invalid],
    ['a rule too long', `FREQ=DAILY;BYDAY=${Array(90).fill('MO').join(',')}`, recurrenceMessages.tooLong],
  ])('with %s is refused with 400 and the sentence, on every form', async (_name, recurrence, message) => {
    const own = await created(routes.savePersonalTask.path, form);
    const shared = await created(routes.assignTask.path, { ...form, email: ben.email });
    const before = await env.t.db
      .selectFrom('tasks')
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    for (const [path, body] of [
      [routes.savePersonalTask.path, form],
      [routes.assignTask.path, { ...form, email: ben.email }],
      [routes.inviteToTask.path, { ...form, email: ben.email }],
      [routes.savePersonalTask.path, { ...form, id: own }],
      [routes.editSharedTask.path, { ...form, id: shared }],
    ] as const) {
      const res = await env.t.post(path, { ...body, recurrence }, ana.access);
      expect(res.status, path).toBe(400);
      expect(errorBody.parse(await readJson(res)).message, path).toBe(message);
    }
    const after = await env.t.db
      .selectFrom('tasks')
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    expect((await taskOf(own)).recurrence).toBeNull();
  });

  it('needs a due date', async () => {
    const { dueDate: _none, ...undated } = form;
    const res = await env.t.post(
      routes.savePersonalTask.path,
      { ...undated, recurrence: 'FREQ=DAILY' },
      ana.access,
    );
    expect(res.status).toBe(400);
    // The form asks for the due date before the rule can need it; the service's own sentence is
    // `recurrenceMessages.needsDueDate` (recurrence.test.ts), for a task that has none.
    expect(errorBody.parse(await readJson(res)).message).toBe(taskMessages.required);
  });
});

describe('a delegated repeating task', () => {
  it('keeps its recipient and their acceptance on the next occurrence, which both sides see', async () => {
    const id = await env.t.delegated(ana, ben, {
      role: 'assign',
      form: { ...form, recurrence: 'FREQ=WEEKLY;BYDAY=MO,TH' },
    });
    // Only the recipient completes a delegated task; the owner may not (and makes no next one).
    expect((await complete(id, ana)).status).toBe(403);
    expect(await seriesOf(id)).toHaveLength(1);
    expect((await complete(id, ben)).status).toBe(200);
    const next = (await seriesOf(id))[1];
    expect(next).toMatchObject({
      due_date: '2026-12-03',
      kind: 'assign',
      owner_id: ana.id,
      recipient_id: ben.id,
    });
    const asBen = await taskOf(next?.id as string, ben);
    expect(asBen).toMatchObject({
      is_accepted: true,
      is_trusted: false,
      assigned_users: [ben.email],
      category: 'Assigned Tasks',
    });
    expect((await taskOf(next?.id as string, ana)).category).toBe('Tasks Delegated - Assigned');
    const made = await createdEvents(next?.id);
    expect(made).toHaveLength(1);
    expect([...(made[0]?.audience ?? [])].sort()).toEqual([ana.id, ben.id].sort());
    // And the recipient goes on: no accept link, no mail needed.
    expect((await complete(next?.id as string, ben)).status).toBe(200);
    expect((await seriesOf(id)).map((row) => row.due_date)).toEqual([
      '2026-12-01',
      '2026-12-03',
      '2026-12-07',
    ]);
  });

  it('keeps a trusted sender’s trust on the next occurrence', async () => {
    const cy = await env.t.person({ firstname: 'Cy' });
    await env.t.trust(cy, ana);
    const id = await created(routes.inviteToTask.path, {
      ...form,
      email: cy.email,
      recurrence: 'FREQ=DAILY',
    });
    expect(await taskOf(id, cy)).toMatchObject({ is_accepted: true, is_trusted: true });
    expect((await complete(id, cy)).status).toBe(200);
    const next = (await seriesOf(id))[1]?.id as string;
    expect(await taskOf(next, cy)).toMatchObject({
      is_accepted: true,
      is_trusted: true,
      invited_users: [cy.email],
    });
  });

  it('takes a rule from the owner’s edit, for the later occurrences', async () => {
    const id = await env.t.delegated(ana, ben, { role: 'invite' });
    const res = await env.t.post(
      routes.editSharedTask.path,
      { ...form, id, dueDate: '2026-12-31', recurrence: 'FREQ=YEARLY' },
      ana.access,
    );
    expect(res.status).toBe(200);
    expect((await complete(id, ben)).status).toBe(200);
    expect((await seriesOf(id)).map((row) => row.due_date)).toEqual(['2026-12-31', '2027-12-31']);
  });
});

/** A second tasks service on the same database, as another replica would be (its own pool, bus and relay). */
async function startReplica() {
  const { t } = env;
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.db);
  const bus = new InProcessBus();
  const replica = await createTasks({
    databaseUrl: databaseServerUrl(),
    database: rows[0]?.name as string,
    bus,
    config: t.tasks.deps.config,
    logger: createLogger({ name: 'tasks-replica', level: 'warn' }),
    keys: t.identity.identity.deps.keys.resolver,
    identity: async (path, init) => t.identity.request(path, init),
    files: async (path, init) => t.files.request(path, init),
  });
  return {
    call: (method: string, path: string, token?: string, body?: unknown) =>
      replica.app.request(path, jsonRequest(method, body, token)),
    async close() {
      await replica.close();
      await bus.close();
    },
  };
}

describe('completing the same occurrence at the same moment', () => {
  it('through two replicas makes exactly one next occurrence', async () => {
    const replica = await startReplica();
    try {
      for (let round = 0; round < 5; round++) {
        const id = await created(routes.savePersonalTask.path, { ...form, recurrence: 'FREQ=DAILY' });
        const answers = await Promise.all(
          [env.t.call, replica.call, env.t.call, replica.call, env.t.call, replica.call].map((call) =>
            complete(id, ana, true, call),
          ),
        );
        expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200, 200, 200]);
        expect((await seriesOf(id)).map((row) => [row.due_date, row.completed])).toEqual([
          ['2026-12-01', true],
          ['2026-12-02', false],
        ]);
      }
      // A delegated one, its recipient completing it twice at once, through both replicas.
      const id = await env.t.delegated(ana, ben, { form: { ...form, recurrence: 'FREQ=DAILY' } });
      const answers = await Promise.all([
        complete(id, ben, true, env.t.call),
        complete(id, ben, true, replica.call),
      ]);
      expect(answers.map((res) => res.status)).toEqual([200, 200]);
      expect(await seriesOf(id)).toHaveLength(2);
      expect(
        await env.t.db
          .selectFrom('task_recipients')
          .select('task_id')
          .where(
            'task_id',
            'in',
            (await seriesOf(id)).map((row) => row.id),
          )
          .execute(),
      ).toHaveLength(2);
    } finally {
      await replica.close();
    }
  });
});
