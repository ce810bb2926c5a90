import {
  type EventEnvelope,
  delegationMessages as m,
  type WaitingPerson,
  waitingResponse,
} from '@baton/contracts';
import { readJson, type SignedUpUser } from '@baton/test-kit';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventually, recordEvents, useTestTasks } from '../../testing';

/** GET /api/tasks/waiting/ and POST /nudge/{taskId}/ through the real routes. */
const env = useTestTasks();
let events: EventEnvelope[] = [];

beforeAll(async () => {
  const { t } = env;
  events = await recordEvents(t, ['tasks.task.nudged']);
});

const waiting = async (who: SignedUpUser) => {
  const res = await env.t.get('/api/tasks/waiting/', who.access);
  expect(res.status).toBe(200);
  return waitingResponse.parse(await res.json()).people;
};
const nudge = async (id: string, who: SignedUpUser) => env.t.post(`/nudge/${id}/`, undefined, who.access);

/** A task from `from` to `to` due `dueDate`. */
const sent = (
  from: SignedUpUser,
  to: SignedUpUser,
  dueDate: string,
  options: { role?: 'assign' | 'invite'; accepted?: boolean } = {},
) => env.t.delegated(from, to, { role: 'assign', ...options, form: { title: `Due ${dueDate}`, dueDate } });

const ok = async (res: Response | Promise<Response>) => {
  const response = await res;
  expect(response.status, await response.clone().text()).toBe(200);
  return readJson(response);
};

