import type { Notification } from '@baton/contracts';
import { platformApi } from '@baton/web-platform';
import { gate, renderWithPlatform } from '@baton/web-platform/testing';
import { mockServer } from '@baton/web-platform/testing/msw';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import NotificationBell from './NotificationBell';
import { accountTimeZone, listSettled, makeNotification, taskId } from './testing';

// The live socket is a FakeWebSocket (shared web test setup) left unopened here; see the live tests.
// The bell also sends the browser's time zone (timezone.test.tsx); here the account has one already.
const server = mockServer(...accountTimeZone('Europe/Berlin').handlers);

/** A fake notifications service holding `initial`; records the ids of every write. */
function notificationService(initial: Notification[]) {
  const state = { items: [...initial], marked: [] as string[][], deleted: [] as string[][] };
  server.use(
    http.get('/notifications/', () => HttpResponse.json({ notifications: state.items })),
    http.post('/notifications/mark_as_read/', async ({ request }) => {
      const { ids } = (await request.json()) as { ids: string[] };
      state.marked.push(ids);
      state.items = state.items.map((n) => (ids.includes(n.id) ? { ...n, is_read: true } : n));
      return HttpResponse.json({ ok: true, count: ids.length });
    }),
    http.post('/notifications/delete/', async ({ request }) => {
      const { ids } = (await request.json()) as { ids: string[] };
      state.deleted.push(ids);
      state.items = state.items.filter((n) => !ids.includes(n.id));
      return HttpResponse.json({ ok: true, count: ids.length });
    }),
  );
  return state;
}

const bell = () => screen.getByRole('button', { name: /^Notifications/ });
const panel = () => screen.getByRole('dialog', { name: 'Notifications' });
const item = (title: string) => screen.getByRole('listitem', { name: new RegExp(title) });
const badgeOf = (button: HTMLElement) => button.querySelector('.nb-bell__badge')?.textContent ?? null;

/** Renders the bell, waits for the list and opens the panel. */
async function openBell() {
  const view = renderWithPlatform(<NotificationBell />);
  await waitFor(() => expect(listSettled(view.store)).toBe(true));
  await view.user.click(bell());
  return view;
}

