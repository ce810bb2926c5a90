import {
  activateResponse,
  type EventEnvelope,
  limits,
  delegationMessages as m,
  type Task,
  taskWriteResponse,
} from '@baton/contracts';
import { outboxDrained } from '@baton/service-kit/testing';
import { readJson, type SignedUpUser } from '@baton/test-kit';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventually, recordEvents, type TestTasks, useTestTasks } from '../../testing';
import { delegateMessages } from '../tasks/tasks.service';

/**
 * Decline, propose and answer, reassign through the real routes: who may call each (owner, accepted recipient,
 * pending recipient, stranger), bad input, and what each leaves behind (lists, access, links, events).
 */
const env = useTestTasks();
let events: EventEnvelope[] = [];

let ada: SignedUpUser;
let bob: SignedUpUser;
let eve: SignedUpUser;

beforeAll(async () => {
  const { t } = env;
  ada = await t.person({ firstname: 'Ada' });
  bob = await t.person({ firstname: 'Bob' });
  eve = await t.person({ firstname: 'Eve' });
  events = await recordEvents(t, ['tasks.>']);
});

const form = { title: 'Review the budget', dueDate: '2026-12-15', priority: 'Moderate' };
const reason = 'Too busy this month';

const decline = (id: string, who: SignedUpUser, body: Record<string, unknown> = {}) =>
  env.t.post('/decline_task', { task_id: id, reason, ...body }, who.access);
const propose = (id: string, who: SignedUpUser, body: Record<string, unknown> = {}) =>
  env.t.post(
    '/propose_due_date',
    { task_id: id, dueDate: '2027-01-15', note: 'After the holidays', ...body },
    who.access,
  );
const answer = (id: string, who: SignedUpUser, accept = true) =>
  env.t.post('/answer_proposal', { task_id: id, accept }, who.access);
const reassign = (id: string, who: SignedUpUser, email: string) =>
  env.t.post('/reassign_task', { task_id: id, email }, who.access);
const nudge = async (id: string, who: SignedUpUser) => env.t.post(`/nudge/${id}/`, undefined, who.access);

/** Ada's task for Bob (accepted unless said otherwise). */
const task = (options: Parameters<TestTasks['delegated']>[2] = {}) =>
  env.t.delegated(ada, bob, { form, role: 'assign', ...options });

/** The task as `who` sees it, or the status it answers. */
async function seen(id: string, who: SignedUpUser): Promise<Task | number> {
  const res = await env.t.get(`/api/tasks/${id}/`, who.access);
  return res.status === 200 ? (await readJson(res)).task : res.status;
}

/** The ids in one of `who`'s lists. */
async function listed(who: SignedUpUser, path = '/get_assigned/') {
  const { tasks } = await readJson(env.t.post(path, { userEmail: who.email }, who.access));
  return (tasks as Task[]).map((task) => task.id);
}

async function expectError(res: Response | Promise<Response>, status: number, message: string) {
  const response = await res;
  const text = await response.text();
  expect(response.status, text).toBe(status);
  expect(JSON.parse(text).error, text).toBe(message);
}

const ok = async (res: Response | Promise<Response>) => {
  const response = await res;
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return JSON.parse(text);
};

/** The events about `taskId` once one of `type` arrived, and that one. */
async function eventsOf(taskId: string, type: string) {
  const about = () => events.filter((e) => (e.data as { task?: { id: string } }).task?.id === taskId);
  const found = await eventually(async () => about().find((e) => e.type === type));
  return { about: about(), found };
}

