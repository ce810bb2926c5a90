import { errorBody, findMessages, type Task, taskPageResponse } from '@baton/contracts';
import { readJson, type SignedUpUser } from '@baton/test-kit';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestTasks } from '../../testing';
import { todayIn } from './pages-filter.repository';

const env = useTestTasks();

/** A UTC calendar day `days` from today. */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

type Filter = Record<string, unknown>;
type Page = { side?: string; tab?: string; sort?: string; limit?: number; cursor?: string; filter?: Filter };

const post = (path: string, who: SignedUpUser, page: Page) =>
  env.t.post(path, { userEmail: who.email, page }, who.access);

async function page(path: string, who: SignedUpUser, options: Page) {
  const res = await post(path, who, options);
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
  return taskPageResponse.parse(await readJson(res));
}

/** Every page of a filtered list, `limit` at a time: the titles in order, and the first page's counts. */
async function titles(path: string, who: SignedUpUser, filter: Filter, options: Page = {}) {
  const seen: Task[] = [];
  let cursor: string | undefined;
  let counts: { due: number; completed: number } | null = null;
  for (let n = 0; n < 50; n += 1) {
    const got = await page(path, who, { limit: 2, ...options, filter, cursor });
    if (n === 0) counts = got.counts;
    else expect(got.counts).toBeNull();
    seen.push(...got.tasks);
    if (!got.next) return { titles: seen.map((t) => t.title).sort(), counts };
    cursor = got.next;
  }
  throw new Error('no last page');
}

let ana: SignedUpUser;
let rita: SignedUpUser;
let petra: SignedUpUser;

/** Ana's personal tasks: each title says what it is. */
const personal = [
  { title: 'Overdue report', dueDate: day(-1), priority: 'Immediate' },
  { title: 'Today call', dueDate: day(0), priority: 'Moderate', description: 'Call the zeppelin crew' },
  { title: 'Week end', dueDate: day(6), priority: 'Immediate' },
  { title: 'Next week', dueDate: day(7), priority: 'Lenient' },
  { title: 'No date', dueDate: null, priority: 'Lenient', attachment: true },
  { title: 'Done overdue', dueDate: day(-3), priority: 'Immediate', completed: true },
  { title: 'Done today', dueDate: day(0), priority: 'Moderate', completed: true, attachment: true },
];

beforeAll(async () => {
  ana = await env.t.person({ firstname: 'Ana' });
  rita = await env.t.person({ firstname: 'Rita' });
  petra = await env.t.person({ firstname: 'Petra' });
  for (const task of personal) {
    const res = await env.t.post(
      '/create_list',
      { title: task.title, description: task.description ?? '', dueDate: day(30), priority: task.priority },
      ana.access,
    );
    expect(res.status).toBe(201);
    const { id } = await readJson(res);
    // Due dates in the past, or none, are not a form's: set as time left them.
    await env.t.db
      .updateTable('tasks')
      .set({
        due_date: task.dueDate,
        ...(task.attachment ? { attachment_key: `uploads/${id}`, attachment_name: 'plan.pdf' } : {}),
      })
      .where('id', '=', id)
      .execute();
    if (task.completed)
      expect((await env.t.post(`/completed/${id}`, { completed: true }, ana.access)).status).toBe(200);
  }
  // Ana's invitations: Rita accepted two (proposing another date on one), Petra has not answered hers.
  await env.t.delegated(ana, rita, { form: { title: 'Rita plain', priority: 'Lenient' } });
  const proposed = await env.t.delegated(ana, rita, {
    form: { title: 'Rita proposed', priority: 'Immediate' },
  });
  const proposal = { task_id: proposed, dueDate: day(40), note: 'Later please' };
  expect((await env.t.post('/propose_due_date', proposal, rita.access)).status).toBe(200);
  await env.t.delegated(ana, petra, {
    accepted: false,
    form: { title: 'Petra pending', priority: 'Immediate' },
  });
  // Rita's own invitation to Ana: on Ana's recipient side.
  await env.t.delegated(rita, ana, { form: { title: 'From Rita', priority: 'Moderate' } });
});

const personalPath = '/api/tasks/personal/';
const invitedPath = '/get_invited/';

describe('list filters, one at a time (personal list, due tab): the tasks and the tab counts', () => {
  it.each([
    ['no filter', {}, ['Next week', 'No date', 'Overdue report', 'Today call', 'Week end'], 2],
    ['priority', { priority: 'Immediate' }, ['Overdue report', 'Week end'], 1],
    ['due overdue (open only)', { due: 'overdue' }, ['Overdue report'], 0],
    ['due today', { due: 'today' }, ['Today call'], 1],
    ['due this week (today to six days on)', { due: 'week' }, ['Today call', 'Week end'], 1],
    ['due in a range', { due: 'range', from: day(-1), to: day(0) }, ['Overdue report', 'Today call'], 1],
    ['no due date', { due: 'none' }, ['No date'], 0],
    ['with an attachment', { attachment: true }, ['No date'], 1],
    [
      'without an attachment',
      { attachment: false },
      ['Next week', 'Overdue report', 'Today call', 'Week end'],
      1,
    ],
    ['search text (a typo in the description)', { q: 'zepelin' }, ['Today call'], 0],
    ['search text (a prefix of a title word)', { q: 'repo' }, ['Overdue report'], 0],
    [
      'blank search text filters nothing',
      { q: '  ' },
      ['Next week', 'No date', 'Overdue report', 'Today call', 'Week end'],
      2,
    ],
  ] as const)('%s', async (_, filter, expected, completed) => {
    const got = await titles(personalPath, ana, filter, { folder: 'none' } as Page);
    expect(got.titles).toEqual(expected);
    expect(got.counts).toEqual({ due: expected.length, completed });
  });

  it('filters the completed tab alike, its counts the same', async () => {
    const got = await titles(personalPath, ana, { priority: 'Moderate' }, { tab: 'completed' });
    expect(got.titles).toEqual(['Done today']);
    expect(got.counts).toEqual({ due: 1, completed: 1 });
    expect((await titles(personalPath, ana, { state: 'completed' }, { tab: 'completed' })).titles).toEqual([
      'Done overdue',
      'Done today',
    ]);
  });
});

