import { routes } from '@baton/contracts';
import { eventually } from '@baton/tasks/testing';
import { readJson, type SignedUpUser } from '@baton/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestNotifications, type TestNotifications } from './testing';

/**
 * The delegation loop's events (issue 35), from tasks' real routes through the bus to each person's bell, mail
 * and `/ws/tasks/`: who is told what, by the channels they chose.
 */
let t: TestNotifications;
beforeAll(async () => {
  t = await startTestNotifications();
}, 60_000);
afterAll(() => t?.close());

const form = { title: 'Quarterly report', dueDate: '2054-11-28', priority: 'Moderate' };

const ok = async (res: Response | Promise<Response>) => {
  const response = await res;
  expect(response.ok, await response.clone().text()).toBe(true);
  return readJson(response);
};

/** Ana, Ben, and a task Ana assigned to Ben (accepted unless said otherwise). */
async function assigned(accepted = true) {
  const ana = await t.person({ firstname: 'Ana' });
  const ben = await t.person({ firstname: 'Ben' });
  const id = await t.delegated(ana, ben, { role: 'assign', accepted, form });
  // Ben's "New task assigned" (and, accepted, Ana's "Task accepted") arrived first.
  await eventually(async () => (await t.storedFor(ben.id)).length === 1 || undefined);
  if (accepted) await eventually(async () => (await t.storedFor(ana.id)).length === 1 || undefined);
  return { ana, ben, id };
}

/** `user`'s notifications once there are `count`. */
async function bell(user: SignedUpUser, count: number) {
  await eventually(async () => (await t.storedFor(user.id)).length >= count || undefined);
  return t.storedFor(user.id);
}

/** `/ws/tasks/` messages pushed to `user` (without their log ids). */
const live = (user: SignedUpUser) =>
  t.pushesTo(user.id, 'tasks').map((m) => {
    const { id: _id, ...shape } = m.payload as { id?: string; type: string; task_id?: string };
    return shape;
  });

const mailed = async (user: SignedUpUser, count: number) => {
  await eventually(async () => t.mailsTo(user.email).length >= count || undefined);
  return t.mailsTo(user.email);
};

