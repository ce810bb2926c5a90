import type { Comment, Task } from '@baton/contracts';
import { FakeWebSocket, renderWithPlatform, testUser } from '@baton/web-platform/testing';
import { mockServer } from '@baton/web-platform/testing/msw';
import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import TaskList from '../list/TaskList';
import { chooseCardAction, listHandlers, taskOf } from '../testing';
import { CommentsDialog } from './CommentsDialog';
import { commentReconnectMs, merge, othersHere, socketPath } from './thread';

const server = mockServer(http.get('/api/settings/trusted-users/', () => HttpResponse.json([])));

let n = 0;
function commentOf(overrides: Partial<Comment> = {}): Comment {
  n += 1;
  return {
    id: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    user: 'rita@example.com',
    name: 'Rita Reyes',
    content: `Comment ${n}`,
    timestamp: new Date(Date.UTC(2026, 10, 24, 9, 0, n)).toISOString(),
    ...overrides,
  };
}

const delegated = (overrides: Partial<Task> = {}) =>
  taskOf({
    title: 'Quarterly report',
    category: 'Tasks Delegated - Invitation',
    invited_users: ['rita@example.com'],
    ...overrides,
  });

/** The thread's GET answering `comments` (or `status`), recording each request's address. */
function threadRoute(comments: () => Comment[], status = 200) {
  const seen: string[] = [];
  server.use(
    http.get('/task_comments/:taskId', ({ request }) => {
      seen.push(request.url);
      return status === 200
        ? HttpResponse.json({ comments: comments() })
        : HttpResponse.json({ error: 'nope' }, { status });
    }),
  );
  return seen;
}

async function openPanel(task = delegated(), canWrite = true) {
  const view = renderWithPlatform(<CommentsDialog task={task} canWrite={canWrite} onClose={() => {}} />);
  await waitFor(() => expect(FakeWebSocket.all.length).toBeGreaterThan(0));
  return { ...view, socket: FakeWebSocket.latest() };
}

const input = () => screen.getByRole('textbox', { name: 'Your comment' });
const items = () => within(screen.getByRole('log', { name: 'Comments' })).queryAllByRole('listitem');