describe('who may call each route', () => {
  type Who = 'owner' | 'recipient' | 'pending' | 'stranger';
  const people = (who: Who) => ({ owner: ada, recipient: bob, pending: bob, stranger: eve })[who];
  const routes = {
    decline: (id: string, who: SignedUpUser) => decline(id, who),
    propose: (id: string, who: SignedUpUser) => propose(id, who),
    answer: async (id: string, who: SignedUpUser) => {
      // An open proposal to answer, made by the recipient (accepted or not).
      expect((await propose(id, bob)).status).toBe(200);
      return answer(id, who);
    },
    reassign: (id: string, who: SignedUpUser) => reassign(id, who, 'someone.else@example.com'),
    nudge: (id: string, who: SignedUpUser) => nudge(id, who),
  };
  type Route = keyof typeof routes;
  const forbidden = (message: string) => ({ status: 403, message });
  const notFound = { status: 404, message: 'Task not found.' };
  // Written out by hand, not read from the service.
  const expected: Record<Route, Record<Who, { status: number; message?: string }>> = {
    decline: {
      owner: forbidden(m.onlyRecipient),
      recipient: { status: 200, message: m.declined },
      pending: { status: 200, message: m.declined },
      stranger: notFound,
    },
    propose: {
      owner: forbidden(m.onlyRecipient),
      recipient: { status: 200, message: m.proposed },
      pending: { status: 200, message: m.proposed },
      stranger: notFound,
    },
    answer: {
      owner: { status: 200, message: m.proposalAccepted },
      recipient: forbidden(m.onlyOwner),
      pending: forbidden(m.onlyOwner),
      stranger: notFound,
    },
    reassign: {
      owner: { status: 200, message: delegateMessages.notFound },
      recipient: forbidden(m.onlyOwner),
      pending: forbidden(m.onlyOwner),
      stranger: notFound,
    },
    nudge: {
      owner: { status: 200, message: m.nudged },
      recipient: forbidden(m.onlyOwner),
      pending: forbidden(m.onlyOwner),
      stranger: notFound,
    },
  };
  for (const route of Object.keys(routes) as Route[])
    for (const who of ['owner', 'recipient', 'pending', 'stranger'] as Who[])
      it(`${route} as the ${who}: ${expected[route][who].status}`, async () => {
        const id = await task({ role: route === 'nudge' ? 'invite' : 'assign', accepted: who !== 'pending' });
        const res = await routes[route](id, people(who));
        const body = (await res.json()) as { message?: string };
        expect(res.status, JSON.stringify(body)).toBe(expected[route][who].status);
        expect(body.message).toBe(expected[route][who].message);
      });

  it('a personal task is 400 for its owner on every route, 404 for anyone else', async () => {
    const { id } = await readJson(env.t.post('/create_list', form, ada.access));
    for (const call of [decline, propose, answer, nudge] as const) {
      await expectError(call(id, ada), 400, m.notDelegated);
      await expectError(call(id, eve), 404, 'Task not found.');
    }
    await expectError(reassign(id, ada, bob.email), 400, m.notDelegated);
    await expectError(reassign(id, eve, bob.email), 404, 'Task not found.');
  });

  it('a completed task is 409 on every route', async () => {
    const id = await task();
    expect((await propose(id, bob)).status).toBe(200);
    expect((await env.t.post(`/completed/${id}`, { completed: true }, bob.access)).status).toBe(200);
    await expectError(decline(id, bob), 409, m.completed);
    await expectError(propose(id, bob, { dueDate: '2027-02-01' }), 409, m.completed);
    await expectError(answer(id, ada), 409, m.completed);
    await expectError(reassign(id, ada, eve.email), 409, m.completed);
    await expectError(nudge(id, ada), 409, m.completed);
  });

  it('without a session: 401', async () => {
    const id = await task();
    const res = await env.t.post('/decline_task', { task_id: id, reason });
    expect(res.status).toBe(401);
  });
});

