import { renderWithPlatform } from '@baton/web-platform/testing';
import { mockServer } from '@baton/web-platform/testing/msw';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { listHandlers, taskOf } from '../testing';
import Dashboard from './Dashboard';
import { dueLabel, summarize, timeAgo } from './summary';

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

describe('the summary', () => {
  it('buckets, counts and keeps 10 of each list', () => {
    const personal = Array.from({ length: 12 }, (_, i) =>
      taskOf({
        title: `P${i}`,
        progress: i % 3 === 0 ? 0 : 20,
        completed: i === 11,
        completedAt: i === 11 ? ago(1) : null,
      }),
    );
    const assigned = [
      taskOf({ category: 'Assigned Tasks' }),
      taskOf({ category: 'Tasks Delegated - Assigned' }),
    ];
    const invited = [taskOf({ category: 'Invited Tasks' })];
    const s = summarize(personal, assigned, invited);
    expect(s).toMatchObject({ total: 15, personal: 12, assigned: 1, invited: 1 });
    expect(s.status.completed).toBe(1);
    expect(s.status.inProgress + s.status.notStarted).toBe(14);
    expect(s.recent).toHaveLength(10);
    expect(s.recent[0]).toMatchObject({ what: 'Completed', task: { title: 'P11' } });
    expect(s.upcoming).toHaveLength(10);
  });
});

describe('the dashboard', () => {
  it('greets, counts, and each card except the total opens its list', async () => {
    server.use(
      ...listHandlers(() => [
        taskOf({ title: 'Mine', progress: 50 }),
        taskOf({ title: 'To me', category: 'Assigned Tasks', owner: 'c@x.io' }),
        taskOf({
          title: 'Invite',
          category: 'Invited Tasks',
          owner: 'c@x.io',
          completed: true,
          completedAt: new Date().toISOString(),
        }),
      ]),
    );
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
  });

  it.each([
    ['Create New Task', 'Personal Tasks'],
    ['Send A Task Invite', 'Tasks Delegated - Invitation'],
    ['Assign A Task', 'Tasks Delegated - Assigned'],
  ])('Quick action "%s" opens the form in %s', async (button, category) => {
    server.use(...listHandlers(() => []));
    const { user, store } = renderWithPlatform(<Dashboard />);
    await user.click(await screen.findByRole('button', { name: button }));
    expect(store.getState().workspace).toMatchObject({ category, request: { kind: 'createTask', category } });
  });

  it('says "Failed to load dashboard data." when a list cannot be read', async () => {
    server.use(...listHandlers(() => []));
    server.use(http.post('/get_invited/', () => new HttpResponse(null, { status: 500 })));
    renderWithPlatform(<Dashboard />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load dashboard data.');
  });
});