describe('the delegation loop tells the other side', () => {
  it('declined: the delegator, at once by mail too; the task leaves the recipient’s lists live', async () => {
    const { ana, ben, id } = await assigned();
    await ok(t.post(routes.declineTask.path, { task_id: id, reason: 'Too busy this month' }, ben.access));
    const [, note] = await bell(ana, 2);
    expect(note).toMatchObject({
      type: 'warning',
      title: 'Task declined',
      message: 'Ben declined “Quarterly report”: “Too busy this month”. Reassign it or take it back.',
      task_id: id,
    });
    const [mail] = await mailed(ana, 1);
    expect(mail?.text).toContain('Ben declined “Quarterly report”');
    expect(mail?.text).toContain(`http://baton.test/home/tasks/${id}`);
    // Ben is told nothing more; his lists let the task go, and his bell no longer opens it.
    await eventually(async () => live(ben).some((m) => m.type === 'task_delete') || undefined);
    expect(live(ben).at(-1)).toEqual({ type: 'task_delete', task_id: id });
    await eventually(async () => live(ana).length >= 3 || undefined);
    expect(live(ana).at(-1)).toEqual({ type: 'task_added', task_id: id });
    const bens = await t.storedFor(ben.id);
    expect(bens).toHaveLength(1);
    expect(bens[0]).toMatchObject({ title: 'New task assigned', task_id: null, action: null });
  });

  it('a date proposed: the delegator; the answer: the recipient', async () => {
    const { ana, ben, id } = await assigned();
    const proposal = { task_id: id, dueDate: '2055-01-15', note: 'After the audit' };
    await ok(t.post(routes.proposeDueDate.path, proposal, ben.access));
    const [, proposed] = await bell(ana, 2);
    expect(proposed).toMatchObject({
      type: 'info',
      title: 'New date proposed',
      message: 'Ben proposed Fri 15 Jan 2055 for “Quarterly report”: “After the audit”',
      task_id: id,
    });
    await mailed(ana, 1);

    await ok(t.post(routes.answerProposal.path, { task_id: id, accept: true }, ana.access));
    const [, answered] = await bell(ben, 2);
    expect(answered).toMatchObject({
      type: 'success',
      title: 'Proposal accepted',
      message: 'Ana accepted your date for “Quarterly report”: it is due Fri 15 Jan 2055 now.',
      task_id: id,
    });
    await mailed(ben, 1);
    // Both sides fetch their lists again (the card's proposal and due date changed).
    await eventually(async () => live(ben).filter((m) => m.type === 'task_added').length >= 3 || undefined);

    await ok(t.post(routes.proposeDueDate.path, { ...proposal, dueDate: '2055-02-01' }, ben.access));
    await ok(t.post(routes.answerProposal.path, { task_id: id, accept: false }, ana.access));
    const [, , kept] = await bell(ben, 3);
    expect(kept).toMatchObject({
      type: 'warning',
      title: 'Proposal declined',
      message: 'Ana kept the due date of “Quarterly report”: Fri 15 Jan 2055.',
    });
  });

  it('reassigned: the previous recipient is told it went; the new one gets it as an assignment', async () => {
    const { ana, ben, id } = await assigned();
    const cleo = await t.person({ firstname: 'Cleo' });
    await ok(t.post(routes.reassignTask.path, { task_id: id, email: cleo.email }, ana.access));
    const [, gone] = await bell(ben, 2);
    expect(gone).toMatchObject({
      type: 'warning',
      title: 'Task reassigned',
      message: 'Ana gave “Quarterly report” to someone else. It is no longer in your lists.',
      task_id: null,
      action: null,
    });
    const [mail] = await mailed(ben, 1);
    expect(mail?.text).not.toContain(cleo.email);
    const [offer] = await bell(cleo, 1);
    expect(offer).toMatchObject({ title: 'New task assigned', task_id: id, action: 'assign_accept' });
    // The accept link came from tasks: notifications mails Cleo nothing of it.
    await eventually(async () => live(ben).some((m) => m.type === 'task_delete') || undefined);
    expect(live(ben).at(-1)).toEqual({ type: 'task_delete', task_id: id });
    await eventually(async () => live(cleo).length >= 2 || undefined);
    expect(live(cleo)).toEqual([
      { type: 'task_added', task_id: id },
      { type: 'task_added', task_id: id },
    ]);
    expect(t.mailsTo(cleo.email)).toEqual([]);
    expect(await t.storedFor(ana.id)).toHaveLength(1);
  });

  it('taken back: the previous recipient is told so', async () => {
    const { ana, ben, id } = await assigned(false);
    await ok(t.post(routes.reassignTask.path, { task_id: id, email: ana.email }, ana.access));
    const [, gone] = await bell(ben, 2);
    expect(gone?.message).toBe('Ana took back “Quarterly report”. It is no longer in your lists.');
  });

  it('nudged: the recipient, by mail at once by default, with Accept while not accepted', async () => {
    const { ana, ben, id } = await assigned(false);
    await ok(t.post(routes.nudgeTask.path.replace('{taskId}', id), undefined, ana.access));
    const [, nudge] = await bell(ben, 2);
    expect(nudge).toMatchObject({
      type: 'info',
      title: 'A nudge',
      message:
        'Ana is waiting on “Quarterly report”, due Sat 28 Nov 2054. Accept it here or from the e-mail we sent you.',
      task_id: id,
      action: 'assign_accept',
    });
    const [mail] = await mailed(ben, 1);
    expect(mail?.subject).toContain('Ana is waiting on “Quarterly report”');
    expect(await t.storedFor(ana.id)).toEqual([]);
  });

  it('a nudge follows the recipient’s preferences: bell and mail off, nothing', async () => {
    const { ana, ben, id } = await assigned();
    const choose = await t.notificationsCall('PUT', routes.updateNotificationPreferences.path, ben.access, {
      events: { nudged: { inApp: false, email: 'off' } },
    });
    expect(choose.status).toBe(200);
    await ok(t.post(routes.nudgeTask.path.replace('{taskId}', id), undefined, ana.access));
    // A later event for Ben, handled after the nudge: only it rings.
    await ok(t.post('/edit_shared_task/', { ...form, id, title: 'Q4 report' }, ana.access));
    const notes = await bell(ben, 2);
    expect(notes.map((n) => n.title)).toEqual(['New task assigned', 'Task updated']);
    expect(t.mailsTo(ben.email)).toEqual([]);
  });
});
