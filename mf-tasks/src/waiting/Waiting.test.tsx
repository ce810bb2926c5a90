import type { WaitingPerson, WaitingTask } from '@baton/contracts';
import { delegationMessages } from '@baton/contracts/constants';
import { FakeWebSocket, renderWithPlatform } from '@baton/web-platform/testing';
import { mockServer } from '@baton/web-platform/testing/msw';
import { act, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { taskOf } from '../testing';
import Waiting from './Waiting';

const server = mockServer();
const hour = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
/** A calendar day `days` from today (local), as due dates are written. */
const day = (days: number) => {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

const entry = (title: string, patch: Partial<WaitingTask> = {}, dueDate = day(3)): WaitingTask => ({
  task: taskOf({ title, dueDate, category: 'Tasks Delegated - Assigned', assigned_users: ['ben@x.io'] }),
  state: 'accepted',
  overdue: false,
  lastActivity: ago(2 * hour),
  nudgedAt: null,
  ...patch,
});

const ben: WaitingPerson = {
  name: 'Ben',
  email: 'ben@x.io',
  open: 2,
  overdue: 1,
  tasks: [
    entry('Send the invoice', { overdue: true, state: 'pending' }, day(-2)),
    entry('Book the room', {
      state: 'proposed',
      task: {
        ...taskOf({ title: 'Book the room', category: 'Tasks Delegated - Assigned' }),
        proposal: { dueDate: '2027-01-04', note: 'After the holidays', at: ago(hour) },
      },
    }),
  ],
};
const dana: WaitingPerson = {
  name: 'dana@x.io',
  email: 'dana@x.io',
  open: 1,
  overdue: 0,
  tasks: [
    entry('Draft the plan', {
      state: 'declined',
      task: {
        ...taskOf({ title: 'Draft the plan', category: 'Tasks Delegated - Assigned' }),
        declined: { name: 'Dana', email: 'dana@x.io', reason: 'Not my area', at: ago(hour) },
      },
    }),
  ],
};

function waitingRoute(people: () => WaitingPerson[] | Response) {
  let asked = 0;
  server.use(
    http.get('/api/tasks/waiting/', () => {
      asked += 1;
      const answer = people();
      return answer instanceof Response ? answer : HttpResponse.json({ people: answer });
    }),
  );
  return () => asked;
}

describe('Waiting on others', () => {
  it('groups the tasks by person: name, e-mail, counts, then each task with its state, due date and activity', async () => {
    waitingRoute(() => [ben, dana]);
    renderWithPlatform(<Waiting />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the tasks you are waiting on…');
    const benSection = await screen.findByRole('region', { name: 'Ben' });
    expect(within(benSection).getByText('ben@x.io')).toBeInTheDocument();
    expect(within(benSection).getByText('2 open')).toBeInTheDocument();
    expect(within(benSection).getByText('1 overdue')).toBeInTheDocument();
    const tasks = within(within(benSection).getByRole('list', { name: 'Tasks waiting on Ben' })).getAllByRole(
      'listitem',
    );
    // The server's order: overdue first.
    expect(tasks.map((task) => within(task).getByRole('heading').textContent)).toEqual([
      'Send the invoice',
      'Book the room',
    ]);
    const [overdue, proposed] = tasks as [HTMLElement, HTMLElement];
    expect(within(overdue).getByRole('link', { name: 'Send the invoice' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/home\/tasks\//),
    );
    expect(overdue).toHaveTextContent('Not accepted yet');
    expect(overdue).toHaveTextContent('2 days overdue');
    expect(overdue).toHaveTextContent('Last activity 2 hr ago');
    expect(proposed).toHaveTextContent('Proposed another date');
    expect(proposed).toHaveTextContent(/Proposed .*2027: After the holidays/);
    // Someone without a name is their address, once.
    const danaSection = screen.getByRole('region', { name: 'dana@x.io' });
    expect(within(danaSection).getAllByText('dana@x.io')).toHaveLength(1);
    expect(within(danaSection).getByText('Declined')).toBeInTheDocument();
    expect(within(danaSection).getByText('Reason: Not my area')).toBeInTheDocument();
    // Nobody holds a declined task: there is no one to nudge.
    expect(within(danaSection).queryByRole('button', { name: /Nudge/ })).not.toBeInTheDocument();
  });

  it('nudges once: the button says so and is disabled; a second nudge says when, in the server’s words', async () => {
    waitingRoute(() => [ben]);
    const nudged: string[] = [];
    let answer = () => HttpResponse.json({ message: delegationMessages.nudged });
    server.use(
      http.post('/nudge/:taskId/', ({ params }) => {
        nudged.push(params.taskId as string);
        return answer();
      }),
    );
    const { user } = renderWithPlatform(<Waiting />);
    const nudge = await screen.findByRole('button', { name: 'Nudge about “Send the invoice”' });
    await user.click(nudge);
    const done = await screen.findByRole('button', { name: 'Nudged about “Send the invoice”' });
    expect(done).toBeDisabled();
    expect(done).toHaveAccessibleDescription(delegationMessages.nudged);
    expect(nudged).toEqual([ben.tasks[0]?.task.id]);

    const tooSoon = delegationMessages.nudgeTooSoon(20 * 3600);
    answer = () =>
      HttpResponse.json({ error: tooSoon }, { status: 429, headers: { 'Retry-After': '72000' } });
    const other = screen.getByRole('button', { name: 'Nudge about “Book the room”' });
    await user.click(other);
    expect(await screen.findByRole('alert')).toHaveTextContent(tooSoon);
    expect(other).toBeEnabled();
    expect(other).toHaveAccessibleDescription(tooSoon);
  });

  it('says when nothing is waiting, with a way to delegate', async () => {
    waitingRoute(() => []);
    renderWithPlatform(<Waiting />);
    expect(await screen.findByText('Nothing is waiting on anyone.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Assign Task' })).toBeInTheDocument();
  });

  it('says when it failed to load, and tries again', async () => {
    let fail = true;
    waitingRoute(() => (fail ? new HttpResponse(null, { status: 500 }) : [ben]));
    const { user } = renderWithPlatform(<Waiting />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load the tasks you are waiting on.',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Ben' })).toBeInTheDocument();
  });

  it('fetches again when a live task event arrives', async () => {
    let people = [ben];
    const asked = waitingRoute(() => people);
    renderWithPlatform(<Waiting />);
    await screen.findByRole('region', { name: 'Ben' });
    const before = asked();
    people = [dana];
    act(() => FakeWebSocket.latest().receive({ type: 'task_accepted', task_id: ben.tasks[0]?.task.id }));
    expect(await screen.findByRole('region', { name: 'dana@x.io' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Ben' })).not.toBeInTheDocument();
    expect(asked()).toBeGreaterThan(before);
  });
});
