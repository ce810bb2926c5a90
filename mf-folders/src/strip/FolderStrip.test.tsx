import {
  openFolder,
  platformApi,
  requestCreateFolder,
  TaskDragProvider,
  useTaskDrag,
} from '@baton/web-platform';
import { FakeWebSocket, fakeLayout, gate, renderWithPlatform } from '@baton/web-platform/testing';
import { mockServer } from '@baton/web-platform/testing/msw';
import { setupListeners } from '@reduxjs/toolkit/query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { rememberReturn } from '../folders/focus';
import { folderOf, folderServer } from '../testing/handlers';
import FolderStrip from './FolderStrip';

const server = mockServer();

const work = () =>
  folderOf({ name: 'Work', color: '#ED8936', task_count: 3, baseFileKey: 'k1', baseFileLabel: 'Brief' });
const home = () => folderOf({ name: 'Home', color: null, task_count: 1 });

function serve(...folders: ReturnType<typeof folderOf>[]) {
  const fake = folderServer(folders);
  server.use(...fake.handlers);
  return fake;
}

const strip = () => screen.getByRole('region', { name: 'Folders' });
const card = (name: string) => within(strip()).getByRole('button', { name: new RegExp(`^${name} `) });

describe('the folder strip (SPEC §2 Personal Tasks)', () => {
  it('says "Loading Folders..." until the list arrives', async () => {
    const call = gate();
    server.use(
      http.get('/api/folders/', async () => {
        await call.opened;
        return HttpResponse.json({ folders: [work()] });
      }),
    );
    renderWithPlatform(<FolderStrip />);
    expect(await screen.findByRole('status')).toHaveTextContent('Loading Folders...');
    call.open();
    expect(await screen.findByRole('button', { name: /^Work/ })).toBeInTheDocument();
  });

  it('shows each folder with its colour, name, task count, and a link icon only with a base file', async () => {
    const [w, h] = [work(), home()];
    const fake = serve(w, h, folderOf({ name: 'Old', is_archived: true }));
    renderWithPlatform(<FolderStrip />);
    await screen.findByRole('button', { name: /^Work/ });
    expect(fake.calls.lists).toEqual(['0']);
    const items = within(strip()).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Work 3 taskshas a base file', 'Home 1 task']);
    expect(card('Work')).toHaveAccessibleName('Work 3 tasks has a base file');
    expect(card('Home')).toHaveAccessibleName('Home 1 task');
    // The link icon: on Work's card only.
    expect(items[0]?.querySelector('.folder-card__link svg')).not.toBeNull();
    expect(items[1]?.querySelector('.folder-card__link')).toBeNull();
    expect(card('Work').style.getPropertyValue('--folder-color')).toBe('#ED8936');
    expect(card('Home')).toHaveClass('folder-card--no-colour');
    expect(within(strip()).queryByText('Old')).not.toBeInTheDocument();
  });

  it('says when there are no folders yet', async () => {
    serve();
    renderWithPlatform(<FolderStrip />);
    expect(await screen.findByText('No folders yet. Create one to group your tasks.')).toBeInTheDocument();
  });

  it('says "Folders is unavailable right now" when the folders service is down, and tries again', async () => {
    server.use(
      http.get('/api/folders/', () =>
        HttpResponse.json({ error: 'The folders service is unavailable.' }, { status: 503 }),
      ),
    );
    const { user } = renderWithPlatform(<FolderStrip />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Folders is unavailable right now. Your tasks keep working.');
    serve(work());
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: /^Work/ })).toBeInTheDocument();
  });

  it('offline, says that is why, and shows the folders by itself when the connection returns', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.get('/api/folders/', () => HttpResponse.error()));
    const { store } = renderWithPlatform(<FolderStrip />);
    // What the shell does for its store: refetch what is on screen when the browser is back online.
    const stop = setupListeners(store.dispatch);
    onTestFinished(() => {
      stop();
      vi.restoreAllMocks();
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "You're offline. Your folders will show when the connection returns.",
    );
    serve(work());
    online.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByRole('button', { name: /^Work/ })).toBeInTheDocument();
  });

  it('opens a folder on click, and from the keyboard (Tab to the card, Enter)', async () => {
    const [w, h] = [work(), home()];
    serve(w, h);
    const { user, store } = renderWithPlatform(<FolderStrip />);
    await user.click(await screen.findByRole('button', { name: /^Home/ }));
    expect(store.getState().workspace.openFolderId).toBe(h.id);

    act(() => void store.dispatch(openFolder('someone-else')));
    (document.activeElement as HTMLElement | null)?.blur();
    // Create Folder, the Active tab, its panel, then the first card.
    await user.tab();
    expect(screen.getByRole('button', { name: 'Create Folder' })).toHaveFocus();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(card('Work')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(store.getState().workspace.openFolderId).toBe(w.id);
  });

  it("gives the focus back to the folder's card when its view is left", async () => {
    const h = home();
    serve(work(), h);
    rememberReturn(h.id);
    renderWithPlatform(<FolderStrip />);
    await waitFor(() => expect(card('Home')).toHaveFocus());
  });

  it('lists archived folders on their own tab, each with Restore', async () => {
    const old = folderOf({ name: 'Old project', is_archived: true, task_count: 2 });
    const fake = serve(work(), old);
    const { user } = renderWithPlatform(<FolderStrip />);
    await screen.findByRole('button', { name: /^Work/ });
    await user.click(screen.getByRole('tab', { name: 'Archived' }));
    expect(await screen.findByRole('button', { name: /^Old project/ })).toBeInTheDocument();
    expect(fake.calls.lists).toContain('1');
    expect(within(strip()).queryByRole('button', { name: /^Work/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Restore Old project' }));
    await waitFor(() => expect(fake.calls.updated).toEqual([{ id: old.id, body: { is_archived: false } }]));
    expect(await screen.findByText('No archived folders.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Old project restored.');
    await user.click(screen.getByRole('tab', { name: 'Active' }));
    expect(await screen.findByRole('button', { name: /^Old project/ })).toBeInTheDocument();
  });

  it('says so when a restore fails', async () => {
    const old = folderOf({ name: 'Old project', is_archived: true });
    serve(old);
    server.use(http.put('/api/folders/:id/', () => new HttpResponse(null, { status: 500 })));
    const { user } = renderWithPlatform(<FolderStrip />);
    await user.click(screen.getByRole('tab', { name: 'Archived' }));
    await user.click(await screen.findByRole('button', { name: 'Restore Old project' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to restore folder.');
  });
});

describe('filing tasks by dragging their cards onto a folder (SPEC §2)', () => {
  let undoLayout: () => void;
  beforeEach(() => {
    undoLayout = fakeLayout();
  });
  afterEach(() => undoLayout());

  /** A task card of the tasks remote as far as dragging goes: its move handle carries `ids`. */
  function Card({ ids }: { ids: string[] }) {
    const drag = useTaskDrag('t', { ids: () => ids, label: () => `${ids.length} tasks` });
    return (
      <article ref={drag.cardRef} {...drag.cardProps}>
        <button type="button" ref={drag.handleRef} {...drag.handleProps} data-rect="0,200,20,20">
          Move
        </button>
      </article>
    );
  }
  const ids = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'];
  const renderBoard = () =>
    renderWithPlatform(
      <TaskDragProvider>
        <FolderStrip />
        <Card ids={ids} />
      </TaskDragProvider>,
    );
  /** Lays the strip's cards out in a row below the origin (happy-dom has no layout), then drags to the `n`th. */
  async function dragTo(user: ReturnType<typeof renderBoard>['user'], n: number) {
    within(strip())
      .getAllByRole('button', { name: /tasks?( has a base file)?$/ })
      .forEach((folder, i) => {
        folder.dataset.rect = `${i * 120},400,100,50`;
      });
    screen.getByRole('button', { name: 'Move' }).focus();
    await user.keyboard(' ');
    for (let i = 0; i < n; i++) {
      await user.keyboard('{ArrowRight}');
      await act(() => new Promise((r) => setTimeout(r, 20)));
    }
  }

  it('shows the folder under the drag and files the tasks on drop (keyboard: Space, arrows, Space)', async () => {
    const w = work();
    const fake = serve(w, home());
    // A task list of the tasks remote, cached in the same store: the drop must send it to the server again.
    let taskLists = 0;
    server.use(
      http.get('/test/task-list', () => {
        taskLists += 1;
        return HttpResponse.json([]);
      }),
    );
    const probe = platformApi.injectEndpoints({
      endpoints: (build) => ({
        probeTasks: build.query<unknown, void>({
          query: () => '/test/task-list',
          providesTags: [{ type: 'Task', id: 'LIST-personal' }],
        }),
      }),
    });
    const { store, user } = renderBoard();
    const subscription = store.dispatch(probe.endpoints.probeTasks.initiate());
    await waitFor(() => expect(taskLists).toBe(1));
    await screen.findByRole('button', { name: /^Work/ });
    await dragTo(user, 1);
    expect(card('Work')).toHaveClass('folder-card--over');
    await user.keyboard(' ');
    expect(card('Work')).not.toHaveClass('folder-card--over');

    await waitFor(() => expect(fake.calls.attached).toEqual([{ id: w.id, body: { task_ids: ids } }]));
    expect(await screen.findByText('Moved 2 tasks to Work.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /^Work 5 tasks/ })).toBeInTheDocument();
    await waitFor(() => expect(taskLists).toBe(2));
    subscription.unsubscribe();
  });

  it('Escape files nothing', async () => {
    const fake = serve(work());
    const { user } = renderBoard();
    await screen.findByRole('button', { name: /^Work/ });
    await dragTo(user, 1);
    await user.keyboard('{Escape}');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake.calls.attached).toEqual([]);
  });

  it("says the server's reason when the tasks cannot be filed", async () => {
    serve(work());
    server.use(
      http.post('/api/folders/:id/attach-tasks/', () =>
        HttpResponse.json(
          { detail: 'Only your own personal tasks can be put in a folder.' },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderBoard();
    await screen.findByRole('button', { name: /^Work/ });
    await dragTo(user, 1);
    await user.keyboard(' ');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only your own personal tasks can be put in a folder.',
    );
  });

  it('says "Failed to move the tasks to the folder." without a reason', async () => {
    serve(work());
    server.use(http.post('/api/folders/:id/attach-tasks/', () => new HttpResponse(null, { status: 502 })));
    const { user } = renderBoard();
    await screen.findByRole('button', { name: /^Work/ });
    await dragTo(user, 1);
    await user.keyboard(' ');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to move the tasks to the folder.');
  });

  it('archived folders take no drops', async () => {
    const fake = serve(folderOf({ name: 'Old', is_archived: true }));
    const { user } = renderBoard();
    await user.click(screen.getByRole('tab', { name: 'Archived' }));
    await screen.findByRole('button', { name: /^Old/ });
    await dragTo(user, 1);
    await user.keyboard(' ');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake.calls.attached).toEqual([]);
  });
});

describe('creating a folder from the strip', () => {
  it('"Create Folder" opens the dialog; the new folder joins the strip', async () => {
    const fake = serve(work());
    const { user } = renderWithPlatform(<FolderStrip />);
    await screen.findByRole('button', { name: /^Work/ });
    await user.click(screen.getByRole('button', { name: 'Create Folder' }));
    const dialog = screen.getByRole('dialog', { name: 'Create Folder' });
    await user.type(within(dialog).getByLabelText('Folder name'), 'Garden');
    await user.click(within(dialog).getByRole('button', { name: 'Create Folder' }));
    expect(await screen.findByRole('button', { name: /^Garden 0 tasks/ })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fake.calls.created).toEqual([{ name: 'Garden', color: '#4299E1' }]);
  });

  it('answers the workspace\'s "create folder" request (the task list\'s split button)', async () => {
    serve();
    const { store } = renderWithPlatform(<FolderStrip />);
    await screen.findByText(/No folders yet/);
    act(() => void store.dispatch(requestCreateFolder()));
    expect(await screen.findByRole('dialog', { name: 'Create Folder' })).toBeInTheDocument();
    expect(store.getState().workspace.request).toBeNull();
  });
});

describe('live folders', () => {
  it('fetches the folders again when they change in another tab (folders_changed), and after a reconnect', async () => {
    const fake = serve(work());
    renderWithPlatform(<FolderStrip />);
    await screen.findByRole('button', { name: /^Work/ });
    const socket = FakeWebSocket.latest();
    expect(socket.url).toBe('ws://localhost:3000/ws/tasks/');
    act(() => socket.open());

    fake.state.folders.push(folderOf({ name: 'From another tab' }));
    act(() => socket.receive({ type: 'folders_changed' }));
    expect(await screen.findByRole('button', { name: /^From another tab/ })).toBeInTheDocument();

    const gets = fake.calls.lists.length;
    act(() => socket.receive({ type: 'task_complete', task_id: 'x', completed: true }));
    act(() => socket.receive({ type: 'progress_update', task_id: 'x', progress: 5 }));
    const first = fake.state.folders[0];
    if (first) first.name = 'Renamed while away';
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
    expect(await screen.findByRole('button', { name: /^Renamed while away/ })).toBeInTheDocument();
    expect(fake.calls.lists.length).toBe(gets + 1);
  });
});
