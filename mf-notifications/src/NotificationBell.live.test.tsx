import type { Notification } from '@baton/contracts';
import { setSoundEnabled } from '@baton/web-platform';
import { FakeWebSocket, gate, renderWithPlatform } from '@baton/web-platform/testing';
import { mockServer } from '@baton/web-platform/testing/msw';
import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import NotificationBell from './NotificationBell';
import { accountTimeZone, listSettled, makeNotification, stubMedia } from './testing';

// The bell also sends the browser's time zone (timezone.test.tsx); here the account has one already.
const server = mockServer(...accountTimeZone('Europe/Berlin').handlers);

/** The list the service answers GET /notifications/ with, and how often it was asked. */
function notificationService(initial: Notification[]) {
  const state = { items: [...initial], gets: 0 };
  server.use(
    http.get('/notifications/', () => {
      state.gets += 1;
      return HttpResponse.json({ notifications: state.items });
    }),
  );
  return state;
}

const bell = () => screen.getByRole('button', { name: /^Notifications/ });
/** The server pushes `data` on the open socket. */
/** The next GET /notifications/ waits until the returned gate opens, then answers `items()`. */
function heldList(items: () => Notification[]) {
  const call = gate();
  server.use(
    http.get('/notifications/', async () => {
      await call.opened;
      return HttpResponse.json({ notifications: items() });
    }),
  );
  return call;
}

const push = (data: unknown) => act(() => FakeWebSocket.latest().receive(data));

/** Renders the bell, waits for the list, then lets the socket open. */
async function connectedBell() {
  const view = renderWithPlatform(<NotificationBell />);
  await waitFor(() => expect(listSettled(view.store)).toBe(true));
  act(() => FakeWebSocket.latest().open());
  return view;
}

