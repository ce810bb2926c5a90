import type { Task } from '@baton/contracts';
import { delegationMessages } from '@baton/contracts/constants';
import { setDensity } from '@baton/web-platform';
import { renderWithPlatform, testUser } from '@baton/web-platform/testing';
import { mockServer } from '@baton/web-platform/testing/msw';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import TaskList from '../list/TaskList';
import { chooseCardAction, listHandlers, taskOf } from '../testing';

const server = mockServer();
afterEach(() => setDensity('compact'));

/** A route recording each body, answering `reply` (the server's sentence by default). */
function route(path: string, reply: () => Response = () => HttpResponse.json({ message: 'Done.' })) {
  const bodies: unknown[] = [];
  server.use(
    http.post(path, async ({ request }) => {
      bodies.push(await request.json());
      return reply();
    }),
  );
  return bodies;
}

/** The list holding `task` (the lists answer from `tasks`, which a test may change), and its card. */
async function showCard(task: Task, tasks = () => [task]) {
  server.use(
    ...listHandlers(tasks),
    http.get('/api/settings/trusted-users/', () => HttpResponse.json([])),
  );
  const view = renderWithPlatform(<TaskList category={task.category} />);
  const card = await screen.findByRole('article', { name: task.title });
  return { ...view, card };
}

const received = (overrides: Partial<Task> = {}) =>
  taskOf({
    title: 'Write the report',
    category: 'Assigned Tasks',
    owner: 'cleo@x.io',
    firstName: 'Cleo',
    assigned_users: [testUser.email],
    ...overrides,
  });

const sent = (overrides: Partial<Task> = {}) =>
  taskOf({
    title: 'Review the budget',
    category: 'Tasks Delegated - Assigned',
    assigned_users: ['ben@x.io'],
    recipientName: 'Ben',
    ...overrides,
  });

