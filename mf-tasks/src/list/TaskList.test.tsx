import type { Task } from '@baton/contracts';
import { requestCreateTask } from '@baton/web-platform';
import { gate, renderWithPlatform } from '@baton/web-platform/testing';
import { mockServer } from '@baton/web-platform/testing/msw';
import { act, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { listHandlers, taskOf } from '../testing';
import TaskList from './TaskList';

const server = mockServer(http.get('/api/settings/trusted-users/', () => HttpResponse.json([])));
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
    expect(titles()).toEqual(['Done last', 'Done first']);
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
    expect(titles()).toEqual(['Immediate', 'Moderate soon', 'Lenient later']);
    await user.click(screen.getByRole('button', { name: 'Sort: Priority' }));
    await user.click(screen.getByRole('menuitem', { name: 'Due Date' }));
    expect(titles()).toEqual(['Moderate soon', 'Immediate', 'Lenient later']);
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
    expect(screen.queryByText(/selected/)).not.toBeInTheDocument();
    await user.keyboard('{Control>}');
    await user.click(screen.getByRole('heading', { name: 'One' }));
    await user.keyboard('{/Control}{Shift>}');
    await user.click(screen.getByRole('heading', { name: 'Two' }));
    await user.keyboard('{/Shift}');
    expect(screen.getByRole('status')).toHaveTextContent('2 selected');
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByText(/selected/)).not.toBeInTheDocument();
  });
});