describe("dates in the person's time zone", () => {
  it('reads "today" in the zone of their preferences, where the day is not UTC\'s', async () => {
    const utc = todayIn(null);
    // At any hour, one of these two is on another day than UTC (UTC+14 from 10:00, UTC-11 until 11:00).
    const zone = todayIn('Pacific/Kiritimati') !== utc ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';
    const theirs = todayIn(zone);
    expect(theirs).not.toBe(utc);
    const zoe = await env.t.person({ firstname: 'Zoe' });
    for (const [title, dueDate] of [
      ['On their today', theirs],
      ["On UTC's today", utc],
    ]) {
      const res = await env.t.post('/create_list', { title, dueDate, priority: 'Moderate' }, zoe.access);
      expect(res.status).toBe(201);
    }
    const dueToday = () => titles(personalPath, zoe, { due: 'today' });
    expect((await dueToday()).titles).toEqual(["On UTC's today"]);
    // As notifications.preferences.changed leaves it (preferences.routes.test.ts follows the event there).
    await env.t.db.updateTable('users').set({ timezone: zone }).where('id', '=', zoe.id).execute();
    expect((await dueToday()).titles).toEqual(['On their today']);
  });
});

describe('list filters on delegated lists', () => {
  it("the owner's side, by the recipient's answer, an open proposal, or the recipient (any case)", async () => {
    const cases: [Filter, string[]][] = [
      [{ state: 'pending' }, ['Petra pending']],
      [{ state: 'accepted' }, ['Rita plain', 'Rita proposed']],
      [{ state: 'proposed' }, ['Rita proposed']],
      [{ person: rita.email }, ['Rita plain', 'Rita proposed']],
      [{ person: petra.email.toUpperCase() }, ['Petra pending']],
      [{ person: 'nobody@example.com' }, []],
    ];
    for (const [filter, expected] of cases) {
      const got = await titles(invitedPath, ana, filter, { side: 'owner' });
      expect(got.titles, JSON.stringify(filter)).toEqual(expected);
      expect(got.counts).toEqual({ due: expected.length, completed: 0 });
    }
  });

  it("the recipient's side, by the delegator", async () => {
    expect((await titles(invitedPath, ana, { person: rita.email }, { side: 'recipient' })).titles).toEqual([
      'From Rita',
    ]);
    expect((await titles(invitedPath, ana, { person: petra.email }, { side: 'recipient' })).titles).toEqual(
      [],
    );
  });
});

describe('list filters combined', () => {
  it('applies every condition at once, under each sort, the cursor paging through the matches only', async () => {
    const filter = { priority: 'Immediate', due: 'week', q: 'week' };
    for (const sort of ['newest', 'priority', 'due'])
      expect(
        (await titles(personalPath, ana, filter, { folder: 'none', sort } as Page)).titles,
        sort,
      ).toEqual(['Week end']);
    const some = await titles(personalPath, ana, { priority: 'Immediate', attachment: false }, {
      folder: 'none',
      limit: 1,
    } as Page);
    expect(some).toEqual({ titles: ['Overdue report', 'Week end'], counts: { due: 2, completed: 1 } });
    expect(
      (
        await titles(
          invitedPath,
          ana,
          { state: 'accepted', priority: 'Immediate', q: 'rita' },
          { side: 'owner' },
        )
      ).titles,
    ).toEqual(['Rita proposed']);
  });
});

describe('bad filters', () => {
  async function refused(filter: Filter, message: string) {
    const res = await post(personalPath, ana, { filter });
    expect(res.status).toBe(400);
    expect(errorBody.parse(await readJson(res)).message).toBe(message);
  }

  it('refuses an unknown value, a range without both ends or backwards, and too long a text', async () => {
    await refused({ priority: 'Urgent' }, findMessages.badFilter);
    await refused({ due: 'tomorrow' }, findMessages.badFilter);
    await refused({ state: 'declined' }, findMessages.badFilter);
    await refused({ attachment: 'yes' }, findMessages.badFilter);
    await refused({ due: 'range', from: day(0) }, findMessages.badRange);
    await refused({ due: 'range', from: day(1), to: day(0) }, findMessages.badRange);
    await refused({ due: 'range', from: '2026-13-01', to: day(0) }, findMessages.badRange);
    await refused({ q: 'x'.repeat(201) }, findMessages.searchTooLong);
  });
});