describe('waiting on others', () => {
  let ada: SignedUpUser;
  let bob: SignedUpUser;
  let cleo: SignedUpUser;
  let dan: SignedUpUser;
  const newcomer = `newcomer.${Date.now()}@example.com`;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const { t } = env;
    [ada, bob, cleo, dan] = [
      await t.person({ firstname: 'Ada' }),
      await t.person({ firstname: 'Bob' }),
      await t.person({ firstname: 'Cleo' }),
      await t.person({ firstname: 'Dan' }),
    ];
    ids.b1 = await sent(ada, bob, '2020-05-01');
    ids.b2 = await sent(ada, bob, '2030-01-10', { role: 'invite', accepted: false });
    ids.b3 = await sent(ada, bob, '2030-01-05');
    await ok(t.post('/propose_due_date', { task_id: ids.b3, dueDate: '2030-02-01' }, bob.access));
    ids.b4 = await sent(ada, bob, '2020-01-01');
    await ok(t.post(`/completed/${ids.b4}`, { completed: true }, bob.access));
    ids.c1 = await sent(ada, cleo, '2030-01-01', { accepted: false });
    ids.d1 = await sent(ada, dan, '2019-01-01');
    await ok(t.post('/decline_task', { task_id: ids.d1, reason: 'Not my area' }, dan.access));
    ids.d2 = await sent(ada, dan, '2030-02-01');
    const res = await t.post(
      '/send_email/invite_user',
      { title: 'For a newcomer', dueDate: '2030-06-01', priority: 'Lenient', email: newcomer },
      ada.access,
    );
    ids.n1 = (await readJson(res)).id;
    // Neither Ada's own task nor one someone else delegated to Bob.
    await t.post('/create_list', { title: 'Mine', dueDate: '2020-01-01', priority: 'Lenient' }, ada.access);
    await sent(cleo, bob, '2019-06-01');
  });

  const summary = (people: WaitingPerson[]) =>
    people.map((p) => ({
      name: p.name,
      email: p.email,
      open: p.open,
      overdue: p.overdue,
      tasks: p.tasks.map((w) => [w.task.id, w.state, w.overdue]),
    }));

  it('groups every open task Ada delegated by person: overdue people first, then by soonest due date', async () => {
    const people = await waiting(ada);
    expect(summary(people)).toEqual([
      // Dan declined one (most overdue): it waits under him, as declined.
      {
        name: 'Dan',
        email: dan.email,
        open: 2,
        overdue: 1,
        tasks: [
          [ids.d1, 'declined', true],
          [ids.d2, 'accepted', false],
        ],
      },
      {
        name: 'Bob',
        email: bob.email,
        open: 3,
        overdue: 1,
        tasks: [
          [ids.b1, 'accepted', true],
          [ids.b3, 'proposed', false],
          [ids.b2, 'pending', false],
        ],
      },
      { name: 'Cleo', email: cleo.email, open: 1, overdue: 0, tasks: [[ids.c1, 'pending', false]] },
      // No account: named by the address.
      { name: newcomer, email: newcomer, open: 1, overdue: 0, tasks: [[ids.n1, 'pending', false]] },
    ]);
    const dans = people[0]?.tasks[0];
    expect(dans?.task).toMatchObject({ declined: { name: 'Dan', reason: 'Not my area' } });
    expect(people[1]?.tasks[1]?.task.proposal).toMatchObject({ dueDate: '2030-02-01' });
    expect(people.flatMap((p) => p.tasks.map((w) => w.nudgedAt))).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('is each person’s own: the others see only what they delegated', async () => {
    expect(await waiting(dan)).toEqual([]);
    expect(summary(await waiting(cleo))).toMatchObject([{ name: 'Bob', open: 1, overdue: 1 }]);
    expect((await env.t.get('/api/tasks/waiting/')).status).toBe(401);
  });

  it('the last activity is the latest of sent, accepted, declined, proposed, edited, a comment, a progress note', async () => {
    const { t } = env;
    const activityOf = async (id: string) =>
      (await waiting(ada)).flatMap((p) => p.tasks).find((w) => w.task.id === id)?.lastActivity;
    const created = async (table: 'comments' | 'progress_logs', id: string) =>
      (
        await t.db
          .selectFrom(table)
          .select(sql<Date>`max(created_at)`.as('at'))
          .where('task_id', '=', id)
          .executeTakeFirstOrThrow()
      ).at.toISOString();

    const accepted = await t.db
      .selectFrom('task_recipients')
      .select('accepted_at')
      .where('task_id', '=', ids.d2 ?? '')
      .executeTakeFirstOrThrow();
    expect(await activityOf(ids.d2 ?? '')).toBe(accepted.accepted_at?.toISOString());

    const comment = { task_id: ids.b1, content: 'How is it going?', user_email: ada.email };
    expect((await t.post('/api/add_comment/', comment, ada.access)).status).toBe(201);
    expect(await activityOf(ids.b1 ?? '')).toBe(await created('comments', ids.b1 ?? ''));

    // A progress note also changes the task (its progress): the later of the two.
    await ok(t.post(`/progress/${ids.b1}/`, { progress: 30, message: 'Started' }, bob.access));
    const { updated_at } = await t.db
      .selectFrom('tasks')
      .select('updated_at')
      .where('id', '=', ids.b1 ?? '')
      .executeTakeFirstOrThrow();
    const noted = await created('progress_logs', ids.b1 ?? '');
    const latest = [noted, updated_at.toISOString()].sort().at(-1);
    expect(await activityOf(ids.b1 ?? '')).toBe(latest);
    expect(noted > (await created('comments', ids.b1 ?? ''))).toBe(true);
  });

  it('follows completions, reassignments and tasks taken back', async () => {
    const { t } = env;
    await t.post(
      '/accept_task',
      { task_id: ids.c1, user_email: cleo.email, trusted: false, role: 'assign' },
      cleo.access,
    );
    await ok(t.post(`/completed/${ids.c1}`, { completed: true }, cleo.access));
    await ok(t.post('/reassign_task', { task_id: ids.n1, email: bob.email }, ada.access));
    await ok(t.post('/reassign_task', { task_id: ids.d2, email: ada.email }, ada.access));
    expect(summary(await waiting(ada))).toEqual([
      { name: 'Dan', email: dan.email, open: 1, overdue: 1, tasks: [[ids.d1, 'declined', true]] },
      {
        name: 'Bob',
        email: bob.email,
        open: 4,
        overdue: 1,
        tasks: [
          [ids.b1, 'accepted', true],
          [ids.b3, 'proposed', false],
          [ids.b2, 'pending', false],
          [ids.n1, 'pending', false],
        ],
      },
    ]);
  });
});