describe('live notifications (SPEC §4)', () => {
  let media: ReturnType<typeof stubMedia>;

  beforeEach(() => {
    media = stubMedia();
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('connects to /ws/notifications/ with the jwt subprotocols while signed in', async () => {
    notificationService([]);
    await connectedBell();
    const socket = FakeWebSocket.latest();
    expect(socket.url).toBe('ws://localhost:3000/ws/notifications/');
    expect(socket.protocols).toEqual(['jwt', expect.any(String)]);
  });

  it('neither loads nor connects when nobody is signed in', async () => {
    const state = notificationService([]);
    renderWithPlatform(<NotificationBell />, { signedIn: false });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(FakeWebSocket.all).toHaveLength(0);
    expect(state.gets).toBe(0);
    expect(bell()).toHaveAccessibleName('Notifications');
  });

  it('prepends a pushed notification, raises the badge and chimes at volume 0.6', async () => {
    const older = makeNotification({
      title: 'Older',
      created_at: new Date(Date.now() - 60_000).toISOString(),
    });
    notificationService([older]);
    const { user } = await connectedBell();
    expect(bell()).toHaveAccessibleName('Notifications, 1 unread');

    push(makeNotification({ title: 'Fresh', type: 'success' }));
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 2 unread'));
    expect(bell().querySelector('.nb-bell__badge')).toHaveTextContent('2');
    expect(media.play).toHaveBeenCalledTimes(1);
    expect((media.play.mock.contexts[0] as HTMLAudioElement).volume).toBe(0.6);

    await user.click(bell());
    const items = within(screen.getByRole('dialog', { name: 'Notifications' })).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('.nb-item__title')?.textContent)).toEqual(['Fresh', 'Older']);
    expect(items[0]).toHaveTextContent('just now');
    expect(screen.getByRole('tab', { name: 'Unread (2)' })).toBeInTheDocument();
  });

  it('replaces a collapsed notification pushed again with its id (one more comment): at the top, once, no chime', async () => {
    const comments = makeNotification({
      title: 'New comment',
      message: 'Ben commented on “Report”: “One”',
      created_at: new Date(Date.now() - 120_000).toISOString(),
    });
    const newer = makeNotification({
      title: 'Newer',
      created_at: new Date(Date.now() - 60_000).toISOString(),
    });
    notificationService([newer, comments]);
    const { user } = await connectedBell();
    push({
      ...comments,
      title: 'New comments',
      message: '2 new comments on “Report”; the latest from Ben: “Two”',
      created_at: new Date().toISOString(),
    });
    await user.click(bell());
    await waitFor(() => expect(screen.getByText('New comments')).toBeInTheDocument());
    const items = within(screen.getByRole('dialog', { name: 'Notifications' })).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('.nb-item__title')?.textContent)).toEqual([
      'New comments',
      'Newer',
    ]);
    expect(screen.queryByText('Ben commented on “Report”: “One”')).not.toBeInTheDocument();
    expect(bell()).toHaveAccessibleName('Notifications, 2 unread');
    expect(media.play).not.toHaveBeenCalled();
  });

  it('adds a notification pushed twice only once, without a sound', async () => {
    const known = makeNotification({ title: 'Known' });
    notificationService([known]);
    const { user } = await connectedBell();
    push({ ...known, title: 'Known again' });
    const other = makeNotification({ title: 'Other' });
    push(other);
    push(other);
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 2 unread'));
    expect(media.play).toHaveBeenCalledTimes(1);
    await user.click(bell());
    expect(screen.getByRole('tab', { name: 'All (2)' })).toBeInTheDocument();
    expect(screen.queryByText('Known again')).not.toBeInTheDocument();
  });

  it('ignores messages that are not notifications, and deleted ones', async () => {
    notificationService([]);
    await connectedBell();
    push('not json');
    push({ hello: 'world' });
    push({ ...makeNotification(), id: 'not-a-uuid' });
    push({ ...makeNotification(), type: 'urgent' });
    push(makeNotification({ is_deleted: true }));
    push(makeNotification({ title: 'Valid' }));
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 1 unread'));
    expect(media.play).toHaveBeenCalledTimes(1);
  });

  it('adds a pushed notification quietly when the sound is off', async () => {
    setSoundEnabled(false);
    notificationService([]);
    await connectedBell();
    push(makeNotification());
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 1 unread'));
    expect(media.play).not.toHaveBeenCalled();
  });

  it('stops the chime when the sound is turned off (the sound-toggle event)', async () => {
    notificationService([]);
    await connectedBell();
    push(makeNotification());
    expect(media.play).toHaveBeenCalledTimes(1);
    const audio = media.play.mock.contexts[0] as HTMLAudioElement;
    setSoundEnabled(false);
    expect(media.pause).toHaveBeenCalledTimes(1);
    expect(media.pause.mock.contexts[0]).toBe(audio);
    expect(audio.currentTime).toBe(0);
  });

  it('shows a pushed notification even when the list failed to load', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.get('/notifications/', () => new HttpResponse(null, { status: 500 })));
    await connectedBell();
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('Failed to load notifications.', expect.anything()),
    );
    push(makeNotification({ title: 'Pushed' }));
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 1 unread'));
  });

  it('keeps a notification pushed while the list is being fetched again', async () => {
    const state = notificationService([makeNotification({ title: 'Old' })]);
    const view = renderWithPlatform(<NotificationBell />);
    await waitFor(() => expect(listSettled(view.store)).toBe(true));
    const call = heldList(() => state.items);
    // The refetch on open reads the list before the push below existed.
    act(() => FakeWebSocket.latest().open());
    push(makeNotification({ title: 'Pushed' }));
    call.open();
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 2 unread'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(bell()).toHaveAccessibleName('Notifications, 2 unread');
    expect(media.play).toHaveBeenCalledTimes(1);
  });

  it('keeps a notification pushed before the first load has ended', async () => {
    const call = heldList(() => [makeNotification({ title: 'Old' })]);
    renderWithPlatform(<NotificationBell />);
    act(() => FakeWebSocket.latest().open());
    push(makeNotification({ title: 'Early' }));
    call.open();
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 2 unread'));
  });

  it('keeps a change made while the list was being fetched again', async () => {
    const one = makeNotification({ title: 'One' });
    notificationService([one]);
    const marked: unknown[] = [];
    server.use(
      http.post('/notifications/mark_as_read/', async ({ request }) => {
        marked.push(await request.json());
        return HttpResponse.json({ ok: true, count: 1 });
      }),
    );
    const view = renderWithPlatform(<NotificationBell />);
    await waitFor(() => expect(listSettled(view.store)).toBe(true));
    // Read before the write below.
    const call = heldList(() => [one]);
    act(() => FakeWebSocket.latest().open());
    await view.user.click(bell());
    await view.user.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(marked).toEqual([{ ids: [one.id] }]));
    call.open();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications'));
    expect(screen.getByRole('tab', { name: 'Unread (0)' })).toBeInTheDocument();
  });

  it('refetches what was missed each time the socket opens again (after 1 s)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const state = notificationService([]);
    await connectedBell();
    await waitFor(() => expect(state.gets).toBe(2));
    state.items = [makeNotification({ title: 'Missed' })];
    act(() => FakeWebSocket.latest().drop());
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(FakeWebSocket.all).toHaveLength(2);
    act(() => FakeWebSocket.latest().open());
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 1 unread'));
    expect(state.gets).toBe(3);
  });

  it('resumes after the newest notification it has: what was missed comes on the socket, and chimes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const known = makeNotification({
      title: 'Known',
      created_at: new Date(Date.now() - 60_000).toISOString(),
    });
    const state = notificationService([known]);
    await connectedBell();
    await waitFor(() => expect(state.gets).toBeGreaterThanOrEqual(1));
    const gets = state.gets;
    act(() => FakeWebSocket.latest().drop());
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(FakeWebSocket.latest().url).toBe(`ws://localhost:3000/ws/notifications/?after=${known.id}`);
    act(() => FakeWebSocket.latest().open());
    // The gateway sends what was missed first (and, within its margin, some the bell has: ignored).
    push(known);
    push(makeNotification({ title: 'Missed while away' }));
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications, 2 unread'));
    expect(media.play).toHaveBeenCalledTimes(1);
    // The resumed socket said what was missed: no refetch of the list.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(state.gets).toBe(gets);
  });
});
