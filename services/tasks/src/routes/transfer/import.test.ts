import { readFileSync } from 'node:fs';
import { type EventEnvelope, importReport, limits, transferMessages as m, routes } from '@baton/contracts';
import { jsonRequest, readJson, type SignedUpUser } from '@baton/test-kit';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventually, recordEvents, useTestTasks } from '../../testing';

const env = useTestTasks();
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
let events: EventEnvelope[] = [];

beforeAll(async () => {
  const { t } = env;
  events = await recordEvents(t, ['tasks.folders.changed', 'tasks.task.created']);
});

const send = (who: SignedUpUser, content: string, confirm = false) =>
  env.t.post(routes.importTasks.path, { fileName: 'tasks.csv', content, confirm }, who.access);

async function report(who: SignedUpUser, content: string, confirm = false) {
  const res = await send(who, content, confirm);
  expect(res.status).toBe(200);
  return importReport.parse(await readJson(res));
}

const tasksOf = (who: SignedUpUser) =>
  env.t.db
    .selectFrom('tasks')
    .select(['title', 'description', 'due_date', 'priority', 'kind', 'completed', 'owner_id'])
    .where('owner_id', '=', who.id)
    .orderBy('created_at', 'desc')
    .execute();

async function errorOf(res: Response | Promise<Response>, status: number) {
  const answer = await res;
  expect(answer.status).toBe(status);
  return (await readJson(answer)).error;
}

/** A Todoist export of `count` tasks, each with its own title. */
const todoistFile = (count: number) =>
  [
    'TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE',
    ...Array.from({ length: count }, (_, i) => `task,Task ${i + 1},,4,1,,,2027-01-01,en,UTC`),
  ].join('\n');