describe('bad input', () => {
  it('a reason: required, trimmed, 1 to 200 characters', async () => {
    const id = await task();
    await expectError(decline(id, bob, { reason: '' }), 400, m.reasonRequired);
    await expectError(decline(id, bob, { reason: '   ' }), 400, m.reasonRequired);
    await expectError(env.t.post('/decline_task', { task_id: id }, bob.access), 400, m.reasonRequired);
    await expectError(decline(id, bob, { reason: 'x'.repeat(limits.reasonMax + 1) }), 400, m.reasonTooLong);
    expect(await seen(id, bob)).toMatchObject({ id, declined: null });
    expect((await decline(id, bob, { reason: 'x'.repeat(limits.reasonMax) })).status).toBe(200);
  });

  it('a proposal: a calendar date, a note of at most 200 characters, not the current due date', async () => {
    const id = await task();
    for (const dueDate of ['2027-13-01', '15/01/2027', '2027-02-30', '', 42])
      await expectError(propose(id, bob, { dueDate }), 400, m.proposalDate);
    await expectError(propose(id, bob, { note: 'n'.repeat(limits.reasonMax + 1) }), 400, m.noteTooLong);
    await expectError(propose(id, bob, { dueDate: form.dueDate }), 400, m.proposalSameDate);
    expect(await seen(id, ada)).toMatchObject({ proposal: null });
    // The note may be left out.
    expect(
      (await env.t.post('/propose_due_date', { task_id: id, dueDate: '2027-01-02' }, bob.access)).status,
    ).toBe(200);
    expect(await seen(id, ada)).toMatchObject({ proposal: { dueDate: '2027-01-02', note: '' } });
  });

  it('an answer is a boolean; a reassignment an address; a task id a uuid', async () => {
    const id = await task();
    const bad = async (path: string, body: unknown) => {
      const res = await env.t.post(path, body, ada.access);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
    };
    await bad('/answer_proposal', { task_id: id, accept: 'yes' });
    await bad('/answer_proposal', { task_id: id });
    await bad('/reassign_task', { task_id: id, email: 'not an address' });
    await bad('/reassign_task', { task_id: 'nope', email: eve.email });
    await bad('/decline_task', { task_id: 'nope', reason });
    expect((await env.t.post('/nudge/nope/', undefined, ada.access)).status).toBe(400);
  });

  it('unknown fields are ignored: they cannot set who declined, the due date or the recipient', async () => {
    const id = await task();
    await ok(decline(id, bob, { declined_by_name: 'Mallory', due_date: '2030-01-01', recipient_id: eve.id }));
    expect(await seen(id, ada)).toMatchObject({ dueDate: form.dueDate, declined: { name: 'Bob' } });
    const other = await task();
    await ok(propose(other, bob, { due_date: '2030-01-01', accept: true }));
    expect(await seen(other, ada)).toMatchObject({
      dueDate: form.dueDate,
      proposal: { dueDate: '2027-01-15' },
    });
    await ok(
      env.t.post('/reassign_task', { task_id: other, email: eve.email, owner: bob.email }, ada.access),
    );
    expect(await seen(other, ada)).toMatchObject({ owner: ada.email, assigned_users: [eve.email] });
  });
});

