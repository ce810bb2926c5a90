import type { Folder, Task } from '@baton/contracts';
import { FakeWebSocket, folderOf, renderWithPlatform } from '@baton/web-platform/testing';
import { mockServer } from '@baton/web-platform/testing/msw';
import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import TaskList from './list/TaskList';
import { asLiveTaskMessage } from './live';
import { listHandlers, taskOf } from './testing';

const server = mockServer(http.get('/api/settings/trusted-users/', () => HttpResponse.json([])));
let tasks: Task[] = [];

const assigned = () =>
  taskOf({
    title: 'Quarterly report',
    description: 'Numbers for Q4',
    category: 'Assigned Tasks',
    owner: 'ana@example.com',
    firstName: 'Ana',
  });

async function showList(...list: Task[]) {
  tasks = list;
  server.use(...listHandlers(() => tasks));
  const view = renderWithPlatform(<TaskList category="Assigned Tasks" />);
  await screen.findByRole('heading', { name: list[0]?.title });
  const socket = FakeWebSocket.latest();
  act(() => socket.open());
  return { ...view, socket };
}

const card = (title: string) =>
  screen.getByRole('heading', { name: title }).closest('article') as HTMLElement;

describe('live task events on the list (SPEC §4)', () => {
  it('opens /ws/tasks/ with the jwt subprotocol', async () => {
    const { socket } = await showList(assigned());
    expect(socket.url).toBe('ws://localhost:3000/ws/tasks/');
    expect(socket.protocols[0]).toBe('jwt');
  });

  it('task_update changes title, description, due date, priority and progress in place', async () => {
    const task = assigned();
    const { socket } = await showList(task);
    act(() =>
      socket.receive({
        type: 'task_update',
        task_id: task.id,
        task: {
          title: 'Q4 report',
          description: 'Now with charts',
          dueDate: '2026-12-24',
          priority: 'Immediate',
          progress: 40,
        },
      }),
    );
    await screen.findByRole('heading', { name: 'Q4 report' });
    const updated = card('Q4 report');
    expect(within(updated).getByText('Now with charts')).toBeInTheDocument();
    expect(within(updated).getByText(/40%/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Quarterly report' })).not.toBeInTheDocument();
  });

  it('progress_update, task_complete and task_delete', async () => {
    const [first, second] = [assigned(), { ...assigned(), title: 'Second' }];
    second.id = `${first.id.slice(0, -1)}f`;
    const { socket } = await showList(first, second);
    act(() => socket.receive({ type: 'progress_update', task_id: first.id, progress: 75 }));
    await waitFor(() => expect(within(card('Quarterly report')).getByText(/75%/)).toBeInTheDocument());
    act(() => socket.receive({ type: 'task_complete', task_id: first.id, completed: true }));
    await waitFor(() => expect(screen.getByRole('tab', { name: /Completed/ })).toHaveTextContent('1'));
    expect(screen.queryByRole('heading', { name: 'Quarterly report' })).not.toBeInTheDocument();
    act(() => socket.receive({ type: 'task_delete', task_id: second.id }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Second' })).not.toBeInTheDocument());
  });

  it('ignores what is not a task event, and refetches after a reconnect', async () => {
    const task = assigned();
    const { socket } = await showList(task);
    act(() => {
      socket.receive({ type: 'task_update', task_id: task.id, task: null });
      socket.receive({ type: 'task_delete' });
      socket.receive('nonsense');
    });
    expect(card('Quarterly report')).toBeInTheDocument();
    tasks = [{ ...task, title: 'Changed while away' }];
    // The reconnect comes 1 s after the drop: the clock is moved past it rather than waited out.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const sockets = FakeWebSocket.all.length;
    try {
      act(() => socket.drop());
      await act(() => vi.advanceTimersByTimeAsync(1_100));
    } finally {
      vi.useRealTimers();
    }
    expect(FakeWebSocket.all, 'a new socket').toHaveLength(sockets + 1);
    act(() => FakeWebSocket.latest().open());
    expect(await screen.findByRole('heading', { name: 'Changed while away' })).toBeInTheDocument();
  });

  it('task_added fetches the lists again; task_accepted lifts the dimming', async () => {
    const waiting = { ...assigned(), is_accepted: false };
    const { socket } = await showList(waiting);
    expect(screen.getByText('Awaiting your acceptance')).toBeInTheDocument();
    act(() => socket.receive({ type: 'task_accepted', task_id: waiting.id }));
    await waitFor(() => expect(screen.queryByText('Awaiting your acceptance')).not.toBeInTheDocument());
    tasks = [...tasks, { ...assigned(), title: 'Just assigned' }];
    act(() => socket.receive({ type: 'task_added', task_id: 'any' }));
    expect(await screen.findByRole('heading', { name: 'Just assigned' })).toBeInTheDocument();
  });

  it('folders_changed fetches the lists again (tasks filed, or a folder deleted in another tab)', async () => {
    const task = { ...assigned(), title: 'Filed elsewhere' };
    const { socket } = await showList(task);
    tasks = [
      { ...task, title: 'Now in Work', folder: { id: crypto.randomUUID(), name: 'Work', color: null } },
    ];
    act(() => socket.receive({ type: 'folders_changed' }));
    expect(await screen.findByRole('heading', { name: 'Now in Work' })).toBeInTheDocument();
  });
});

describe('folders_changed and the folders', () => {
  it('fetches the folders again: an emptied Personal Tasks learns that everything is now filed', async () => {
    let folders: Folder[] = [];
    server.use(
      ...listHandlers(
        () => [],
        () => folders,
      ),
    );
    renderWithPlatform(<TaskList category="Personal Tasks" />);
    expect(await screen.findByText('No tasks here yet')).toBeInTheDocument();
    const socket = FakeWebSocket.latest();
    act(() => socket.open());
    folders = [folderOf({ name: 'Work', task_count: 2 })];
    act(() => socket.receive({ type: 'folders_changed' }));
    expect(await screen.findByText('All your tasks are in folders')).toBeInTheDocument();
  });
});

describe('asLiveTaskMessage', () => {
  it('accepts the shapes of SPEC §4, task_added, task_accepted and folders_changed, and nothing else', () => {
    const id = 'x';
    expect(asLiveTaskMessage({ type: 'task_delete', task_id: id })).toBeDefined();
    expect(asLiveTaskMessage({ type: 'task_added', task_id: id })).toBeDefined();
    expect(asLiveTaskMessage({ type: 'task_accepted', task_id: id })).toBeDefined();
    expect(asLiveTaskMessage({ type: 'folders_changed' })).toBeDefined();
    expect(asLiveTaskMessage({ type: 'task_complete', task_id: id, completed: false })).toBeDefined();
    expect(asLiveTaskMessage({ type: 'task_complete', task_id: id, completed: 'yes' })).toBeUndefined();
    expect(asLiveTaskMessage({ type: 'progress_update', task_id: id, progress: 2.5 })).toBeUndefined();
    expect(asLiveTaskMessage({ type: 'task_rename', task_id: id })).toBeUndefined();
    expect(asLiveTaskMessage([])).toBeUndefined();
  });
});
