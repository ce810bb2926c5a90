import { routes, task as taskSchema } from '@baton/contracts';
import { readJson, type SignedUpUser } from '@baton/test-kit';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useTestTasks } from '../../testing';
import { batonCsvHeader } from './baton-csv';

const env = useTestTasks();

let owner: SignedUpUser;
let recipient: SignedUpUser;
let pending: SignedUpUser;
let stranger: SignedUpUser;
const ids = {} as Record<'personal' | 'shared' | 'waiting' | 'strangers', string>;

/** Cells that break a naive CSV writer, and one a spreadsheet would run as a formula. */
const awkward = {
  title: 'Plan "big" move, then\nrest',
  description: '=HYPERLINK("http://evil.example","click"), and a comma',
};

const createPersonal = async (who: SignedUpUser, form: Record<string, unknown>) => {
  const res = await env.t.post(routes.savePersonalTask.path, { priority: 'Moderate', ...form }, who.access);
  expect(res.status).toBe(201);
  return ((await readJson(res)) as { id: string }).id;
};

beforeAll(async () => {
  const { t } = env;
  [owner, recipient, pending, stranger] = await Promise.all([t.person(), t.person(), t.person(), t.person()]);
  ids.personal = await createPersonal(owner, { ...awkward, dueDate: '2026-12-01', priority: 'Immediate' });
  ids.shared = await t.delegated(owner, recipient, { form: { title: 'Shared plan', dueDate: '2026-12-02' } });
  ids.waiting = await t.delegated(owner, pending, {
    accepted: false,
    form: { title: 'Waiting plan', dueDate: '2026-12-03' },
  });
  ids.strangers = await createPersonal(stranger, { title: 'Not yours', dueDate: '2026-12-04' });
  const comment = (who: SignedUpUser, content: string) =>
    t.post(routes.addComment.path, { task_id: ids.shared, user_email: who.email, content }, who.access);
  expect((await comment(owner, 'How is it going?')).status).toBe(201);
  expect((await comment(recipient, 'Halfway, "nearly" there')).status).toBe(201);
  const progress = await t.post(
    `/progress/${ids.shared}/`,
    { progress: 50, message: 'Drafted the plan' },
    recipient.access,
  );
  expect(progress.status).toBe(200);
});

const csvOf = async (who: SignedUpUser) => {
  const res = await env.t.get(routes.exportTasksCsv.path, who.access);
  expect(res.status).toBe(200);
  const bytes = new Uint8Array(await res.arrayBuffer());
  // Kept as sent: a byte order mark first (Response.text() would drop it).
  return { res, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes) };
};

const rowsOf = (text: string) =>
  parse(text, { bom: true, columns: true }) as Record<(typeof batonCsvHeader)[number], string>[];

const exportedTask = taskSchema.extend({
  comments: z.array(z.object({ user: z.string(), content: z.string() }).loose()),
  progressNotes: z.array(z.object({ progress: z.number(), message: z.string() }).loose()),
});
const jsonOf = async (who: SignedUpUser) => {
  const res = await env.t.get(routes.exportTasksJson.path, who.access);
  expect(res.status).toBe(200);
  const body = z.object({ exportedAt: z.string(), tasks: z.array(exportedTask) }).parse(await res.json());
  return { res, body };
};

describe('GET /api/export/tasks.csv', () => {
  it("is a dated attachment with a header and every task the owner has, never a stranger's", async () => {
    const { res, text } = await csvOf(owner);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="baton-tasks-${today}.csv"`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(text.split('\n')[0]).toBe(`\uFEFF${batonCsvHeader.join(',')}`);
    const rows = rowsOf(text);
    expect(rows.map((row) => row.id).sort()).toEqual([ids.personal, ids.shared, ids.waiting].sort());
    const shared = rows.find((row) => row.id === ids.shared);
    expect(shared).toMatchObject({
      title: 'Shared plan',
      'due date': '2026-12-02',
      owner: owner.email,
      recipient: recipient.email,
      accepted: 'true',
      progress: '50',
      category: 'Tasks Delegated - Invitation',
    });
    expect(rows.find((row) => row.id === ids.waiting)).toMatchObject({
      recipient: pending.email,
      accepted: 'false',
    });
  });

  it('quotes commas, quotes and line breaks, and writes a formula after an apostrophe', async () => {
    const { text } = await csvOf(owner);
    expect(text).toContain('"Plan ""big"" move, then\nrest"');
    const personal = rowsOf(text).find((row) => row.id === ids.personal);
    expect(personal?.title).toBe(awkward.title);
    expect(personal?.description).toBe(`'${awkward.description}`);
    expect(personal?.priority).toBe('Immediate');
  });

  it('gives a recipient the tasks they received, accepted or not yet, and nothing else', async () => {
    expect(rowsOf((await csvOf(recipient)).text).map((row) => [row.id, row.category])).toEqual([
      [ids.shared, 'Invited Tasks'],
    ]);
    expect(rowsOf((await csvOf(pending)).text).map((row) => row.id)).toEqual([ids.waiting]);
    expect(rowsOf((await csvOf(stranger)).text).map((row) => row.id)).toEqual([ids.strangers]);
  });

  it('answers 401 without a token', async () => {
    expect((await env.t.get(routes.exportTasksCsv.path)).status).toBe(401);
    expect((await env.t.get(routes.exportTasksJson.path)).status).toBe(401);
  });
});

describe('GET /api/export/tasks.json', () => {
  it('is a dated attachment of every task with its comments and progress notes, oldest first', async () => {
    const { res, body } = await jsonOf(owner);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="baton-tasks-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(Date.now() - Date.parse(body.exportedAt)).toBeLessThan(60_000);
    // Newest first, as the lists show them.
    expect(body.tasks.map((task) => task.id)).toEqual([ids.waiting, ids.shared, ids.personal]);
    const shared = body.tasks.find((task) => task.id === ids.shared);
    expect(shared?.comments.map((c) => [c.user, c.content])).toEqual([
      [owner.email, 'How is it going?'],
      [recipient.email, 'Halfway, "nearly" there'],
    ]);
    expect(shared?.progressNotes.map((n) => [n.progress, n.message])).toEqual([[50, 'Drafted the plan']]);
    const personal = body.tasks.find((task) => task.id === ids.personal);
    expect(personal).toMatchObject({ ...awkward, comments: [], progressNotes: [] });
  });

  it('gives the recipient the task with its thread, and a stranger only their own', async () => {
    const mine = (await jsonOf(recipient)).body.tasks;
    expect(
      mine.map((task) => [task.id, task.category, task.comments.length, task.progressNotes.length]),
    ).toEqual([[ids.shared, 'Invited Tasks', 2, 1]]);
    expect((await jsonOf(pending)).body.tasks.map((task) => task.id)).toEqual([ids.waiting]);
    expect((await jsonOf(stranger)).body.tasks.map((task) => task.id)).toEqual([ids.strangers]);
  });

  it('is an empty list for a person with no tasks', async () => {
    const nobody = await env.t.person();
    expect((await jsonOf(nobody)).body.tasks).toEqual([]);
    expect(rowsOf((await csvOf(nobody)).text)).toEqual([]);
  });
});
