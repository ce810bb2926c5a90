import { importReport, routes } from '@baton/contracts';
import { readJson, type SignedUpUser } from '@baton/test-kit';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestTasks } from '../../testing';

const env = useTestTasks();

let source: SignedUpUser;

/** Tasks whose text a CSV or JSON writer could get wrong, of every priority, with and without a due date. */
const forms = [
  { title: 'Plain', description: '', dueDate: '2026-12-01', priority: 'Immediate' },
  {
    title: 'Commas, "quotes" and\nlines',
    description: 'First line\r\nSecond, "quoted" line',
    dueDate: '2026-12-02',
    priority: 'Moderate',
  },
  { title: '=SUM(A1:A9)', description: '-starts with a minus', dueDate: '2026-12-03', priority: 'Lenient' },
  { title: "'Apostrophe first", description: '@mention first', dueDate: '2026-12-04', priority: 'Moderate' },
  {
    title: 'Ünïcödé ✓ 日本語',
    description: 'Tab\tinside',
    dueDate: '2027-01-31T09:30:00.000Z',
    priority: 'Lenient',
  },
  { title: 'Undated', description: 'No due date at all', dueDate: '2026-12-06', priority: 'Immediate' },
];

type Shape = { title: string; description: string; dueDate: string | null; priority: string };
const byTitle = (a: Shape, b: Shape) => a.title.localeCompare(b.title);

const tasksOf = async (who: SignedUpUser): Promise<Shape[]> =>
  (
    await env.t.db
      .selectFrom('tasks')
      .select(['title', 'description', 'due_date', 'priority'])
      .where('owner_id', '=', who.id)
      .execute()
  )
    .map(({ title, description, due_date, priority }) => ({
      title,
      description,
      dueDate: due_date,
      priority,
    }))
    .sort(byTitle);

const exported = async (path: string) => {
  const res = await env.t.get(path, source.access);
  expect(res.status).toBe(200);
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
};

const importInto = async (who: SignedUpUser, content: string) => {
  const res = await env.t.post(routes.importTasks.path, { content, confirm: true }, who.access);
  expect(res.status).toBe(200);
  return importReport.parse(await readJson(res));
};

beforeAll(async () => {
  source = await env.t.person();
  for (const form of forms) {
    const res = await env.t.post(routes.savePersonalTask.path, form, source.access);
    expect(res.status).toBe(201);
  }
  await env.t.db.updateTable('tasks').set({ due_date: null }).where('title', '=', 'Undated').execute();
  // A task received from someone else is exported too, and comes back as a personal task.
  const sender = await env.t.person();
  await env.t.delegated(sender, source, {
    form: { title: 'Received', dueDate: '2026-12-09', priority: 'Lenient' },
  });
});

describe.each([
  ['CSV', routes.exportTasksCsv.path, 'baton-csv'],
  ['JSON', routes.exportTasksJson.path, 'baton-json'],
])('importing the %s export', (_name, path, format) => {
  it('recreates every title, description, due date and priority; importing it again skips them all', async () => {
    const file = await exported(path);
    const target = await env.t.person();
    const expected = [
      ...forms.map((form) => (form.title === 'Undated' ? { ...form, dueDate: null } : form)),
      { title: 'Received', description: '', dueDate: '2026-12-09', priority: 'Lenient' },
    ].sort(byTitle);

    const first = await importInto(target, file);
    expect(first).toMatchObject({ format, created: expected.length, skipped: [], refused: [] });
    expect(await tasksOf(target)).toEqual(expected);

    const again = await importInto(target, file);
    expect(again.created).toBe(0);
    expect(again.skipped).toHaveLength(expected.length);
    expect(await tasksOf(target)).toHaveLength(expected.length);
  });
});