describe('the bell', () => {
  it('shows the unread count, hidden at 0, capped at "99+"', async () => {
    const many = Array.from({ length: 100 }, () => makeNotification());
    const state = notificationService(many);
    renderWithPlatform(<NotificationBell />);
    await screen.findByRole('button', { name: 'Notifications, 100 unread' });
    expect(badgeOf(bell())).toBe('99+');

    state.items = many.slice(0, 99);
    const second = renderWithPlatform(<NotificationBell />);
    const ninetyNine = await within(second.container).findByRole('button', {
      name: 'Notifications, 99 unread',
    });
    expect(badgeOf(ninetyNine)).toBe('99');

    state.items = [makeNotification({ is_read: true })];
    const third = renderWithPlatform(<NotificationBell />);
    await waitFor(() => expect(listSettled(third.store)).toBe(true));
    const none = within(third.container).getByRole('button', { name: 'Notifications' });
    expect(badgeOf(none)).toBeNull();
  });

  it('leaves out deleted notifications', async () => {
    notificationService([
      makeNotification({ title: 'Gone', is_deleted: true }),
      makeNotification({ title: 'Here' }),
    ]);
    await openBell();
    expect(screen.getByRole('tab', { name: 'All (1)' })).toBeInTheDocument();
    expect(screen.queryByText('Gone')).not.toBeInTheDocument();
    expect(bell()).toHaveAccessibleName('Notifications, 1 unread');
  });

  it('opens a named, non-modal panel and says so on the bell', async () => {
    notificationService([]);
    const { user } = renderWithPlatform(<NotificationBell />);
    expect(bell()).toHaveAttribute('aria-expanded', 'false');
    await user.click(bell());
    expect(bell()).toHaveAttribute('aria-expanded', 'true');
    expect(bell()).toHaveAttribute('aria-controls', panel().id);
    expect(panel()).not.toHaveAttribute('aria-modal', 'true');
    expect(panel()).toHaveFocus();
  });

  it('closes with Escape and with Close, giving focus back to the bell', async () => {
    notificationService([makeNotification({ title: 'Hello' })]);
    const { user } = await openBell();
    await user.click(screen.getByRole('tab', { name: 'Unread (1)' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bell()).toHaveFocus();
    expect(bell()).toHaveAttribute('aria-expanded', 'false');

    await user.click(bell());
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bell()).toHaveFocus();
  });

  it('closes on a click outside and toggles with the bell', async () => {
    notificationService([]);
    const { user } = renderWithPlatform(
      <div>
        <p>Elsewhere</p>
        <NotificationBell />
      </div>,
    );
    await user.click(bell());
    await user.click(within(panel()).getByText('You’re all caught up.'));
    expect(panel()).toBeInTheDocument();
    await user.click(screen.getByText('Elsewhere'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(bell());
    await user.click(bell());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('the panel', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('groups under Today, Yesterday, This Week and Earlier, newest first, with relative times', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const now = new Date(2026, 2, 18, 12, 0); // Wednesday
    vi.setSystemTime(now);
    const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000).toISOString();
    notificationService([
      makeNotification({ title: 'Undated', created_at: '' }),
      makeNotification({ title: 'Last week', created_at: new Date(2026, 2, 15, 20).toISOString() }),
      makeNotification({ title: 'Monday', created_at: new Date(2026, 2, 16, 9).toISOString() }),
      makeNotification({ title: 'Tuesday', created_at: new Date(2026, 2, 17, 23).toISOString() }),
      makeNotification({ title: 'Earlier today', created_at: minutesAgo(125) }),
      makeNotification({ title: 'Moments ago', created_at: minutesAgo(0.5) }),
      makeNotification({ title: 'Five minutes', created_at: minutesAgo(5) }),
    ]);
    await openBell();
    const headings = within(panel()).getAllByRole('heading', { level: 3 });
    expect(headings.map((h) => h.textContent)).toEqual(['Today', 'Yesterday', 'This Week', 'Earlier']);
    const titles = within(panel())
      .getAllByRole('listitem')
      .map((li) => li.querySelector('.nb-item__title')?.textContent);
    expect(titles).toEqual([
      'Moments ago',
      'Five minutes',
      'Earlier today',
      'Tuesday',
      'Monday',
      'Last week',
      'Undated',
    ]);
    expect(screen.getByRole('list', { name: 'Today' }).children).toHaveLength(3);
    expect(screen.getByRole('list', { name: 'Earlier' }).children).toHaveLength(2);
    expect(item('Moments ago')).toHaveTextContent('just now');
    expect(item('Five minutes')).toHaveTextContent('5 min ago');
    expect(item('Earlier today')).toHaveTextContent('2 hr ago');
    expect(item('Monday')).toHaveTextContent('2 days ago');
  });

  it('names each item by type, read state and title (the dot is not the only cue)', async () => {
    notificationService([
      makeNotification({ title: 'Build failed', type: 'error' }),
      makeNotification({ title: 'Saved', type: 'success', is_read: true }),
    ]);
    await openBell();
    expect(item('Build failed')).toHaveAccessibleName('Error, Unread: Build failed');
    expect(item('Saved')).toHaveAccessibleName('Success: Saved');
    expect(item('Build failed').querySelector('.nb-item__dot--error')).toHaveAttribute('aria-hidden', 'true');
    expect(item('Build failed')).toHaveClass('nb-item--unread');
    expect(item('Saved')).not.toHaveClass('nb-item--unread');
  });

  it('has All and Unread tabs with counts', async () => {
    notificationService([
      makeNotification({ title: 'One' }),
      makeNotification({ title: 'Two', is_read: true }),
      makeNotification({ title: 'Three' }),
    ]);
    const { user } = await openBell();
    expect(screen.getByRole('tab', { name: 'All (3)' })).toHaveAttribute('aria-selected', 'true');
    expect(within(panel()).getAllByRole('listitem')).toHaveLength(3);
    await user.click(screen.getByRole('tab', { name: 'Unread (2)' }));
    expect(screen.getByRole('tab', { name: 'Unread (2)' })).toHaveAttribute('aria-selected', 'true');
    expect(within(panel()).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByText('Two')).not.toBeInTheDocument();
  });

  it('marks the focused item read with Enter: one call with its id, badge and counts go down', async () => {
    const one = makeNotification({ title: 'One', created_at: new Date(Date.now() - 1000).toISOString() });
    const two = makeNotification({ title: 'Two', created_at: new Date(Date.now() - 2000).toISOString() });
    const state = notificationService([one, two]);
    const { user } = await openBell();
    expect(bell()).toHaveAccessibleName('Notifications, 2 unread');
    item('One').focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 1 unread'));
    expect(state.marked).toEqual([[one.id]]);
    expect(badgeOf(bell())).toBe('1');
    expect(screen.getByRole('tab', { name: 'Unread (1)' })).toBeInTheDocument();
    expect(within(item('One')).queryByRole('button', { name: /Mark as read/ })).not.toBeInTheDocument();
    expect(item('One')).toHaveFocus();
    // Enter on a read item does nothing more.
    await user.keyboard('{Enter}');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(state.marked).toHaveLength(1);
  });

  it('marks read with the button, keeping focus on the item', async () => {
    const one = makeNotification({ title: 'One' });
    const state = notificationService([one]);
    const { user } = await openBell();
    await user.click(screen.getByRole('button', { name: 'Mark as read: One' }));
    await waitFor(() => expect(badgeOf(bell())).toBeNull());
    expect(state.marked).toEqual([[one.id]]);
    // The button went away with the unread state; focus stays on its item.
    expect(item('One')).toHaveFocus();
  });

  it('deletes the focused item with the Delete key and moves focus to the next one', async () => {
    const one = makeNotification({ title: 'One', created_at: new Date(Date.now() - 1000).toISOString() });
    const two = makeNotification({ title: 'Two', created_at: new Date(Date.now() - 2000).toISOString() });
    const state = notificationService([one, two]);
    const { user } = await openBell();
    item('One').focus();
    await user.keyboard('{Delete}');
    await waitFor(() => expect(screen.queryByText('One')).not.toBeInTheDocument());
    expect(state.deleted).toEqual([[one.id]]);
    expect(item('Two')).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'All (1)' })).toBeInTheDocument();
    expect(bell()).toHaveAccessibleName('Notifications, 1 unread');
  });

  it('deletes with the button; the last one leaves the empty state', async () => {
    const one = makeNotification({ title: 'One' });
    const state = notificationService([one]);
    const { user } = await openBell();
    await user.click(screen.getByRole('button', { name: 'Delete: One' }));
    expect(await screen.findByText('You’re all caught up.')).toBeInTheDocument();
    expect(state.deleted).toEqual([[one.id]]);
    expect(panel()).toContainElement(document.activeElement as HTMLElement);
  });

  it('on the Unread tab, Enter takes the item off the list and focus goes to the next one', async () => {
    const one = makeNotification({ title: 'One', created_at: new Date(Date.now() - 1000).toISOString() });
    const two = makeNotification({ title: 'Two', created_at: new Date(Date.now() - 2000).toISOString() });
    const state = notificationService([one, two]);
    const { user } = await openBell();
    await user.click(screen.getByRole('tab', { name: 'Unread (2)' }));
    item('One').focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByText('One')).not.toBeInTheDocument());
    expect(item('Two')).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Unread (1)' })).toHaveAttribute('aria-selected', 'true');
    expect(state.marked).toEqual([[one.id]]);
  });

  it('moves between items with the arrow keys', async () => {
    notificationService([
      makeNotification({ title: 'One', created_at: new Date(Date.now() - 1000).toISOString() }),
      makeNotification({
        title: 'Two',
        created_at: new Date(Date.now() - 2000).toISOString(),
        is_read: true,
      }),
    ]);
    const { user } = await openBell();
    item('One').focus();
    await user.keyboard('{ArrowDown}');
    expect(item('Two')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(item('Two')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(item('One')).toHaveFocus();
  });

  it('"Mark all read" sends every unread id in one call', async () => {
    const unread = [makeNotification(), makeNotification(), makeNotification()];
    const read = makeNotification({ is_read: true });
    const state = notificationService([...unread, read]);
    const { user } = await openBell();
    await user.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(badgeOf(bell())).toBeNull());
    expect(state.marked).toHaveLength(1);
    expect([...(state.marked[0] ?? [])].sort()).toEqual(unread.map((n) => n.id).sort());
    expect(screen.getByRole('tab', { name: 'Unread (0)' })).toBeInTheDocument();
    // Nothing left to mark: no further call.
    expect(screen.getByRole('button', { name: 'Mark all read' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('button', { name: 'Mark all read' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(state.marked).toHaveLength(1);
  });

  it('"Clear read" deletes every read one in one call', async () => {
    const read = [makeNotification({ is_read: true }), makeNotification({ is_read: true })];
    const unread = makeNotification({ title: 'Keep me' });
    const state = notificationService([read[0] as Notification, unread, read[1] as Notification]);
    const { user } = await openBell();
    await user.click(screen.getByRole('button', { name: 'Clear read' }));
    expect(await screen.findByRole('tab', { name: 'All (1)' })).toBeInTheDocument();
    expect(state.deleted).toHaveLength(1);
    expect([...(state.deleted[0] ?? [])].sort()).toEqual(read.map((n) => n.id).sort());
    expect(within(panel()).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Clear read' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('puts a notification back as unread when marking it read fails, and only logs', async () => {
    const one = makeNotification({ title: 'One' });
    notificationService([one]);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const call = gate();
    let calls = 0;
    server.use(
      http.post('/notifications/mark_as_read/', async () => {
        calls += 1;
        await call.opened;
        return HttpResponse.json({ error: 'boom' }, { status: 500 });
      }),
    );
    const { user } = await openBell();
    item('One').focus();
    await user.keyboard('{Enter}');
    // At once, before the answer.
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications'));
    call.open();
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 1 unread'));
    expect(error).toHaveBeenCalledWith('Failed to mark notifications as read.', expect.anything());
    expect(calls).toBe(1);
    expect(badgeOf(bell())).toBe('1');
    expect(within(item('One')).getByRole('button', { name: 'Mark as read: One' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('undoes a change the server does not confirm with ok, and restores a failed delete', async () => {
    const one = makeNotification({ title: 'One' });
    notificationService([one]);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const [marking, deleting] = [gate(), gate()];
    server.use(
      http.post('/notifications/mark_as_read/', async () => {
        await marking.opened;
        return HttpResponse.json({ ok: false, count: 0 });
      }),
      http.post('/notifications/delete/', async () => {
        await deleting.opened;
        return new HttpResponse(null, { status: 503 });
      }),
    );
    const { user } = await openBell();
    await user.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications'));
    marking.open();
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 1 unread'));
    expect(error).toHaveBeenCalledWith('Failed to mark notifications as read.', expect.anything());

    await user.click(screen.getByRole('button', { name: 'Delete: One' }));
    await waitFor(() => expect(screen.queryByText('One')).not.toBeInTheDocument());
    deleting.open();
    expect(await screen.findByText('One')).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith('Failed to delete notifications.', expect.anything());
    expect(screen.getByRole('tab', { name: 'All (1)' })).toBeInTheDocument();
  });

  it('shows the empty state, also on the Unread tab when everything is read', async () => {
    notificationService([]);
    await openBell();
    expect(within(panel()).getByText('You’re all caught up.')).toBeInTheDocument();
    expect(within(panel()).getByText('New alerts will appear here.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'All (0)' })).toBeInTheDocument();
  });

  it('shows the empty state on the Unread tab when everything is read', async () => {
    notificationService([makeNotification({ is_read: true })]);
    const { user } = await openBell();
    await user.click(screen.getByRole('tab', { name: 'Unread (0)' }));
    expect(within(panel()).getByText('You’re all caught up.')).toBeInTheDocument();
  });

  it('only logs a failed load and shows the empty state', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.get('/notifications/', () => HttpResponse.json({ error: 'down' }, { status: 500 })));
    await openBell();
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('Failed to load notifications.', expect.anything()),
    );
    expect(within(panel()).getByText('You’re all caught up.')).toBeInTheDocument();
    expect(bell()).toHaveAccessibleName('Notifications');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

const taskListProbe = platformApi.injectEndpoints({
  endpoints: (build) => ({
    taskListProbe: build.query<number, void>({ query: () => '/task-list-probe', providesTags: ['Task'] }),
  }),
});

describe('the task a notification is about', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** tasks' POST /accept_task answering `status` (200 unless told), recording each body. */
  function acceptRoute(status = 200, error = 'Task not found.') {
    const bodies: unknown[] = [];
    server.use(
      http.post('/accept_task', async ({ request }) => {
        bodies.push(await request.json());
        return status === 200
          ? HttpResponse.json({ message: 'Task accepted.' })
          : HttpResponse.json({ error }, { status });
      }),
    );
    return bodies;
  }

  it('"Open task" goes to the task’s page, marks the item read and closes the panel', async () => {
    const note = makeNotification({ title: 'New comment', task_id: taskId });
    const state = notificationService([note]);
    const { user, visited } = await openBell();
    expect(within(item('New comment')).queryByRole('button', { name: /^Accept/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open task: New comment' }));
    expect(visited).toEqual([`/home/tasks/${taskId}`]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bell()).toHaveFocus();
    await waitFor(() => expect(state.marked).toEqual([[note.id]]));
    expect(bell()).toHaveAccessibleName('Notifications');
  });

  it('an item about no task offers neither', async () => {
    notificationService([makeNotification({ title: 'Plain' })]);
    await openBell();
    expect(within(item('Plain')).queryByRole('button', { name: /Open task|Accept/ })).not.toBeInTheDocument();
  });

  it('Accept accepts in place as the signed-in person, says so and goes to the task', async () => {
    const note = makeNotification({ title: 'New task assigned', task_id: taskId, action: 'assign_accept' });
    const state = notificationService([note]);
    const bodies = acceptRoute();
    // A task list on screen (mf-tasks' lists share the platform's 'Task' tag) loads again.
    let listLoads = 0;
    server.use(
      http.get('/task-list-probe', () => {
        listLoads += 1;
        return HttpResponse.json(listLoads);
      }),
    );
    const { user, visited, store } = await openBell();
    store.dispatch(taskListProbe.endpoints.taskListProbe.initiate());
    await waitFor(() => expect(listLoads).toBe(1));
    await user.click(screen.getByRole('button', { name: 'Accept: New task assigned' }));
    expect(await within(item('New task assigned')).findByRole('status')).toHaveTextContent('Accepted');
    expect(bodies).toEqual([
      { task_id: taskId, user_email: 'ada@example.com', trusted: false, role: 'assign' },
    ]);
    expect(visited).toEqual([`/home/tasks/${taskId}`]);
    expect(
      within(item('New task assigned')).queryByRole('button', { name: /^Accept/ }),
    ).not.toBeInTheDocument();
    // Read, and focus stays on the item its button left.
    await waitFor(() => expect(state.marked).toEqual([[note.id]]));
    expect(item('New task assigned')).toHaveFocus();
    expect(panel()).toBeInTheDocument();
    await waitFor(() => expect(listLoads).toBe(2));
  });

  it('an invitation accepted before says so and offers Accept no more, without leaving', async () => {
    notificationService([makeNotification({ title: 'Invited', task_id: taskId, action: 'invite_accept' })]);
    const bodies = acceptRoute(409, 'This task was already accepted.');
    const { user, visited } = await openBell();
    await user.click(screen.getByRole('button', { name: 'Accept: Invited' }));
    expect(await within(item('Invited')).findByRole('status')).toHaveTextContent('Already accepted');
    expect(bodies).toMatchObject([{ role: 'invite' }]);
    expect(within(item('Invited')).queryByRole('button', { name: /^Accept/ })).not.toBeInTheDocument();
    expect(within(item('Invited')).getByRole('button', { name: 'Open task: Invited' })).toBeInTheDocument();
    expect(visited).toEqual([]);
  });

  it('a failed Accept says why in the item and can be tried again', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    notificationService([makeNotification({ title: 'Assigned', task_id: taskId, action: 'assign_accept' })]);
    const bodies = acceptRoute(404);
    const { user, visited } = await openBell();
    await user.click(screen.getByRole('button', { name: 'Accept: Assigned' }));
    expect(await within(item('Assigned')).findByRole('status')).toHaveTextContent('Task not found.');
    expect(error).toHaveBeenCalledWith('Could not accept the task.', expect.anything());
    expect(visited).toEqual([]);
    expect(bell()).toHaveAccessibleName('Notifications, 1 unread');
    await user.click(screen.getByRole('button', { name: 'Accept: Assigned' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
  });

  it('its buttons follow the item in the tab order; Enter on the item still marks it read', async () => {
    const note = makeNotification({ title: 'Assigned', task_id: taskId, action: 'assign_accept' });
    const state = notificationService([note]);
    const bodies = acceptRoute();
    const { user } = await openBell();
    item('Assigned').focus();
    for (const name of [
      'Accept: Assigned',
      'Open task: Assigned',
      'Mark as read: Assigned',
      'Delete: Assigned',
    ]) {
      await user.tab();
      expect(screen.getByRole('button', { name })).toHaveFocus();
    }
    item('Assigned').focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(state.marked).toEqual([[note.id]]));
    expect(bodies).toEqual([]);
  });
});

describe('time in the open panel', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('updates relative times every minute', async () => {
    vi.setSystemTime(new Date(2026, 2, 18, 12, 0, 0));
    notificationService([makeNotification({ title: 'Fresh', created_at: new Date().toISOString() })]);
    await openBell();
    expect(item('Fresh')).toHaveTextContent('just now');
    await vi.advanceTimersByTimeAsync(60_000);
    await waitFor(() => expect(item('Fresh')).toHaveTextContent('1 min ago'));
  });
});
