import type { BulkRequest, Task } from '@baton/contracts';
import { folderOf, renderWithPlatform } from '@baton/web-platform/testing';
import { mockServer } from '@baton/web-platform/testing/msw';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { patchTask } from '../api';
import TaskList from '../list/TaskList';
import { listHandlers, taskOf } from '../testing';
import { serveBulkList, titledTasks } from './testing';
import { idsBetween } from './useSelection';

const server = mockServer(http.get('/api/settings/trusted-users/', () => HttpResponse.json([])));
let tasks: Task[] = [];
const work = folderOf({ name: 'Work' });

const store = {
  get: () => tasks,
  set: (next: Task[]) => {
    tasks = next;
  },
};

/** Four personal tasks, newest first as listed: One, Two, Three, Four; and the bulk routes over them. */
function serveFour() {
  tasks = titledTasks(['One', 'Two', 'Three', 'Four']);
  return serveBulkList(server, store, [work]);
}

const idOf = (title: string) => tasks.find((task) => task.title === title)?.id;
const titles = () =>
  screen
    .queryAllByRole('article')
    .map((card) => within(card).getByRole('heading').textContent?.replace(' (selected)', ''));
/** What the list's live region says (other regions of the page are there too). */
const announced = () => screen.getAllByRole('status').map((region) => region.textContent);
const toolbar = () => screen.getByRole('toolbar', { name: 'Actions for the selected tasks' });

async function showList() {
  const view = renderWithPlatform(<TaskList category="Personal Tasks" />);
  await screen.findByRole('heading', { name: 'One' });
  return view;
}