describe('nudging', () => {
  let ada: SignedUpUser;
  let bob: SignedUpUser;

  beforeAll(async () => {
    ada = await env.t.person({ firstname: 'Ada' });
    bob = await env.t.person({ firstname: 'Bob' });
  });

  /** Moves the task's last nudge `seconds` back from now. */
  const nudgedAgo = (id: string, seconds: number) =>
    env.t.db
      .updateTable('tasks')
      .set({ last_nudged_at: sql<Date>`now() - make_interval(secs => ${seconds})` })
      .where('id', '=', id)
      .execute();

  it('once a day per task: 429 with the wait just under 24 hours, allowed again just over', async () => {
    const id = await sent(ada, bob, '2030-01-01', { accepted: false });
    const before = (await waiting(ada))[0]?.tasks[0]?.lastActivity;
    expect(await ok(nudge(id, ada))).toEqual({ message: m.nudged });
    const [person] = await waiting(ada);
    expect(person?.tasks[0]?.nudgedAt).toEqual(expect.any(String));
    // A nudge is not news of the task.
    expect(person?.tasks[0]?.lastActivity).toBe(before);

    const again = await nudge(id, ada);
    expect(again.status).toBe(429);
    const wait = Number(again.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(24 * 3600 - 60);
    expect(wait).toBeLessThanOrEqual(24 * 3600);
    expect((await readJson(again)).error).toBe(m.nudgeTooSoon(wait));

    await nudgedAgo(id, 24 * 3600 - 60);
    const soon = await nudge(id, ada);
    expect(soon.status).toBe(429);
    const left = Number(soon.headers.get('retry-after'));
    expect(left).toBeGreaterThanOrEqual(1);
    expect(left).toBeLessThanOrEqual(60);
    expect((await readJson(soon)).error).toBe(m.nudgeTooSoon(left));

    await nudgedAgo(id, 24 * 3600 + 1);
    expect((await nudge(id, ada)).status).toBe(200);
    const about = () => events.filter((e) => (e.data as { task?: { id: string } }).task?.id === id);
    await eventually(async () => about().length === 2 || undefined);
  });

  it('tells the recipient through its event (notifications mails and rings them)', async () => {
    const id = await sent(ada, bob, '2030-01-02');
    await ok(nudge(id, ada));
    const event = await eventually(async () =>
      events.find((e) => (e.data as { task?: { id: string } }).task?.id === id),
    );
    expect(event).toMatchObject({
      type: 'tasks.task.nudged',
      actorId: ada.id,
      data: { recipientId: bob.id, recipientEmail: bob.email, task: { id } },
    });
    expect([...event.audience].sort()).toEqual([ada.id, bob.id].sort());
  });

  it('five nudges at once: one goes', async () => {
    const id = await sent(ada, bob, '2030-01-03');
    const statuses = await Promise.all(Array.from({ length: 5 }, () => nudge(id, ada).then((r) => r.status)));
    expect(statuses.sort()).toEqual([200, 429, 429, 429, 429]);
  });

  it('an address with no account gets its invitation to join again', async () => {
    const { t } = env;
    const email = `nudged.${Date.now()}@example.com`;
    const form = { title: 'Join us', dueDate: '2030-01-01', priority: 'Lenient', email };
    const { id } = await readJson(t.post('/send_email/assign_user/', form, ada.access));
    await t.smtp.waitFor(email);
    await ok(nudge(id, ada));
    await eventually(
      async () => t.smtp.mails.filter((mail) => mail.to.includes(email)).length === 2 || undefined,
    );
  });

  it('a declined task has nobody to nudge: 409', async () => {
    const id = await sent(ada, bob, '2030-01-04');
    await ok(env.t.post('/decline_task', { task_id: id, reason: 'No time' }, bob.access));
    const res = await nudge(id, ada);
    expect(res.status).toBe(409);
    expect((await readJson(res)).error).toBe(m.noRecipient);
  });
});
