import type { Task } from '@baton/contracts';
import { requestCreateTask, TaskDragProvider } from '@baton/web-platform';
import { FakeWebSocket, fakeLayout, folderOf, gate, renderWithPlatform } from '@baton/web-platform/testing';
import { mockServer } from '@baton/web-platform/testing/msw';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, onTestFinished } from 'vitest';
import { chooseCardAction, listHandlers, taskOf } from '../testing';
import TaskList from './TaskList';

const server = mockServer(
  http.get('/api/settings/trusted-users/', () => HttpResponse.json([])),
  http.get('/api/folders/', () => HttpResponse.json({ folders: [] })),
);
let tasks: Task[] = [];
const serve = (...list: Task[]) => {
  tasks = list;
  server.use(...listHandlers(() => tasks));
};
const titles = () =>
  screen.queryAllByRole('article').map((card) => within(card).getByRole('heading').textContent);

describe('the task list', () => {
  it('says "Loading tasks…" until the list arrives', async () => {
    const call = gate();
    server.use(
      http.post('/api/tasks/personal/', async () => {
        await call.opened;
        return HttpResponse.json({ tasks: [taskOf({ title: 'Water the plants' })] });
      }),
    );
    renderWithPlatform(<TaskList category="Personal Tasks" />);
    expect(screen.getByText('Loading tasks…')).toBeInTheDocument();
    call.open();
    expect(await screen.findByRole('heading', { name: 'Water the plants' })).toBeInTheDocument();
  });

  it('a list opened again after the person was elsewhere shows what arrived meanwhile, without a reload', async () => {
    serve(taskOf({ title: 'First', category: 'Assigned Tasks' }));
    const { rerender } = renderWithPlatform(<TaskList category="Assigned Tasks" />);
    expect(await screen.findByRole('heading', { name: 'First' })).toBeInTheDocument();
    // Off to Settings: the list (and its live socket) goes; a task is assigned meanwhile.
    rerender(<p>Settings</p>);
    tasks = [taskOf({ title: 'Arrived meanwhile', category: 'Assigned Tasks' }), ...tasks];
    rerender(<TaskList category="Assigned Tasks" />);
    expect(await screen.findByRole('heading', { name: 'Arrived meanwhile' })).toBeInTheDocument();
  });

  it('says "Failed to load tasks." with a way to try again', async () => {
    server.use(http.post('/api/tasks/personal/', () => new HttpResponse(null, { status: 500 })));
    const { user } = renderWithPlatform(<TaskList category="Personal Tasks" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load tasks.');
    serve(taskOf({ title: 'Back again' }));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Back again' })).toBeInTheDocument();
  });

  it("shows only the category's side of a delegated list", async () => {
    serve(
      taskOf({
        title: 'Mine, assigned out',
        category: 'Tasks Delegated - Assigned',
        assigned_users: ['b@x.io'],
      }),
      taskOf({ title: 'Assigned to me', category: 'Assigned Tasks', owner: 'c@x.io', firstName: 'Cleo' }),
    );
    renderWithPlatform(<TaskList category="Assigned Tasks" />);
    await screen.findByRole('heading', { name: 'Assigned to me' });
    expect(titles()).toEqual(['Assigned to me']);
  });

  it('splits Due Now and Completed (newest completion first), with counts', async () => {
    serve(
      taskOf({ title: 'Open' }),
      taskOf({ title: 'Done first', completed: true, completedAt: '2026-11-01T10:00:00.000Z' }),
      taskOf({ title: 'Done last', completed: true, completedAt: '2026-11-03T10:00:00.000Z' }),
    );
    const { user } = renderWithPlatform(<TaskList category="Personal Tasks" />);
    await screen.findByRole('heading', { name: 'Open' });
    expect(screen.getByRole('tab', { name: 'Due Now (1)' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Completed (2)' }));
    await waitFor(() => expect(titles()).toEqual(['Done last', 'Done first']));
  });

  it('offers the sort menu only with more than one task, and sorts by priority and due date', async () => {
    serve(taskOf({ title: 'Only one' }));
    const first = renderWithPlatform(<TaskList category="Personal Tasks" />);
    await screen.findByRole('heading', { name: 'Only one' });
    expect(screen.queryByRole('button', { name: /Sort:/ })).not.toBeInTheDocument();
    first.unmount();

    serve(
      taskOf({
        title: 'Lenient later',
        priority: 'Lenient',
        dueDate: '2026-12-20',
        created_at: '2026-11-03T00:00:00Z',
      }),
      taskOf({
        title: 'Immediate',
        priority: 'Immediate',
        dueDate: '2026-12-10',
        created_at: '2026-11-01T00:00:00Z',
      }),
      taskOf({
        title: 'Moderate soon',
        priority: 'Moderate',
        dueDate: '2026-12-01',
        created_at: '2026-11-02T00:00:00Z',
      }),
    );
    const { user } = renderWithPlatform(<TaskList category="Personal Tasks" />);
    await screen.findByRole('heading', { name: 'Immediate' });
    expect(titles()).toEqual(['Lenient later', 'Moderate soon', 'Immediate']);
    await user.click(screen.getByRole('button', { name: 'Sort: Newly Added' }));
    await user.click(screen.getByRole('menuitem', { name: 'Priority' }));
    // The old order stays on screen while the new one loads.
    expect(screen.queryByText('Loading tasks…')).not.toBeInTheDocument();
    expect(titles()).toHaveLength(3);
    await waitFor(() => expect(titles()).toEqual(['Immediate', 'Moderate soon', 'Lenient later']));
    await user.click(screen.getByRole('button', { name: 'Sort: Priority' }));
    await user.click(screen.getByRole('menuitem', { name: 'Due Date' }));
    await waitFor(() => expect(titles()).toEqual(['Moderate soon', 'Immediate', 'Lenient later']));
  });

  it.each([
    ['Personal Tasks', 'Add Tasks'],
    ['Tasks Delegated - Assigned', 'Assign Task'],
    ['Tasks Delegated - Invitation', 'Invite to Task'],
  ] as const)('invites the first task in an empty %s with "%s"', async (category, label) => {
    serve();
    const { user } = renderWithPlatform(<TaskList category={category} />);
    await screen.findByText('No tasks here yet');
    const buttons = screen.getAllByRole('button', { name: label });
    expect(buttons).toHaveLength(2);
    await user.click(buttons[1] as HTMLElement);
    expect(screen.getByRole('dialog', { name: label })).toBeInTheDocument();
  });

  it('remembers the order chosen for a category across reloads (this device), and only for that category', async () => {
    serve(taskOf({ title: 'A', priority: 'Lenient' }), taskOf({ title: 'B', priority: 'Immediate' }));
    const first = renderWithPlatform(<TaskList category="Personal Tasks" />);
    await first.user.click(await screen.findByRole('button', { name: 'Sort: Newly Added' }));
    await first.user.click(screen.getByRole('menuitem', { name: 'Priority' }));
    await screen.findByRole('button', { name: 'Sort: Priority' });
    first.unmount();
    renderWithPlatform(<TaskList category="Personal Tasks" />);
    expect(await screen.findByRole('button', { name: 'Sort: Priority' })).toBeInTheDocument();
    expect(localStorage.getItem('baton.sort.Personal Tasks')).toBe('Priority');
    expect(localStorage.getItem('baton.sort.Assigned Tasks')).toBeNull();
  });

  it('Personal Tasks has "Create Folder" beside the add button; it asks the folders view', async () => {
    serve();
    const { user, store } = renderWithPlatform(<TaskList category="Personal Tasks" />);
    await user.click(screen.getByRole('button', { name: 'More ways to add' }));
    await user.click(screen.getByRole('menuitem', { name: 'Create Folder' }));
    expect(store.getState().workspace.request).toMatchObject({ kind: 'createFolder' });
  });

  it('opens the form when "create task" is raised for this category', async () => {
    serve();
    const { store } = renderWithPlatform(<TaskList category="Tasks Delegated - Invitation" />);
    await screen.findByText('No tasks here yet');
    act(() => void store.dispatch(requestCreateTask('Tasks Delegated - Invitation')));
    expect(await screen.findByRole('dialog', { name: 'Invite to Task' })).toBeInTheDocument();
  });

  it('selects several cards with ctrl, meta or shift click', async () => {
    serve(taskOf({ title: 'One' }), taskOf({ title: 'Two' }), taskOf({ title: 'Three' }));
    const { user } = renderWithPlatform(<TaskList category="Personal Tasks" />);
    await screen.findByRole('heading', { name: 'One' });
    await user.click(screen.getByRole('heading', { name: 'One' }));
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
    await user.keyboard('{Control>}');
    await user.click(screen.getByRole('heading', { name: 'One' }));
    await user.keyboard('{/Control}{Shift>}');
    await user.click(screen.getByRole('heading', { name: 'Two' }));
    await user.keyboard('{/Shift}');
    expect(screen.getByRole('toolbar', { name: 'Actions for the selected tasks' })).toHaveTextContent(
      '2 tasks selected',
    );
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
  });
});

describe('the main button per list', () => {
  it.each([
    ['Personal Tasks', 'Add Tasks', true],
    ['Tasks Delegated - Assigned', 'Assign Task', true],
    ['Assigned Tasks', 'Assign Task', false],
    ['Invited Tasks', 'Invite to Task', false],
  ] as const)('%s: "%s" is the primary action: %s', async (category, label, primary) => {
    serve();
    renderWithPlatform(<TaskList category={category} />);
    const button = (await screen.findAllByRole('button', { name: label }))[0] as HTMLElement;
    expect(button.className.includes('b-button--primary')).toBe(primary);
  });
});

describe('a list a page at a time', () => {
  const pageRequests = () => {
    const seen: Record<string, unknown>[] = [];
    server.events.on('request:start', async ({ request }) => {
      if (request.method !== 'POST') return;
      const body = (await request.clone().json()) as { page?: Record<string, unknown> };
      if (body.page) seen.push(body.page);
    });
    return seen;
  };

  it("asks for the category's side, folder, tab and order", async () => {
    serve(taskOf({ title: 'Mine', category: 'Assigned Tasks', owner: 'c@x.io' }));
    const seen = pageRequests();
    const { user } = renderWithPlatform(<TaskList category="Assigned Tasks" />);
    await screen.findByRole('heading', { name: 'Mine' });
    await user.click(screen.getByRole('tab', { name: 'Completed (0)' }));
    await screen.findByText(/No completed tasks yet/);
    expect(seen).toEqual([
      { side: 'recipient', tab: 'due', sort: 'newest', limit: 50 },
      { side: 'recipient', tab: 'completed', sort: 'newest', limit: 50 },
    ]);
    server.events.removeAllListeners();
  });

  it('loads the next page after the first, and offers to try again when it fails', async () => {
    const many = Array.from({ length: 55 }, (_, i) =>
      taskOf({
        title: `Task no. ${i + 1}`,
        created_at: new Date(Date.UTC(2026, 10, 1, 0, 60 - i)).toISOString(),
      }),
    );
    serve(...many);
    let failNext = true;
    server.use(
      http.post('/api/tasks/personal/', async ({ request }) => {
        const body = (await request.clone().json()) as { page?: { cursor?: string } };
        if (body.page?.cursor && failNext) return new HttpResponse(null, { status: 500 });
        return undefined;
      }),
    );
    const { user } = renderWithPlatform(<TaskList category="Personal Tasks" />);
    await screen.findByRole('heading', { name: 'Task no. 1' });
    expect(screen.getByRole('tab', { name: 'Due Now (55)' })).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load tasks.');
    expect(titles()).toHaveLength(50);
    failNext = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(titles()).toHaveLength(55));
    expect(titles().at(-1)).toBe('Task no. 55');
    expect(screen.queryByRole('button', { name: 'Show more tasks' })).not.toBeInTheDocument();
    const items = screen.getAllByRole('listitem');
    expect(items[54]).toHaveAttribute('aria-posinset', '55');
    expect(items[54]).toHaveAttribute('aria-setsize', '55');
  });
});

describe('Personal Tasks and folders (SPEC §2 "Folder view")', () => {
  const work = { id: '10000000-0000-4000-8000-000000000001', name: 'Work', color: '#4299E1' };
  const home = { id: '10000000-0000-4000-8000-000000000002', name: 'Home', color: null };
  const mixed = () =>
    serve(
      taskOf({ title: 'Unfiled', created_at: '2026-11-05T00:00:00Z' }),
      taskOf({ title: 'Work one', folder: work, created_at: '2026-11-04T00:00:00Z' }),
      taskOf({ title: 'Work two', folder: work, created_at: '2026-11-03T00:00:00Z' }),
      taskOf({ title: 'At home', folder: home }),
      taskOf({ title: 'Work done', folder: work, completed: true, completedAt: '2026-11-06T00:00:00Z' }),
    );

  it('Personal Tasks lists only the unfiled tasks', async () => {
    mixed();
    renderWithPlatform(<TaskList category="Personal Tasks" />);
    await screen.findByRole('heading', { name: 'Unfiled' });
    expect(titles()).toEqual(['Unfiled']);
    expect(screen.getByRole('tab', { name: 'Completed (0)' })).toBeInTheDocument();
  });

  it("a folder's list holds only its own tasks, with the same tabs and sorting", async () => {
    mixed();
    const { user } = renderWithPlatform(<TaskList category="Personal Tasks" folderId={work.id} />);
    await screen.findByRole('heading', { name: 'Work one' });
    expect(screen.getByRole('region', { name: 'Tasks in this folder' })).toBeInTheDocument();
    expect(titles()).toEqual(['Work one', 'Work two']);
    expect(screen.getByRole('button', { name: 'Sort: Newly Added' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Completed (1)' }));
    await waitFor(() => expect(titles()).toEqual(['Work done']));
  });

  it('forgets the selection of cards that left the list (filed in a folder)', async () => {
    mixed();
    const { user } = renderWithPlatform(<TaskList category="Personal Tasks" />);
    const heading = await screen.findByRole('heading', { name: 'Unfiled' });
    await user.keyboard('{Control>}');
    await user.click(heading);
    await user.keyboard('{/Control}');
    expect(screen.getByRole('toolbar')).toHaveTextContent('1 task selected');
    tasks = tasks.map((task) => (task.title === 'Unfiled' ? { ...task, folder: work } : task));
    act(() => FakeWebSocket.latest().receive({ type: 'folders_changed' }));
    expect(await screen.findByText('No tasks here yet')).toBeInTheDocument();
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
  });

  it('Personal Tasks, empty because every task is filed, says so instead of inviting a first task', async () => {
    server.use(
      ...listHandlers(
        () => [],
        () => [folderOf({ name: 'Work', task_count: 3 })],
      ),
    );
    renderWithPlatform(<TaskList category="Personal Tasks" />);
    expect(await screen.findByText('All your tasks are in folders')).toBeInTheDocument();
    expect(screen.queryByText('Create your first task to get started.')).not.toBeInTheDocument();
  });

  it('an empty folder says so', async () => {
    mixed();
    renderWithPlatform(
      <TaskList category="Personal Tasks" folderId="10000000-0000-4000-8000-00000000000f" />,
    );
    expect(await screen.findByText('No tasks in this folder yet')).toBeInTheDocument();
  });

  it('in a folder there is no "Create Folder", and a new task is filed there (folder_id)', async () => {
    mixed();
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post('/create_list', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        tasks = [...tasks, taskOf({ title: String(body.title), folder: work })];
        return HttpResponse.json({ id: 'x', task_id: 'x', message: '', error: null, invitation_sent: false });
      }),
    );
    const { user } = renderWithPlatform(<TaskList category="Personal Tasks" folderId={work.id} />);
    await screen.findByRole('heading', { name: 'Work one' });
    expect(screen.queryByRole('button', { name: 'More ways to add' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Tasks' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Tasks' });
    expect(within(dialog).getByText('The task will be filed in this folder.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Title'), 'Filed on creation');
    fireEvent.change(within(dialog).getByLabelText('Due date'), { target: { value: '2026-12-12' } });
    await user.selectOptions(within(dialog).getByLabelText('Priority'), 'Lenient');
    await user.click(within(dialog).getByRole('button', { name: 'Add Tasks' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies).toEqual([
      {
        title: 'Filed on creation',
        description: '',
        dueDate: '2026-12-12',
        priority: 'Lenient',
        category: 'Personal Tasks',
        folder_id: work.id,
        reminder: null,
        recurrence: null,
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'Filed on creation' })).toBeInTheDocument();
  });

  it('editing a task in a folder leaves folder_id out (the task stays where it is filed)', async () => {
    mixed();
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post('/create_list', async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ id: 'x', task_id: 'x', message: '', error: null, invitation_sent: false });
      }),
    );
    const { user } = renderWithPlatform(<TaskList category="Personal Tasks" folderId={work.id} />);
    const card = (await screen.findByRole('heading', { name: 'Work one' })).closest('article') as HTMLElement;
    await chooseCardAction(user, card, 'Edit');
    const dialog = screen.getByRole('dialog', { name: 'Edit task' });
    expect(within(dialog).queryByText('The task will be filed in this folder.')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).not.toHaveProperty('folder_id');
  });

  it('a card dragged onto "out of this folder" leaves the folder (keyboard: Space, arrow, Space)', async () => {
    mixed();
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.post('/create_list', async ({ request }) => {
        bodies.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ id: 'x', task_id: 'x', message: '', error: null, invitation_sent: false });
      }),
    );
    const undoLayout = fakeLayout();
    onTestFinished(undoLayout);
    const { user } = renderWithPlatform(
      <TaskDragProvider>
        <TaskList category="Personal Tasks" folderId={work.id} />
      </TaskDragProvider>,
    );
    await screen.findByRole('heading', { name: 'Work one' });
    const target = screen.getByText(/Drop tasks here to take them out of this folder/);
    target.dataset.rect = '0,0,400,40';
    const handle = screen.getByRole('button', { name: 'Move “Work one” to a folder' });
    handle.dataset.rect = '0,200,20,20';
    handle.focus();
    await user.keyboard(' ');
    await user.keyboard('{ArrowDown}');
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(target).toHaveClass('task-unfile--over');
    await user.keyboard(' ');
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ id: tasks[1]?.id, title: 'Work one', folder_id: null });
  });
});
