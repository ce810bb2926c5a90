import type { DashboardSummary } from '@baton/contracts';
import { FakeWebSocket, renderWithPlatform } from '@baton/web-platform/testing';
import { mockServer } from '@baton/web-platform/testing/msw';
import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { taskOf } from '../testing';
import Dashboard from './Dashboard';
import { dueLabel, timeAgo } from './summary';

const server = mockServer();
const now = Date.parse('2026-11-21T12:00:00.000Z');
const ago = (ms: number) => new Date(now - ms).toISOString();
const hour = 3_600_000;

describe('time labels (SPEC §9)', () => {
  it.each([
    [0, 'Just now'],
    [hour - 1, 'Just now'],
    [hour, '1 hour ago'],
    [5 * hour, '5 hours ago'],
    [24 * hour - 1, '23 hours ago'],
    [24 * hour, '1 day ago'],
    [48 * hour - 1, '1 day ago'],
    [72 * hour, '3 days ago'],
  ])('%i ms ago is "%s"', (elapsed, label) => {
    expect(timeAgo(ago(elapsed), now)).toBe(label);
  });

  it.each([
    ['2026-11-18', '3 days overdue'],
    ['2026-11-20', '1 day overdue'],
    ['2026-11-21', 'Due today'],
    ['2026-11-22', 'Due tomorrow'],
    ['2026-11-26', 'Due in 5 days'],
  ])('due %s is "%s"', (due, label) => {
    expect(dueLabel(due, new Date(2026, 10, 21, 15, 0))).toBe(label);
  });
});

const empty: DashboardSummary = {
  total: 0,
  personal: 0,
  invited: 0,
  assigned: 0,
  status: { completed: 0, inProgress: 0, notStarted: 0 },
  recent: [],
  upcoming: [],
};

/** The summary route answering `summary()`, counting its calls. */
function summaryRoute(summary: () => DashboardSummary) {
  const calls = { count: 0 };
  server.use(
    http.get('/api/tasks/summary/', () => {
      calls.count += 1;
      return HttpResponse.json(summary());
    }),
  );
  return calls;
}

describe('the dashboard', () => {
  it("greets, shows the server's figures, and each card except the total opens its list", async () => {
    const invite = taskOf({ title: 'Invite', category: 'Invited Tasks', owner: 'c@x.io', completed: true });
    const mine = taskOf({ title: 'Mine', progress: 50 });
    const toMe = taskOf({ title: 'To me', category: 'Assigned Tasks', owner: 'c@x.io' });
    summaryRoute(() => ({
      total: 3,
      personal: 1,
      invited: 1,
      assigned: 1,
      status: { completed: 1, inProgress: 1, notStarted: 1 },
      recent: [{ task: invite, what: 'Completed', at: new Date().toISOString() }],
      upcoming: [mine, toMe],
    }));
    const { user, store } = renderWithPlatform(<Dashboard />);
    expect(
      await screen.findByRole('heading', { name: /^Good (morning|afternoon|evening), Ada$/ }),
    ).toBeInTheDocument();
    expect(screen.getByText('Total Tasks').previousSibling).toHaveTextContent('3');
    expect(screen.queryByRole('button', { name: /Total Tasks/ })).not.toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: 'Tasks: Completed 1, In progress 1, Not started 1' }),
    ).toBeInTheDocument();
    const recent = screen.getByRole('region', { name: 'Recent Activity' });
    expect(within(recent).getByText('Invite').nextSibling).toHaveTextContent('Completed · Just now');
    const upcoming = screen.getByRole('region', { name: 'Upcoming Deadlines' });
    expect(within(upcoming).getAllByRole('listitem')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: /Invited Tasks/ }));
    expect(store.getState().workspace.category).toBe('Invited Tasks');
    // Each deadline and each activity is a link to its task's page, followed in place.
    expect(within(recent).getByRole('link', { name: 'Invite' })).toHaveAttribute(
      'href',
      `/home/tasks/${invite.id}`,
    );
    await user.click(within(upcoming).getByRole('link', { name: 'To me' }));
    expect(store.getState().workspace.openTaskId).toBe(toMe.id);
  });

  it.each([
    ['Create New Task', 'Personal Tasks'],
    ['Send A Task Invite', 'Tasks Delegated - Invitation'],
    ['Assign A Task', 'Tasks Delegated - Assigned'],
  ])('Quick action "%s" opens the form in %s', async (button, category) => {
    summaryRoute(() => empty);
    const { user, store } = renderWithPlatform(<Dashboard />);
    await user.click(await screen.findByRole('button', { name: button }));
    expect(store.getState().workspace).toMatchObject({ category, request: { kind: 'createTask', category } });
  });

  it('says "Failed to load dashboard data." when the figures cannot be read', async () => {
    server.use(http.get('/api/tasks/summary/', () => new HttpResponse(null, { status: 500 })));
    renderWithPlatform(<Dashboard />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load dashboard data.');
  });

  it('fetches the figures again on each live task event, and shows the empty states', async () => {
    let current = empty;
    const calls = summaryRoute(() => current);
    renderWithPlatform(<Dashboard />);
    expect(await screen.findByText('Nothing yet. New and completed tasks show up here.')).toBeInTheDocument();
    expect(screen.getByText('No open task has a due date.')).toBeInTheDocument();
    const before = calls.count;
    current = { ...empty, total: 1, personal: 1, status: { ...empty.status, notStarted: 1 } };
    act(() => FakeWebSocket.latest().receive({ type: 'task_added', task_id: 'x' }));
    await waitFor(() => expect(screen.getByText('Total Tasks').previousSibling).toHaveTextContent('1'));
    expect(calls.count).toBe(before + 1);
  });
});