describe('declining', () => {
  /** How many open tasks the first page of Bob's side of the assigned list counts. */
  const dueOnBobsSide = async () => {
    const page = { side: 'recipient', tab: 'due' };
    const body = await readJson(env.t.post('/get_assigned/', { userEmail: bob.email, page }, bob.access));
    return body.counts.due as number;
  };

  it('takes the task out of every place of the recipient; the owner’s card says who declined and why', async () => {
    const { t } = env;
    const id = await task();
    expect(await listed(bob)).toContain(id);
    const before = await dueOnBobsSide();
    expect(await ok(decline(id, bob, { reason: `  ${reason} ` }))).toEqual({ message: m.declined });

    expect(await seen(id, bob)).toBe(404);
    expect(await listed(bob)).not.toContain(id);
    expect((await t.get(`/task_comments/${id}`, bob.access)).status).toBe(404);
    expect((await t.post(`/progress/${id}/`, { progress: 50 }, bob.access)).status).toBe(404);
    expect((await t.post(`/completed/${id}`, { completed: true }, bob.access)).status).toBe(404);
    await expectError(decline(id, bob), 404, 'Task not found.');

    const card = (await seen(id, ada)) as Task;
    expect(card).toMatchObject({
      category: 'Tasks Delegated - Assigned',
      assigned_users: [],
      is_accepted: false,
      declined: { name: 'Bob', email: bob.email, reason },
    });
    expect(m.declinedBy(card.declined?.name ?? '', card.declined?.reason ?? '')).toBe(
      `Declined by Bob: ${reason}`,
    );
    expect(await listed(ada)).toContain(id);
    // The first page's counts of Bob's side follow (kept by triggers).
    expect(await dueOnBobsSide()).toBe(before - 1);

    const { found: declined } = await eventsOf(id, 'tasks.task.declined');
    expect(declined).toMatchObject({
      actorId: bob.id,
      data: { recipientId: bob.id, recipientName: 'Bob', reason, task: { id, declined: { reason } } },
    });
    expect([...(declined?.audience ?? [])].sort()).toEqual([ada.id, bob.id].sort());
  });

  it('a pending recipient may decline; their accept link then says they declined, to them only', async () => {
    const { t } = env;
    const res = await t.post('/send_email/invite_user', { ...form, email: bob.email }, ada.access);
    const { id } = await readJson(res);
    const mail = await t.smtp.waitFor(bob.email, { match: (x) => x.text.includes(id) });
    const link = new URL(/http:\/\/baton\.test\/accept-task\?\S+/.exec(mail.text)?.[0] ?? '');
    const q = Object.fromEntries(link.searchParams);
    const path = `/activate/${q.uidb64}/${q.token}/${q.taskId}/${q.action}`;
    expect(activateResponse.parse(await readJson(t.get(path, bob.access))).status).toBe('valid');

    await ok(decline(id, bob));
    expect(activateResponse.parse(await readJson(t.get(path, bob.access)))).toEqual({ status: 'declined' });
    expect((await t.get(path, eve.access)).status).toBe(403);
    const accept = { task_id: id, user_email: bob.email, trusted: false, role: 'invite' };
    expect((await t.post('/accept_task', accept, bob.access)).status).toBe(404);

    // Handed to Bob again: the old link no longer speaks for the task.
    await ok(reassign(id, ada, bob.email));
    expect(await readJson(t.get(path, bob.access))).toEqual({ status: 'invalid' });
  });
});

describe('proposing another date', () => {
  it('shows on both cards until answered; accepting moves the due date', async () => {
    const id = await task();
    expect(await ok(propose(id, bob))).toEqual({ message: m.proposed });
    const proposal = { dueDate: '2027-01-15', note: 'After the holidays' };
    expect(await seen(id, ada)).toMatchObject({ dueDate: form.dueDate, proposal });
    expect(await seen(id, bob)).toMatchObject({ dueDate: form.dueDate, proposal });

    // One open proposal per task.
    await expectError(propose(id, bob, { dueDate: '2027-02-01' }), 409, m.proposalOpen);

    expect(await ok(answer(id, ada, true))).toEqual({ message: m.proposalAccepted });
    expect(await seen(id, bob)).toMatchObject({ dueDate: '2027-01-15', proposal: null });
    await expectError(answer(id, ada, true), 409, m.noProposal);

    const { about, found: answered } = await eventsOf(id, 'tasks.task.proposal_answered');
    expect(about.map((e) => e.type)).toContain('tasks.task.date_proposed');
    expect(answered).toMatchObject({
      actorId: ada.id,
      data: { recipientId: bob.id, accepted: true, dueDate: '2027-01-15' },
    });
  });

  it('declining the proposal keeps the due date, and a new proposal may follow', async () => {
    const id = await task();
    await ok(propose(id, bob));
    expect(await ok(answer(id, ada, false))).toEqual({ message: m.proposalRejected });
    expect(await seen(id, ada)).toMatchObject({ dueDate: form.dueDate, proposal: null });
    await ok(propose(id, bob, { dueDate: '2027-01-02' }));
    expect(await seen(id, ada)).toMatchObject({ proposal: { dueDate: '2027-01-02' } });
  });

  it('two proposals at once: one wins, the other is 409', async () => {
    const id = await task();
    const statuses = await Promise.all(
      ['2027-01-10', '2027-01-11', '2027-01-12'].map((dueDate) =>
        Promise.resolve(propose(id, bob, { dueDate })).then((r) => r.status),
      ),
    );
    expect(statuses.sort()).toEqual([200, 409, 409]);
  });
});

