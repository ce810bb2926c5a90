import type { Task } from '@baton/contracts';
import { selectOpenTaskId } from '@baton/web-platform';
import { folderOf, renderWithPlatform } from '@baton/web-platform/testing';
import { mockServer } from '@baton/web-platform/testing/msw';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { serveBulkList, titledTasks } from '../bulk/testing';
import TaskList from '../list/TaskList';
import { shortcutList } from './ShortcutHelp';
import { shortcutBindings } from './useListShortcuts';

const server = mockServer(http.get('/api/settings/trusted-users/', () => HttpResponse.json([])));
let tasks: Task[] = [];
const work = folderOf({ name: 'Work' });

const store = {
  get: () => tasks,
  set: (next: Task[]) => {
    tasks = next;
  },
};

function serveThree() {
  tasks = titledTasks(['Print posters', 'Book the hall', 'Order drinks']);
  return serveBulkList(server, store, [work]).requests;
}

const cardOf = (title: string) => screen.getByRole('article', { name: new RegExp(`^${title}`) });
const announced = () => screen.getAllByRole('status').map((region) => region.textContent);
const toolbar = () => screen.queryByRole('toolbar', { name: 'Actions for the selected tasks' });

/** The list with a search box beside it, as the shell shows it, and a field of the page's own. */
async function showList() {
  const view = renderWithPlatform(
    <>
      <input aria-label="Search" data-shortcut="search" />
      <textarea aria-label="Notes" />
      {/* biome-ignore lint/a11y/useSemanticElements: a rich text editor is a contenteditable text box, as editors render one. */}
      <div contentEditable role="textbox" aria-multiline="true" aria-label="Rich notes" tabIndex={0} />
      <TaskList category="Personal Tasks" />
    </>,
  );
  await screen.findByRole('heading', { name: 'Print posters' });
  return view;
}

describe('the list shortcuts', () => {
  it('j and k move focus from card to card and say where it is', async () => {
    serveThree();
    const { user } = await showList();
    await user.keyboard('j');
    expect(cardOf('Print posters')).toHaveFocus();
    expect(announced()).toContain('Task 1 of 3: Print posters');
    await user.keyboard('jj');
    expect(cardOf('Order drinks')).toHaveFocus();
    expect(announced()).toContain('Task 3 of 3: Order drinks');
    await user.keyboard('j');
    expect(cardOf('Order drinks')).toHaveFocus();
    await user.keyboard('k');
    expect(cardOf('Book the hall')).toHaveFocus();
    expect(announced()).toContain('Task 2 of 3: Book the hall');
  });

  it('x selects the focused card, Shift+X the range from the last one picked; Escape clears', async () => {
    serveThree();
    const { user } = await showList();
    await user.keyboard('jx');
    expect(toolbar()).toHaveTextContent('1 task selected');
    expect(announced()).toContain('1 task selected');
    await user.keyboard('jj{Shift>}X{/Shift}');
    expect(toolbar()).toHaveTextContent('3 tasks selected');
    await user.keyboard('x');
    expect(toolbar()).toHaveTextContent('2 tasks selected');
    await user.keyboard('{Escape}');
    expect(toolbar()).not.toBeInTheDocument();
  });

  it('c creates, e edits the focused card, Enter opens it', async () => {
    serveThree();
    const { user, store } = await showList();
    await user.keyboard('c');
    expect(await screen.findByRole('dialog', { name: 'Add Tasks' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.keyboard('jje');
    const edit = await screen.findByRole('dialog', { name: 'Edit task' });
    expect(within(edit).getByLabelText(/Title/)).toHaveValue('Book the hall');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    cardOf('Order drinks').focus();
    await user.keyboard('{Enter}');
    expect(selectOpenTaskId(store.getState())).toBe(tasks[2]?.id);
  });

  it('Enter on a button inside the card is the button’s, not "open"', async () => {
    serveThree();
    const { user, store } = await showList();
    within(cardOf('Print posters'))
      .getByRole('button', { name: /^More actions/ })
      .focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menu')).toBeInTheDocument();
    expect(selectOpenTaskId(store.getState())).toBeNull();
  });

  it('Shift+C completes the selection (or the focused card) in one request, with Undo', async () => {
    const requests = serveThree();
    const { user } = await showList();
    await user.keyboard('j{Shift>}C{/Shift}');
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Print posters' })).not.toBeInTheDocument(),
    );
    expect(requests).toEqual([
      { path: 'bulk', body: { task_ids: [tasks[0]?.id], action: 'complete', value: true } },
    ]);
    expect(screen.getByRole('region', { name: 'Notifications' })).toHaveTextContent(
      '1 task completed · Undo',
    );
  });

  it('m opens the folder menu for the focused card; choosing a folder moves it', async () => {
    const requests = serveThree();
    const { user } = await showList();
    await user.keyboard('jjm');
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Work' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.body).toEqual({ task_ids: [tasks[1]?.id], action: 'folder', value: work.id });
  });

  it('/ focuses the search box, and ? opens the help', async () => {
    serveThree();
    const { user } = await showList();
    await user.keyboard('/');
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveFocus();
    await user.keyboard('{Escape}');
    screen.getByRole('textbox', { name: 'Search' }).blur();
    await user.keyboard('?');
    expect(screen.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeInTheDocument();
  });

  it('never fires while typing in a field, or while a dialog is open', async () => {
    serveThree();
    const { user } = await showList();
    for (const name of ['Search', 'Notes', 'Rich notes']) {
      await user.click(screen.getByLabelText(name));
      await user.keyboard('jxcem?/{Shift>}C{/Shift}');
      expect(screen.getByLabelText(name)).toHaveFocus();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(toolbar()).not.toBeInTheDocument();
    }
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('jxcem?/C');

    // A date field on a card is a field too.
    await user.click(within(cardOf('Print posters')).getByLabelText('Due date'));
    await user.keyboard('x');
    expect(toolbar()).not.toBeInTheDocument();

    (document.activeElement as HTMLElement).blur();
    await user.keyboard('?');
    const help = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await user.keyboard('jxc');
    expect(screen.getAllByRole('dialog')).toEqual([help]);
    expect(toolbar()).not.toBeInTheDocument();
    expect(help.contains(document.activeElement)).toBe(true);
  });

  it('the help lists every shortcut a list answers, and the palette’s Ctrl/Cmd+K', async () => {
    serveThree();
    const { user } = await showList();
    await user.keyboard('?');
    const help = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    const rows = within(help)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    // Every command bound to a key has its row.
    const listed = new Set(shortcutList.map((entry) => entry.action));
    for (const command of Object.values(shortcutBindings)) expect(listed).toContain(command);
    expect(rows).toEqual([
      'Ctrl+K or ⌘+KOpen the command palette',
      'cCreate a task',
      'jMove to the next task',
      'kMove to the previous task',
      'xSelect or unselect the task',
      'Shift+XSelect every task from the last one picked',
      'eEdit the task',
      'EnterOpen the task',
      'Shift+CComplete the selected tasks (or this one)',
      'mMove the selected tasks (or this one) to a folder',
      '/Search',
      '?Show these shortcuts',
      'EscClear the selection',
    ]);
  });
});