describe('the comments panel (SPEC §2, §4)', () => {
  it('shows the thread, and the input only once connected: red dot, then green', async () => {
    const theirs = commentOf({ content: 'Numbers are in' });
    const mine = commentOf({ user: testUser.email, name: 'Ada Lovelace', content: 'Thanks' });
    threadRoute(() => [theirs, mine]);
    const { socket } = await openPanel();
    expect(await screen.findByText('Numbers are in')).toBeInTheDocument();
    expect(screen.getByText('Connecting…')).toBeInTheDocument();
    expect(input()).toBeDisabled();
    expect(document.querySelector('.task-comments__dot--on')).toBeNull();
    act(() => socket.open());
    expect(screen.getByText('Connected')).toBeInTheDocument();
    expect(document.querySelector('.task-comments__dot--on')).not.toBeNull();
    expect(input()).toBeEnabled();
    const [first, second] = items();
    expect(first).not.toHaveClass('task-comment--own');
    expect(within(first as HTMLElement).getByText('Rita Reyes')).toBeInTheDocument();
    expect(second).toHaveClass('task-comment--own');
    expect(within(second as HTMLElement).getByText('You')).toBeInTheDocument();
  });

  it('opens the socket for what came after the newest comment it loaded', async () => {
    const task = delegated();
    const last = commentOf();
    threadRoute(() => [commentOf(), last]);
    const { socket } = await openPanel(task);
    expect(socket.url).toBe(`ws://localhost:3000/ws/comments/${task.id}/?after=${last.id}`);
    expect(socket.protocols[0]).toBe('jwt');
  });

  it('adds pushed comments live, each once, and keeps markup as text', async () => {
    threadRoute(() => []);
    const { socket } = await openPanel();
    act(() => socket.open());
    expect(screen.getByText('No comments yet. Start the conversation.')).toBeInTheDocument();
    const pushed = commentOf({ content: '<b>not bold</b>' });
    act(() => {
      socket.receive({ comment: pushed });
      socket.receive({ comment: pushed });
      socket.receive({ comment: { id: 'broken' } });
      socket.receive('not json');
    });
    expect(items()).toHaveLength(1);
    expect(screen.getByText('<b>not bold</b>')).toBeInTheDocument();
    expect(document.querySelector('.task-comment b')).toBeNull();
  });

  it('Enter sends the trimmed text through POST /api/add_comment/; Shift+Enter is a new line; blanks are not sent', async () => {
    const task = delegated();
    threadRoute(() => []);
    const posted: unknown[] = [];
    const saved: Comment[] = [];
    server.use(
      http.post('/api/add_comment/', async ({ request }) => {
        const body = (await request.json()) as { content: string };
        posted.push(body);
        saved.push(commentOf({ user: testUser.email, name: 'Ada Lovelace', content: body.content }));
        return HttpResponse.json(saved.at(-1), { status: 201 });
      }),
    );
    const { socket, user } = await openPanel(task);
    act(() => socket.open());
    await user.type(input(), '   {Enter}');
    expect(posted).toEqual([]);
    await user.type(input(), '  First line{Shift>}{Enter}{/Shift}second line  {Enter}');
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(posted).toEqual([
      { task_id: task.id, user_email: testUser.email, content: 'First line\nsecond line' },
    ]);
    expect(input()).toHaveValue('');
    expect(items()[0]).toHaveClass('task-comment--own');
    // The same comment coming back as a push is not shown twice.
    act(() => socket.receive({ comment: saved[0] }));
    expect(items()).toHaveLength(1);
  });

  it.each([
    [
      'the server sentence',
      () => HttpResponse.json({ error: 'Accept the task first.' }, { status: 403 }),
      'Accept the task first.',
    ],
    [
      '"Failed to save comment" without one',
      () => new HttpResponse('oops', { status: 500 }),
      'Failed to save comment',
    ],
    ['the network sentence', () => HttpResponse.error(), 'Network error. Please try again.'],
  ])('a failed send shows %s and keeps the text', async (_name, answer, sentence) => {
    threadRoute(() => []);
    server.use(http.post('/api/add_comment/', answer));
    const { socket, user } = await openPanel();
    act(() => socket.open());
    await user.type(input(), 'Keep me{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(sentence);
    expect(input()).toHaveValue('Keep me');
    expect(items()).toHaveLength(0);
  });

  it('says "Failed to load comments" when the thread cannot be fetched, and mends it when the socket sends it', async () => {
    threadRoute(() => [], 500);
    const { socket } = await openPanel();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load comments');
    expect(socket.url).toMatch(/\/ws\/comments\/[^/]+\/$/);
    act(() => {
      socket.open();
      socket.receive({ comment: commentOf({ content: 'From the socket' }) });
    });
    expect(screen.queryByText('Failed to load comments')).not.toBeInTheDocument();
    expect(screen.getByText('From the socket')).toBeInTheDocument();
  });

  it('on a drop: red dot, "Connection error", input disabled; 3 s later it reconnects after the newest comment', async () => {
    const task = delegated();
    threadRoute(() => []);
    const { socket } = await openPanel(task);
    act(() => socket.open());
    const newest = commentOf();
    act(() => socket.receive({ comment: newest }));
    // The reconnect's 3 s are counted on a fake clock, moved on below rather than waited out.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      act(() => socket.drop());
      expect(screen.getByText('Disconnected')).toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent('Connection error');
      expect(input()).toBeDisabled();
      await act(() => vi.advanceTimersByTimeAsync(commentReconnectMs - 200));
      expect(FakeWebSocket.all).toHaveLength(1);
      await act(() => vi.advanceTimersByTimeAsync(400));
      expect(FakeWebSocket.all).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
    const again = FakeWebSocket.latest();
    expect(again.url).toBe(`ws://localhost:3000/ws/comments/${task.id}/?after=${newest.id}`);
    act(() => again.open());
    expect(screen.queryByText('Connection error')).not.toBeInTheDocument();
    expect(input()).toBeEnabled();
  });

  it('stops for good when the task is deleted (4004)', async () => {
    threadRoute(() => []);
    const { socket } = await openPanel();
    act(() => socket.open());
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      act(() => socket.drop(4004));
      expect(screen.getByText('This task no longer exists.')).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(commentReconnectMs + 200));
      expect(FakeWebSocket.all).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows a socket error frame, and who else has the thread open', async () => {
    const task = delegated({ owner: testUser.email, firstName: 'Ada' });
    threadRoute(() => [commentOf({ user: 'rita@example.com', name: 'Rita Reyes' })]);
    const { socket } = await openPanel(task);
    act(() => socket.open());
    act(() => socket.receive({ presence: [testUser.email, 'rita@example.com', 'sam@example.com'] }));
    expect(screen.getByText('Also here: Rita Reyes, sam@example.com')).toBeInTheDocument();
    act(() => socket.receive({ presence: [testUser.email] }));
    expect(screen.queryByText(/Also here/)).not.toBeInTheDocument();
    act(() => socket.receive({ error: 'Comment cannot be empty.' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Comment cannot be empty.');
  });

  it('lets a recipient who has not accepted read along, not write', async () => {
    threadRoute(() => [commentOf({ content: 'Welcome' })]);
    const { socket } = await openPanel(delegated({ category: 'Invited Tasks', is_accepted: false }), false);
    act(() => socket.open());
    expect(await screen.findByText('Welcome')).toBeInTheDocument();
    expect(input()).toBeDisabled();
    expect(screen.getByText('Accept the task to join the conversation.')).toBeInTheDocument();
  });

  it('closes its socket when the panel closes', async () => {
    threadRoute(() => []);
    const { socket, unmount } = await openPanel();
    act(() => socket.open());
    unmount();
    expect(socket.closedByClient).toBe(true);
  });
});

describe('the Comments action on cards (SPEC §6), in their More actions menu', () => {
  it.each([
    ['Tasks Delegated - Assigned', true],
    ['Tasks Delegated - Invitation', true],
    ['Assigned Tasks', true],
    ['Invited Tasks', true],
    ['Personal Tasks', false],
  ] as const)('%s: %s', async (category, shown) => {
    const task = taskOf({ title: 'The card', category });
    server.use(...listHandlers(() => [task]));
    threadRoute(() => []);
    const { user } = renderWithPlatform(<TaskList category={category} />);
    const card = (await screen.findByRole('heading', { name: 'The card' })).closest('article') as HTMLElement;
    await user.click(within(card).getByRole('button', { name: /^More actions/ }));
    const item = within(card).queryByRole('menuitem', { name: 'Comments' });
    if (!shown) return expect(item).toBeNull();
    await user.click(item as HTMLElement);
    expect(await screen.findByRole('dialog', { name: 'Comments' })).toBeInTheDocument();
  });
});

it('Shift+Enter in the panel is a new line, not a selection of the card it was opened from', async () => {
  const task = taskOf({ title: 'The card', category: 'Assigned Tasks' });
  server.use(...listHandlers(() => [task]));
  threadRoute(() => []);
  const { user } = renderWithPlatform(<TaskList category="Assigned Tasks" />);
  const card = (await screen.findByRole('heading', { name: 'The card' })).closest('article') as HTMLElement;
  await chooseCardAction(user, card, 'Comments');
  await waitFor(() => expect(FakeWebSocket.all.some((s) => s.url.includes('/ws/comments/'))).toBe(true));
  const socket = FakeWebSocket.all.find((s) => s.url.includes('/ws/comments/')) as FakeWebSocket;
  act(() => socket.open());
  await user.type(input(), 'first{Shift>}{Enter}{/Shift}second');
  expect(input()).toHaveValue('first\nsecond');
  expect(card).not.toHaveAttribute('data-selected');
});

describe('thread helpers', () => {
  it('merges by id, in time order', () => {
    const [a, b, c] = [commentOf(), commentOf(), commentOf()] as [Comment, Comment, Comment];
    expect(merge([a, c], [b, c])).toEqual([a, b, c]);
    const same = [a];
    expect(merge(same, [a])).toBe(same);
  });

  it('names the others present from their comments, the owner, else their e-mail', () => {
    const owner = { email: 'olga@example.com', name: 'Olga' };
    const thread = [commentOf({ user: 'Rita@Example.com', name: 'Rita Reyes' })];
    expect(
      othersHere(
        ['me@example.com', 'olga@example.com', 'rita@example.com', 'x@example.com'],
        'ME@example.com',
        thread,
        owner,
      ),
    ).toEqual(['Olga', 'Rita Reyes', 'x@example.com']);
  });

  it('asks the socket for what came after the newest comment', () => {
    expect(socketPath('t', undefined)).toBe('/ws/comments/t/');
    expect(socketPath('t', commentOf({ id: 'abc' }))).toBe('/ws/comments/t/?after=abc');
  });
});