describe('reassigning', () => {
  /** Mails tasks sent to `email`. */
  const mailsTo = (email: string) => env.t.smtp.mails.filter((mail) => mail.to.includes(email));

  it('to a registered person: they get an accept link; the old recipient loses the task', async () => {
    const { t } = env;
    const carol = await t.person({ firstname: 'Carol' });
    const id = await task();
    await ok(propose(id, bob));
    const body = taskWriteResponse.parse(await ok(reassign(id, ada, carol.email)));
    expect(body).toMatchObject({ id, invitation_sent: false, message: m.reassigned });

    expect(await seen(id, bob)).toBe(404);
    expect(await listed(bob)).not.toContain(id);
    expect(await seen(id, carol)).toMatchObject({
      assigned_users: [carol.email],
      is_accepted: false,
      proposal: null,
    });
    expect(await listed(carol)).toContain(id);
    await t.smtp.waitFor(carol.email, { match: (mail) => mail.text.includes(id) });

    const { found: reassigned } = await eventsOf(id, 'tasks.task.reassigned');
    expect(reassigned).toMatchObject({
      data: {
        previousRecipientId: bob.id,
        previousEmail: bob.email,
        recipientId: carol.id,
        recipientEmail: carol.email,
      },
    });
    expect([...(reassigned?.audience ?? [])].sort()).toEqual([ada.id, bob.id, carol.id].sort());
    // Carol hears of it as of any task sent to her (Bob's first assignment, then hers).
    const assigned = async () =>
      (await eventsOf(id, 'tasks.task.assigned')).about.filter((e) => e.type === 'tasks.task.assigned');
    await eventually(async () => (await assigned()).length === 2 || undefined);
    expect((await assigned())[1]).toMatchObject({
      data: { recipientId: carol.id, recipientEmail: carol.email },
    });
  });

  it('to someone who trusts the owner: accepted at once, no mail', async () => {
    const { t } = env;
    const dan = await t.person({ firstname: 'Dan' });
    await t.trust(dan, ada);
    const id = await task();
    await ok(reassign(id, ada, dan.email));
    expect(await seen(id, dan)).toMatchObject({ is_accepted: true, is_trusted: true });
    // What the reassignment queued has gone out: a mail to Dan would be in the capture now.
    await outboxDrained(t.db, 'mail');
    expect(mailsTo(dan.email)).toEqual([]);
  });

  it('to an address with no account: an invitation to join; a declined task loses its mark', async () => {
    const { t } = env;
    const id = await task();
    await ok(decline(id, bob));
    const newcomer = `newcomer.${Date.now()}@example.com`;
    const body = await ok(reassign(id, ada, newcomer.toUpperCase()));
    expect(body).toMatchObject({ invitation_sent: true, message: delegateMessages.notFound });
    const invitation = await t.smtp.waitFor(newcomer);
    expect(invitation.text).toContain('http://baton.test/signup');
    expect(await seen(id, ada)).toMatchObject({ assigned_users: [newcomer], declined: null });
    // Joining hands it over, as for any task sent before the account existed.
    const fay = await t.person({ email: newcomer });
    await eventually(async () => (await listed(fay)).includes(id) || undefined);
  });

  it('to the owner’s own address: a personal task again, with no recipient', async () => {
    const id = await task();
    expect(await ok(reassign(id, ada, ada.email))).toMatchObject({ message: m.tookBack });
    expect(await seen(id, ada)).toMatchObject({
      category: 'Personal Tasks',
      assigned_users: [],
      is_accepted: true,
    });
    expect(await seen(id, bob)).toBe(404);
    expect(await listed(ada, '/api/tasks/personal/')).toContain(id);
    expect(await listed(bob)).not.toContain(id);
    const { found: reassigned } = await eventsOf(id, 'tasks.task.reassigned');
    expect(reassigned?.data).toMatchObject({
      previousRecipientId: bob.id,
      recipientId: null,
      recipientEmail: null,
    });
  });

  it('to the same recipient: 400, nothing changes', async () => {
    const id = await task();
    await expectError(reassign(id, ada, bob.email.toUpperCase()), 400, m.reassignSame);
    expect(await seen(id, bob)).toMatchObject({ is_accepted: true });
  });
});