describe('selecting cards', () => {
  it('idsBetween takes the cards between the anchor and the card, either way round', () => {
    expect(idsBetween(['a', 'b', 'c', 'd'], 'b', 'd')).toEqual(['b', 'c', 'd']);
    expect(idsBetween(['a', 'b', 'c', 'd'], 'd', 'b')).toEqual(['b', 'c', 'd']);
    expect(idsBetween(['a', 'b', 'c', 'd'], null, 'c')).toEqual(['c']);
    expect(idsBetween(['a', 'b'], 'gone', 'b')).toEqual(['b']);
  });

  it('a checkbox picks a card, Shift+click the range from it, "Select all in view" the rest; Escape clears', async () => {
    serveFour();
    const { user } = await showList();
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select “Two”' }));
    expect(toolbar()).toHaveTextContent('1 task selected');
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('checkbox', { name: 'Select “Four”' }));
    await user.keyboard('{/Shift}');
    expect(toolbar()).toHaveTextContent('3 tasks selected');
    expect(screen.getByRole('checkbox', { name: 'Select “One”' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select “Three”' })).toBeChecked();
    expect(announced()).toContain('3 tasks selected');

    await user.click(screen.getByRole('checkbox', { name: 'Select all in view' }));
    expect(toolbar()).toHaveTextContent('4 tasks selected');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
    expect(announced()).toContain('No tasks selected');
  });
});

describe('the bulk toolbar', () => {
  it('completes the selection in one request; the toast’s Undo brings the cards back', async () => {
    const { requests, changeIds } = serveFour();
    const { user } = await showList();
    await user.click(screen.getByRole('checkbox', { name: 'Select “One”' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select “Three”' }));
    await user.click(within(toolbar()).getByRole('button', { name: 'Complete' }));

    await waitFor(() => expect(titles()).toEqual(['Two', 'Four']));
    expect(requests).toEqual([
      { path: 'bulk', body: { task_ids: [idOf('One'), idOf('Three')], action: 'complete', value: true } },
    ]);
    expect(screen.getByRole('tab', { name: 'Completed (2)' })).toBeInTheDocument();
    expect(screen.queryByRole('toolbar')).not.toBeInTheDocument();
    const toast = screen.getByRole('region', { name: 'Notifications' });
    expect(toast).toHaveTextContent('2 tasks completed · Undo');

    await user.click(within(toast).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(titles()).toEqual(['One', 'Two', 'Three', 'Four']));
    expect(requests[1]).toEqual({ path: 'undo', body: { change_id: changeIds[0] } });
    expect(screen.getByRole('tab', { name: 'Completed (0)' })).toBeInTheDocument();
  });

  it('counts a completed task once when its live event arrives before the answer', async () => {
    serveFour();
    const { user, store } = await showList();
    // The server's live events for the change (over the task socket) reach the page before the bulk answer.
    server.use(
      http.post('/api/tasks/bulk/', async ({ request }) => {
        const body = (await request.clone().json()) as BulkRequest;
        for (const id of body.task_ids) patchTask(store.dispatch, id, { completed: true });
      }),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Select “One”' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select “Three”' }));
    await user.click(within(toolbar()).getByRole('button', { name: 'Complete' }));

    await screen.findByRole('region', { name: 'Notifications' });
    expect(titles()).toEqual(['Two', 'Four']);
    expect(screen.getByRole('tab', { name: 'Completed (2)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Due Now (2)' })).toBeInTheDocument();
  });

  it('sets the priority and the due date, each in one request with its value', async () => {
    const { requests } = serveFour();
    const { user } = await showList();
    await user.click(screen.getByRole('checkbox', { name: 'Select “Two”' }));
    await user.click(within(toolbar()).getByRole('button', { name: 'Priority' }));
    await user.click(screen.getByRole('menuitem', { name: 'Immediate' }));
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.body).toEqual({ task_ids: [idOf('Two')], action: 'priority', value: 'Immediate' });
    const toasts = screen.getByRole('region', { name: 'Notifications' });
    await waitFor(() => expect(toasts).toHaveTextContent('1 task set to Immediate · Undo'));

    await user.click(screen.getByRole('checkbox', { name: 'Select all in view' }));
    await user.click(within(toolbar()).getByRole('button', { name: 'Due date' }));
    const dialog = screen.getByRole('dialog', { name: 'Set the due date of 4 tasks' });
    const day = within(dialog).getByLabelText('New due date');
    await user.clear(day);
    await user.type(day, '2026-12-24');
    await user.click(within(dialog).getByRole('button', { name: 'Set due date' }));
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(requests[1]?.body).toEqual({
      task_ids: ['One', 'Two', 'Three', 'Four'].map(idOf),
      action: 'due_date',
      value: '2026-12-24',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(toasts).toHaveTextContent('4 tasks due Dec 24, 2026 · Undo'));
  });

  it("moves the selection to one of the person's folders: the cards leave the unfiled list", async () => {
    const { requests } = serveFour();
    const { user } = await showList();
    await user.click(screen.getByRole('checkbox', { name: 'Select “One”' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select “Four”' }));
    await user.click(within(toolbar()).getByRole('button', { name: 'Move to folder' }));
    await user.click(screen.getByRole('menuitem', { name: 'Work' }));
    await waitFor(() => expect(titles()).toEqual(['Two', 'Three']));
    expect(requests[0]?.body).toEqual({
      task_ids: [idOf('One'), idOf('Four')],
      action: 'folder',
      value: work.id,
    });
  });

  it('deletes after a confirmation; Undo brings the deleted cards back', async () => {
    const { requests } = serveFour();
    const { user } = await showList();
    const ids = [idOf('Two'), idOf('Three')];
    await user.click(screen.getByRole('checkbox', { name: 'Select “Two”' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select “Three”' }));
    await user.click(within(toolbar()).getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete 2 tasks?' });
    expect(requests).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(titles()).toEqual(['One', 'Four']));
    expect(requests[0]?.body).toEqual({ task_ids: ids, action: 'delete', value: null });
    expect(screen.getByRole('tab', { name: 'Due Now (2)' })).toBeInTheDocument();

    const toast = screen.getByRole('region', { name: 'Notifications' });
    await user.click(within(toast).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(titles()).toEqual(['One', 'Two', 'Three', 'Four']));
    expect(screen.getByRole('tab', { name: 'Due Now (4)' })).toBeInTheDocument();
  });

  it("a refusal is said in the server's words and changes nothing; the selection stays", async () => {
    serveFour();
    const sentence = 'You may not change one or more of these tasks; nothing was changed.';
    server.use(http.post('/api/tasks/bulk/', () => HttpResponse.json({ error: sentence }, { status: 403 })));
    const { user } = await showList();
    await user.click(screen.getByRole('checkbox', { name: 'Select “One”' }));
    await user.click(within(toolbar()).getByRole('button', { name: 'Complete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(sentence);
    expect(titles()).toEqual(['One', 'Two', 'Three', 'Four']);
    expect(toolbar()).toHaveTextContent('1 task selected');
  });

  it("offers only what the list may do: a recipient's list completes, and nothing else", async () => {
    tasks = [taskOf({ title: 'For me', category: 'Assigned Tasks', owner: 'c@x.io' })];
    server.use(...listHandlers(() => tasks));
    const { user } = renderWithPlatform(<TaskList category="Assigned Tasks" />);
    await user.click(await screen.findByRole('checkbox', { name: 'Select “For me”' }));
    const buttons = within(toolbar())
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(buttons).toEqual(['Complete', 'Clear selection']);
  });
});