describe('a Todoist CSV export', () => {
  const created = [
    {
      row: 3,
      title: 'Buy oat milk @errands',
      description: 'Two cartons, the barista kind',
      dueDate: '2026-12-03',
      priority: 'Immediate',
    },
    { row: 5, title: 'Book the dentist', description: '', dueDate: '2026-12-10', priority: 'Lenient' },
    {
      row: 7,
      title: 'Plan the "big" move, finally',
      description: 'Line one\nLine two',
      dueDate: '2027-01-05',
      priority: 'Moderate',
    },
    {
      row: 11,
      title: 'Send the quarterly report',
      description: '',
      dueDate: '2026-12-31',
      priority: 'Immediate',
    },
    // No DATE: its DEADLINE is the due date.
    { row: 13, title: 'Renew the passport', description: '', dueDate: '2027-02-01', priority: 'Moderate' },
  ];

  it('previews its tasks (sections and notes are not tasks), the duplicate and the refused rows, writing nothing', async () => {
    const person = await env.t.person();
    const preview = await report(person, fixture('todoist.csv'));
    expect(preview).toEqual({
      format: 'todoist-csv',
      confirmed: false,
      created: 5,
      tasks: created,
      skipped: [{ row: 12, title: 'Buy oat milk @errands', reason: m.duplicate }],
      refused: [
        { row: 6, title: 'Water the plants', reason: m.badDate },
        { row: 8, title: '', reason: m.noTitle },
        { row: 14, title: 'Call the bank', reason: m.badDate },
      ],
      message: m.preview(5),
    });
    expect(await tasksOf(person)).toEqual([]);
  });

  it('with confirm, creates them as personal tasks in the file order, with one refresh event, not one per task', async () => {
    const person = await env.t.person();
    const done = await report(person, fixture('todoist.csv'), true);
    expect(done).toMatchObject({ confirmed: true, created: 5, message: m.imported(5) });
    const tasks = await tasksOf(person);
    expect(
      tasks.map(({ title, description, due_date, priority }) => ({ title, description, due_date, priority })),
    ).toEqual(
      created.map(({ title, description, dueDate, priority }) => ({
        title,
        description,
        due_date: dueDate,
        priority,
      })),
    );
    expect(tasks.every((task) => task.kind === 'personal' && !task.completed)).toBe(true);
    await eventually(async () =>
      events.some((event) => event.type === 'tasks.folders.changed' && event.audience.join() === person.id),
    );
    expect(
      events.filter((event) => event.actorId === person.id && event.type === 'tasks.task.created'),
    ).toEqual([]);
    // The lists count them (the side counts' triggers ran for the bulk insert).
    const list = await readJson(
      env.t.post(routes.personalTasks.path, { userEmail: person.email }, person.access),
    );
    expect(list.tasks).toHaveLength(5);
  });

  it('imported again, skips every task as a duplicate', async () => {
    const person = await env.t.person();
    await report(person, fixture('todoist.csv'), true);
    const again = await report(person, fixture('todoist.csv'), true);
    expect(again.created).toBe(0);
    expect(again.skipped.map((row) => row.row)).toEqual([3, 5, 7, 11, 12, 13]);
    expect(await tasksOf(person)).toHaveLength(5);
  });

  it('skips a task the person has already by title and due day, a received one too, not one of another day', async () => {
    const person = await env.t.person();
    const other = await env.t.person();
    const form = { title: 'Book the dentist', description: '', dueDate: '2026-12-10', priority: 'Moderate' };
    expect((await env.t.post(routes.savePersonalTask.path, form, person.access)).status).toBe(201);
    await env.t.delegated(other, person, {
      form: { title: 'Send the quarterly report', dueDate: '2026-12-31' },
    });
    const later = { ...form, title: 'Renew the passport', dueDate: '2027-03-01' };
    expect((await env.t.post(routes.savePersonalTask.path, later, person.access)).status).toBe(201);
    const preview = await report(person, fixture('todoist.csv'));
    expect(preview.skipped.map((row) => row.row)).toEqual([5, 11, 12]);
    expect(preview.created).toBe(3);
  });

  it('of 10,000 tasks imports in one go, well within 10 seconds; one more task is refused whole', async () => {
    const person = await env.t.person();
    expect(await errorOf(send(person, todoistFile(limits.importRowsMax + 1)), 400)).toBe(m.importTooManyRows);
    const started = performance.now();
    const done = await report(person, todoistFile(limits.importRowsMax), true);
    const ms = performance.now() - started;
    expect(done.created).toBe(limits.importRowsMax);
    expect(done.tasks).toHaveLength(100);
    expect(ms).toBeLessThan(10_000);
    const count = await env.t.db
      .selectFrom('tasks')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('owner_id', '=', person.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(limits.importRowsMax);
  }, 60_000);
});

describe('a Trello board JSON export', () => {
  it('makes a task of each card; archived cards, cards of archived lists and cards without a name are refused', async () => {
    const person = await env.t.person();
    const preview = await report(person, fixture('trello.json'));
    expect(preview).toMatchObject({
      format: 'trello-json',
      created: 3,
      tasks: [
        {
          row: 1,
          title: 'Order the kitchen tiles',
          description: 'Grey, 20 x 20 cm.\nAsk for the sample first.',
          dueDate: '2026-12-04',
          priority: 'Moderate',
        },
        { row: 2, title: 'Call the electrician', description: '', dueDate: null, priority: 'Moderate' },
        { row: 3, title: 'Paint the hallway', dueDate: '2026-10-15' },
      ],
      skipped: [],
      refused: [
        { row: 4, title: 'Old idea: a sauna', reason: m.closedCard },
        { row: 5, title: 'Green roof', reason: m.closedList },
        { row: 6, title: '', reason: m.noTitle },
      ],
    });
    await report(person, fixture('trello.json'), true);
    const tasks = await tasksOf(person);
    expect(tasks.map((task) => [task.title, task.due_date, task.completed])).toEqual([
      ['Order the kitchen tiles', '2026-12-04', false],
      ['Call the electrician', null, false],
      // A card whose due date was marked complete.
      ['Paint the hallway', '2026-10-15', true],
    ]);
  });
});

describe('rows refused, and files refused whole', () => {
  it('refuses a title over 200 characters and a description over 10,000, with their reasons', async () => {
    const person = await env.t.person();
    const csv = [
      'title,description,due date,priority',
      `${'x'.repeat(limits.titleMax + 1)},,2027-01-01,Moderate`,
      `Long read,${'y'.repeat(limits.descriptionMax + 1)},2027-01-01,Moderate`,
      `Just right,${'y'.repeat(limits.descriptionMax)},2027-01-01,Lenient`,
      'Odd day,,2027-13-01,Moderate',
    ].join('\n');
    const preview = await report(person, csv);
    expect(preview.format).toBe('baton-csv');
    expect(preview.refused.map(({ row, reason }) => ({ row, reason }))).toEqual([
      { row: 2, reason: m.titleTooLong },
      { row: 3, reason: m.descriptionTooLong },
      { row: 5, reason: m.badDate },
    ]);
    expect(preview.tasks.map((task) => task.title)).toEqual(['Just right']);
  });

  it('refuses a file of no known format, a file that cannot be read, and an empty one, with a sentence', async () => {
    const person = await env.t.person();
    expect(await errorOf(send(person, 'name,when\nMilk,today'), 400)).toBe(m.importUnknownFormat);
    expect(await errorOf(send(person, '{"board": "Home"}'), 400)).toBe(m.importUnknownFormat);
    expect(await errorOf(send(person, '{"cards": ['), 400)).toBe(m.unreadable);
    expect(await errorOf(send(person, 'TYPE,CONTENT\ntask,"unclosed'), 400)).toBe(m.unreadable);
    expect(await errorOf(send(person, ''), 400)).toBe(m.importEmpty);
  });

  it('refuses a file over 8 MB (400), and a request over its body limit (413), each with a sentence', async () => {
    const person = await env.t.person();
    expect(await errorOf(send(person, 'x'.repeat(limits.importBytes + 1)), 400)).toBe(m.importTooLarge);
    const huge = JSON.stringify({ content: 'x'.repeat(limits.importBodyBytes) });
    const res = await env.t.tasks.app.request(routes.importTasks.path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': String(huge.length),
        authorization: `Bearer ${person.access}`,
      },
      body: huge,
    });
    expect(await errorOf(res, 413)).toBe(m.importTooLarge);
  });

  it('answers 401 without a token', async () => {
    const res = await env.t.tasks.app.request(
      routes.importTasks.path,
      jsonRequest('POST', { content: fixture('todoist.csv') }),
    );
    expect(res.status).toBe(401);
  });
});