describe('declining (the recipient)', () => {
  it('needs a reason, counts its characters, and sends it', async () => {
    const bodies = route('/decline_task', () => HttpResponse.json({ message: delegationMessages.declined }));
    const task = received();
    const { card, user } = await showCard(task);
    await chooseCardAction(user, card, 'Decline');
    const dialog = screen.getByRole('dialog', { name: 'Decline task' });
    expect(dialog).toHaveAccessibleDescription('“Write the report” goes back to Cleo, with your reason.');
    const reason = within(dialog).getByRole('textbox', { name: /Reason/ });
    expect(reason).toHaveFocus();
    expect(reason).toBeRequired();
    expect(reason).toHaveAccessibleDescription('0/200 characters');
    await user.click(within(dialog).getByRole('button', { name: 'Decline task' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(delegationMessages.reasonRequired);
    expect(bodies).toEqual([]);
    await user.type(reason, '  No time this month ');
    expect(reason).toHaveAccessibleDescription('21/200 characters');
    expect(reason).toHaveAttribute('maxLength', '200');
    await user.click(within(dialog).getByRole('button', { name: 'Decline task' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies).toEqual([{ task_id: task.id, reason: 'No time this month' }]);
    expect(await screen.findByText(delegationMessages.declined)).toBeInTheDocument();
  });

  it("shows the server's sentence and keeps the dialog open", async () => {
    route('/decline_task', () => HttpResponse.json({ error: delegationMessages.completed }, { status: 409 }));
    const { card, user } = await showCard(received());
    await chooseCardAction(user, card, 'Decline');
    const dialog = screen.getByRole('dialog', { name: 'Decline task' });
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Busy');
    await user.click(within(dialog).getByRole('button', { name: 'Decline task' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(delegationMessages.completed);
  });

  it('is offered on an open received task only, pending or accepted', async () => {
    const { card, user } = await showCard(received({ is_accepted: false }));
    await user.click(within(card).getByRole('button', { name: /^More actions/ }));
    expect(within(card).getByRole('menuitem', { name: 'Decline' })).toBeInTheDocument();
    expect(within(card).getByRole('menuitem', { name: 'Propose another date' })).toBeInTheDocument();
  });
});

describe('proposing another date', () => {
  it('the recipient proposes a date with a note; Escape cancels', async () => {
    const bodies = route('/propose_due_date', () =>
      HttpResponse.json({ message: delegationMessages.proposed }),
    );
    const task = received({ dueDate: '2026-12-01' });
    const { card, user } = await showCard(task);
    await chooseCardAction(user, card, 'Propose another date');
    let dialog = screen.getByRole('dialog', { name: 'Propose another date' });
    await user.keyboard('{Escape}');
    expect(dialog).not.toBeInTheDocument();
    await chooseCardAction(user, card, 'Propose another date');
    dialog = screen.getByRole('dialog', { name: 'Propose another date' });
    await user.click(within(dialog).getByRole('button', { name: 'Send proposal' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(delegationMessages.proposalDate);
    await user.type(within(dialog).getByLabelText(/Proposed due date/), '2026-12-01');
    await user.click(within(dialog).getByRole('button', { name: 'Send proposal' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(delegationMessages.proposalSameDate);
    await user.clear(within(dialog).getByLabelText(/Proposed due date/));
    await user.type(within(dialog).getByLabelText(/Proposed due date/), '2026-12-09');
    await user.type(within(dialog).getByRole('textbox', { name: 'Note (optional)' }), 'Away until the 8th');
    await user.click(within(dialog).getByRole('button', { name: 'Send proposal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies).toEqual([{ task_id: task.id, dueDate: '2026-12-09', note: 'Away until the 8th' }]);
  });

  it('shows on the recipient’s card until answered, and is not offered twice', async () => {
    const proposal = { dueDate: '2026-12-09', note: 'Away until the 8th', at: '2026-11-20T10:00:00.000Z' };
    const { card, user } = await showCard(received({ proposal }));
    const note = within(card).getByRole('region', { name: 'Date proposal' });
    expect(note).toHaveTextContent(/^You: Proposed .*2026: Away until the 8th \(waiting for an answer\)$/);
    expect(within(note).queryByRole('button')).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: /^More actions/ }));
    expect(within(card).queryByRole('menuitem', { name: 'Propose another date' })).not.toBeInTheDocument();
  });

  it('the delegator accepts the date or keeps theirs', async () => {
    const bodies = route('/answer_proposal', () =>
      HttpResponse.json({ message: delegationMessages.proposalAccepted }),
    );
    const proposal = { dueDate: '2026-12-09', note: '', at: '2026-11-20T10:00:00.000Z' };
    const task = sent({ proposal });
    const { card, user } = await showCard(task);
    const note = within(card).getByRole('region', { name: 'Date proposal' });
    expect(note).toHaveTextContent(/^Ben: Proposed .*2026Accept dateKeep date$/);
    await user.click(within(note).getByRole('button', { name: 'Accept date' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    await user.click(within(note).getByRole('button', { name: 'Keep date' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies).toEqual([
      { task_id: task.id, accept: true },
      { task_id: task.id, accept: false },
    ]);
    expect(await screen.findAllByText(delegationMessages.proposalAccepted)).not.toHaveLength(0);
  });

  it("says the server's refusal of an answer on the card", async () => {
    route('/answer_proposal', () =>
      HttpResponse.json({ error: delegationMessages.noProposal }, { status: 409 }),
    );
    const proposal = { dueDate: '2026-12-09', note: '', at: '2026-11-20T10:00:00.000Z' };
    const { card, user } = await showCard(sent({ proposal }));
    await user.click(within(card).getByRole('button', { name: 'Keep date' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(delegationMessages.noProposal);
  });
});

describe("a declined task on the delegator's card", () => {
  const declined = {
    name: 'Ben',
    email: 'ben@x.io',
    reason: 'No time this month',
    at: '2026-11-20T10:00:00.000Z',
  };

  it('says who declined and why, not "Not accepted yet"; Reassign sends it to someone else', async () => {
    const bodies = route('/reassign_task', () =>
      HttpResponse.json({
        id: 'x',
        task_id: 'x',
        error: null,
        invitation_sent: false,
        message: 'Task reassigned.',
      }),
    );
    // The list may still name the one who declined: the card names nobody as holding it.
    const task = sent({ declined, is_accepted: false });
    const { card, user } = await showCard(task);
    const note = within(card).getByRole('region', { name: 'Declined' });
    expect(note).toHaveTextContent(delegationMessages.declinedBy('Ben', 'No time this month'));
    expect(within(card).queryByText('Not accepted yet')).not.toBeInTheDocument();
    expect(within(card).queryByText(/Assigned to/)).not.toBeInTheDocument();
    expect(card).not.toHaveClass('task-card--pending');
    await user.click(within(note).getByRole('button', { name: 'Reassign' }));
    const dialog = screen.getByRole('dialog', { name: 'Reassign task' });
    const email = within(dialog).getByRole('combobox', { name: 'Recipient email' });
    expect(email).toHaveFocus();
    await user.type(email, 'dana@x');
    await user.click(within(dialog).getByRole('button', { name: 'Reassign' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Enter a valid email or select a trusted user from suggestions.',
    );
    await user.type(email, '.io');
    await user.click(within(dialog).getByRole('button', { name: 'Reassign' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies).toEqual([{ task_id: task.id, email: 'dana@x.io' }]);
    expect(await screen.findByText('Task reassigned.')).toBeInTheDocument();
  });

  it('"Take back as personal" reassigns it to the owner', async () => {
    const bodies = route('/reassign_task', () =>
      HttpResponse.json({
        id: 'x',
        task_id: 'x',
        error: null,
        invitation_sent: false,
        message: delegationMessages.tookBack,
      }),
    );
    const task = sent({ declined, assigned_users: [], is_accepted: false });
    const { card, user } = await showCard(task);
    await user.click(within(card).getByRole('button', { name: 'Take back as personal' }));
    await waitFor(() => expect(bodies).toEqual([{ task_id: task.id, email: testUser.email }]));
    expect(await screen.findByText(delegationMessages.tookBack)).toBeInTheDocument();
  });
});
