import type { Folder, Task } from '@baton/contracts';
import { setDensity, type TaskCategory } from '@baton/web-platform';
import { folderOf, renderWithPlatform, testUser } from '@baton/web-platform/testing';
import { mockServer } from '@baton/web-platform/testing/msw';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import TaskList from '../list/TaskList';
import { today } from '../rules';
import { chooseCardAction, listHandlers, taskOf } from '../testing';
import { historyEntries } from './HistoryDialog';

const server = mockServer();
afterEach(() => vi.restoreAllMocks());

/** The list of `category` holding `task`, with every write recorded. */
async function showCard(
  task: Task,
  category: TaskCategory = task.category,
  shelf: { folderId?: string; folders?: Folder[] } = {},
) {
  const writes: { path: string; body: unknown }[] = [];
  const record = async ({ request }: { request: Request }) => {
    writes.push({ path: new URL(request.url).pathname, body: await request.json() });
    return HttpResponse.json({
      id: task.id,
      task_id: task.id,
      message: 'ok',
      error: null,
      invitation_sent: false,
    });
  };
  server.use(
    ...listHandlers(
      () => [task],
      () => shelf.folders ?? [],
    ),
    http.post('/create_list', record),
    http.post('/edit_shared_task/', record),
    http.post('/completed/:id', record),
    http.post('/progress/:id/', record),
    http.post('/delete_list/:id', record),
  );
  const view = renderWithPlatform(<TaskList category={category} folderId={shelf.folderId} />);
  if (task.completed) await view.user.click(await screen.findByRole('tab', { name: 'Completed (1)' }));
  const card = await screen.findByRole('article', { name: task.title });
  return { ...view, card, writes };
}

/** The items of the card's "More actions" menu, which closes again. */
async function moreActions(user: UserEvent, card: HTMLElement) {
  await user.click(within(card).getByRole('button', { name: /^More actions/ }));
  const names = within(card)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);
  await user.keyboard('{Escape}');
  return names;
}

describe('what each category may do with a card (SPEC §6)', () => {
  it('Personal Tasks: edit, delete, complete, progress, inline due date; no owner line', async () => {
    const { card, user } = await showCard(taskOf({ title: 'Mine' }));
    expect(within(card).getByRole('button', { name: 'Complete' })).toBeInTheDocument();
    expect(await moreActions(user, card)).toEqual(['History', 'Edit', 'Delete task']);
    await user.click(within(card).getByRole('button', { name: 'Update progress' }));
    expect(within(card).getByRole('slider', { name: 'Progress' })).toBeInTheDocument();
    expect(within(card).getByLabelText('Due date')).toHaveValue('2026-12-01');
    expect(within(card).getByRole('button', { name: 'Priority: Moderate' })).toBeEnabled();
    expect(within(card).queryByText(/From:|Owner:/)).not.toBeInTheDocument();
  });

  it('Tasks Delegated - Assigned: edit and delete, recipients listed, owner "You"; no complete, no slider', async () => {
    const { card, user } = await showCard(
      taskOf({
        title: 'Out',
        category: 'Tasks Delegated - Assigned',
        assigned_users: ['ben@x.io'],
        recipientName: 'Ben',
        progress: 40,
      }),
    );
    expect(within(card).getByText('Owner: You')).toBeInTheDocument();
    // The recipient by name, the address on hover; without an account (or a name), the address.
    expect(within(card).getByText('Assigned to: Ben')).toHaveAttribute('title', 'ben@x.io');
    expect(within(card).queryByRole('button', { name: 'Complete' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Update progress' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('slider')).not.toBeInTheDocument();
    expect(within(card).getByRole('progressbar', { name: 'Progress' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(within(card).getByText('40% · Half way')).toBeInTheDocument();
    expect(await moreActions(user, card)).toEqual(['History', 'Comments', 'Edit', 'Delete task']);
  });

  it('Tasks Delegated - Invitation: the owner may move progress', async () => {
    const { card, user } = await showCard(
      taskOf({ title: 'Inv', category: 'Tasks Delegated - Invitation', invited_users: ['ben@x.io'] }),
    );
    expect(within(card).getByText('Invited: ben@x.io')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Update progress' }));
    expect(within(card).getByRole('slider', { name: 'Progress' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Complete' })).not.toBeInTheDocument();
  });

  it('Assigned Tasks (recipient): complete and progress; no edit, no delete; the trusted badge on the owner', async () => {
    const { card, user } = await showCard(
      taskOf({
        title: 'For me',
        category: 'Assigned Tasks',
        owner: 'cleo@x.io',
        firstName: 'Cleo',
        is_trusted: true,
      }),
    );
    expect(within(card).getByText('From: Cleo')).toBeInTheDocument();
    expect(within(card).getByText('Trusted')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Complete' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Update progress' })).toBeInTheDocument();
    expect(await moreActions(user, card)).toEqual(['History', 'Comments', 'Propose another date', 'Decline']);
    // The priority is said, not offered: a recipient cannot change it.
    expect(within(card).queryByRole('button', { name: /Priority/ })).not.toBeInTheDocument();
    expect(within(card).getByText('Moderate')).toHaveTextContent('Priority: Moderate');
    expect(within(card).getByText('Due: Dec 1, 2026')).toBeInTheDocument();
  });

  it('a task not yet accepted is dimmed, cannot be completed and has no slider', async () => {
    const { card } = await showCard(
      taskOf({ title: 'Pending', category: 'Invited Tasks', owner: 'cleo@x.io', is_accepted: false }),
    );
    expect(card).toHaveClass('task-card--pending');
    expect(within(card).getByText('Awaiting your acceptance')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Complete' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Update progress' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('slider')).not.toBeInTheDocument();
  });
});

describe('due state', () => {
  it('says Overdue in words (and colour) on an open task past its date', async () => {
    const yesterday = new Date();
    yesterday.setDate(yesterday.getDate() - 1);
    const { card: late } = await showCard(
      taskOf({ title: 'Late', dueDate: `${today(yesterday)}T00:00:00.000Z` }),
    );
    expect(within(late).getByText('Overdue')).toHaveClass('task-badge--overdue');
  });

  it('says Due today for a task due today', async () => {
    const { card } = await showCard(taskOf({ title: 'Now', dueDate: `${today()}T00:00:00.000Z` }));
    expect(within(card).getByText('Due today')).toBeInTheDocument();
  });
});

describe('folders both ways', () => {
  it('moves a filed task to another folder, or out of its folder, from its More actions menu', async () => {
    const work = folderOf({ name: 'Work' });
    const home = folderOf({ name: 'Home' });
    const task = taskOf({ title: 'Filed', folder: { id: work.id, name: 'Work', color: work.color } });
    const { card, user, writes } = await showCard(task, 'Personal Tasks', {
      folderId: work.id,
      folders: [work, home],
    });
    await waitFor(async () => expect(await moreActions(user, card)).toContain('Move to Home'));
    expect(await moreActions(user, card)).not.toContain('Move to Work');
    await chooseCardAction(user, card, 'Move to Home');
    await waitFor(() => expect(writes.at(-1)?.body).toMatchObject({ id: task.id, folder_id: home.id }));
    await chooseCardAction(user, card, 'Remove from folder');
    await waitFor(() => expect(writes.at(-1)?.body).toMatchObject({ id: task.id, folder_id: null }));
  });

  it('with no folders and the task unfiled, a comfortable card has no Folder menu', async () => {
    setDensity('comfortable');
    const { card } = await showCard(taskOf({ title: 'Loose' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(within(card).queryByRole('button', { name: 'Folder of “Loose”' })).not.toBeInTheDocument();
  });
});

describe('offline', () => {
  it('completing while offline says so in the list, and the card stays where it was', async () => {
    const { card, user } = await showCard(taskOf({ title: 'Pay rent' }));
    server.use(http.post('/completed/:id', () => HttpResponse.error()));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await user.click(within(card).getByRole('button', { name: 'Complete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "“Pay rent”: You're offline: this was not saved. Try again when the connection returns.",
    );
    expect(await screen.findByRole('article', { name: 'Pay rent' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Due Now (1)' })).toBeInTheDocument();
  });

  it('a failure with the connection up keeps the usual sentence', async () => {
    const { card, user } = await showCard(taskOf({ title: 'Pay rent' }));
    server.use(http.post('/completed/:id', () => new HttpResponse(null, { status: 500 })));
    await user.click(within(card).getByRole('button', { name: 'Complete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('“Pay rent”: Failed to save the change.');
  });
});

describe('accepting from the card', () => {
  it.each([
    ['Assigned Tasks', 'assign'],
    ['Invited Tasks', 'invite'],
  ] as const)(
    'a pending card in %s has Accept and Trust sender and accept, which accept it',
    async (category, role) => {
      let accepted: unknown;
      const task = taskOf({ title: 'Pending', category, owner: 'cleo@x.io', is_accepted: false });
      const { card, user } = await showCard(task);
      server.use(
        http.post('/accept_task', async ({ request }) => {
          accepted = await request.json();
          return HttpResponse.json({ message: 'Task accepted.' });
        }),
      );
      await user.click(within(card).getByRole('button', { name: 'Trust sender and accept' }));
      await waitFor(() =>
        expect(accepted).toEqual({ task_id: task.id, user_email: testUser.email, trusted: true, role }),
      );
    },
  );

  it('says so when accepting fails', async () => {
    const { card, user } = await showCard(
      taskOf({ title: 'Pending', category: 'Assigned Tasks', owner: 'cleo@x.io', is_accepted: false }),
    );
    server.use(http.post('/accept_task', () => HttpResponse.json({ error: 'No.' }, { status: 409 })));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await user.click(within(card).getByRole('button', { name: 'Accept' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'The task could not be accepted. Please try again.',
    );
  });

  it.each([
    ['an accepted task', taskOf({ title: 'Mine now', category: 'Assigned Tasks', owner: 'cleo@x.io' })],
    [
      "the owner's pending one",
      taskOf({
        title: 'Sent',
        category: 'Tasks Delegated - Assigned',
        is_accepted: false,
        assigned_users: ['b@x.io'],
      }),
    ],
  ])('%s has no Accept', async (_name, task) => {
    const { card } = await showCard(task);
    expect(within(card).queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });
});

describe('the card', () => {
  it('cuts the description at 150 characters with Show more / Show less', async () => {
    const long = `${'word '.repeat(40)}THE END`;
    const { card, user } = await showCard(taskOf({ title: 'Long', description: long }));
    expect(within(card).queryByText(/THE END/)).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Show more' }));
    expect(within(card).getByText(/THE END/)).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Show less' }));
    expect(within(card).queryByText(/THE END/)).not.toBeInTheDocument();
  });

  it('a completed task shows 100% and Done, and Uncheck reopens it', async () => {
    const {
      card: done,
      user,
      writes,
    } = await showCard(
      taskOf({ title: 'Finished', progress: 40, completed: true, completedAt: '2026-11-20T10:00:00.000Z' }),
    );
    expect(within(done).getByText('100% · Done')).toBeInTheDocument();
    await user.click(within(done).getByRole('button', { name: 'Uncheck' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({
      path: expect.stringMatching(/^\/completed\//),
      body: { completed: false, userEmail: testUser.email },
    });
  });

  it('completing says so in a toast whose Undo reopens the task', async () => {
    const task = taskOf({ title: 'Do it' });
    const { card, user, writes } = await showCard(task);
    await user.click(within(card).getByRole('button', { name: 'Complete' }));
    const toast = (await screen.findByText(/“Do it” completed\./)).closest('.b-toast') as HTMLElement;
    await user.click(within(toast).getByRole('button', { name: 'Undo' }));
    await waitFor(() =>
      expect(writes.map((w) => w.body)).toEqual([
        { completed: true, userEmail: testUser.email },
        { completed: false, userEmail: testUser.email },
      ]),
    );
    await waitFor(() => expect(screen.queryByText(/“Do it” completed\./)).not.toBeInTheDocument());
  });

  it('Complete sends {completed: true, userEmail}', async () => {
    const task = taskOf({ title: 'Do it' });
    const { card, user, writes } = await showCard(task);
    await user.click(within(card).getByRole('button', { name: 'Complete' }));
    await waitFor(() =>
      expect(writes).toEqual([
        { path: `/completed/${task.id}`, body: { completed: true, userEmail: testUser.email } },
      ]),
    );
  });

  it('changes the priority and the due date of a personal task in place', async () => {
    const task = taskOf({ title: 'Tune', priority: 'Lenient' });
    const { card, user, writes } = await showCard(task);
    const chip = within(card).getByRole('button', { name: 'Priority: Lenient' });
    expect(chip).toHaveAttribute('aria-haspopup', 'menu');
    await user.click(chip);
    // The menu opens on the current priority; choosing it again sends nothing.
    expect(within(card).getByRole('menuitemradio', { name: 'Lenient' })).toHaveFocus();
    expect(within(card).getByRole('menuitemradio', { name: 'Lenient' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await user.keyboard('{Enter}');
    expect(writes).toEqual([]);
    await user.click(chip);
    await user.click(within(card).getByRole('menuitemradio', { name: 'Immediate' }));
    fireEvent.change(within(card).getByLabelText('Due date'), { target: { value: '2026-12-24' } });
    await waitFor(() => expect(writes).toHaveLength(2));
    expect(writes[0]).toEqual({
      path: '/create_list',
      body: expect.objectContaining({
        id: task.id,
        priority: 'Immediate',
        dueDate: '2026-12-01',
        title: 'Tune',
      }),
    });
    expect(writes[1]?.body).toMatchObject({ id: task.id, dueDate: '2026-12-24' });
  });

  it('deletes after the confirmation, and not before', async () => {
    const task = taskOf({ title: 'Gone soon' });
    const { card, user, writes } = await showCard(task);
    await chooseCardAction(user, card, 'Delete task');
    const confirm = screen.getByRole('alertdialog', { name: 'Delete task?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(writes).toEqual([]);
    // Focus is back on the menu button the dialog was opened from.
    expect(within(card).getByRole('button', { name: /^More actions/ })).toHaveFocus();
    await chooseCardAction(user, card, 'Delete task');
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(writes).toEqual([{ path: `/delete_list/${task.id}`, body: { id: task.id } }]));
  });
});

describe('compact cards (the default) and comfortable ones', () => {
  it('compact: a thin bar with its percent; "Update progress" opens the slider, Escape closes it and drops the move', async () => {
    const { card, user, writes } = await showCard(taskOf({ title: 'Slim', progress: 40 }));
    expect(card).toHaveClass('task-card--compact');
    expect(within(card).queryByRole('slider')).not.toBeInTheDocument();
    expect(within(card).getByRole('progressbar', { name: 'Progress' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(within(card).getByText('40% · Half way')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Update progress' }));
    const slider = within(card).getByRole('slider', { name: 'Progress' });
    expect(slider).toHaveFocus();
    // The clock the slider's 550 ms rest is timed on: moved past it below instead of waited out.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      fireEvent.change(slider, { target: { value: '55' } });
      await user.keyboard('{Escape}');
      expect(within(card).queryByRole('slider')).not.toBeInTheDocument();
      expect(within(card).getByText('40% · Half way')).toBeInTheDocument();
      expect(within(card).getByRole('button', { name: 'Update progress' })).toHaveFocus();
      act(() => vi.advanceTimersByTime(600));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(writes).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('compact: Done closes the slider and asks about a new value at once', async () => {
    const task = taskOf({ title: 'Done now', progress: 10 });
    const { card, user, writes } = await showCard(task);
    await user.click(within(card).getByRole('button', { name: 'Update progress' }));
    fireEvent.change(within(card).getByRole('slider', { name: 'Progress' }), { target: { value: '30' } });
    await user.click(within(card).getByRole('button', { name: 'Done' }));
    expect(within(card).queryByRole('slider')).not.toBeInTheDocument();
    const dialog = screen.getByRole('dialog', { name: 'Update progress' });
    expect(dialog).toHaveAccessibleDescription('10% -> 30%');
    await user.click(within(dialog).getByRole('button', { name: 'Skip' }));
    await waitFor(() =>
      expect(writes).toEqual([{ path: `/progress/${task.id}/`, body: { progress: 30, message: '' } }]),
    );
  });

  it('compact: "More actions" is a menu button; arrow keys move, Escape closes and gives focus back', async () => {
    const { card, user } = await showCard(taskOf({ title: 'Menu' }));
    const more = within(card).getByRole('button', { name: 'More actions for “Menu”' });
    expect(more).toHaveAttribute('aria-haspopup', 'menu');
    await user.click(more);
    const menu = within(card).getByRole('menu', { name: 'More actions for “Menu”' });
    const item = (name: string) => within(menu).getByRole('menuitem', { name });
    expect(item('History')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(item('Edit')).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(item('History')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(item('Delete task')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(within(card).queryByRole('menu')).not.toBeInTheDocument();
    expect(more).toHaveFocus();
    await user.keyboard('{ArrowDown}{End}{Enter}');
    expect(screen.getByRole('alertdialog', { name: 'Delete task?' })).toBeInTheDocument();
  });

  it('the Density toggle switches to comfortable (slider and actions inline), remembered across remounts', async () => {
    const { user, unmount } = await showCard(taskOf({ title: 'Roomy', progress: 40 }));
    const density = screen.getByRole('group', { name: 'Density' });
    expect(within(density).getByRole('radio', { name: 'Compact' })).toBeChecked();
    await user.click(within(density).getByRole('radio', { name: 'Comfortable' }));
    expect(localStorage.getItem('baton.density')).toBe('comfortable');
    const comfortable = async () => {
      const card = await screen.findByRole('article', { name: 'Roomy' });
      expect(card).toHaveClass('task-card--comfortable');
      expect(within(card).getByRole('slider', { name: 'Progress' })).toHaveValue('40');
      for (const name of ['Complete', 'History', 'Edit', 'Delete task'])
        expect(within(card).getByRole('button', { name })).toBeInTheDocument();
      expect(within(card).queryByRole('button', { name: /^More actions/ })).not.toBeInTheDocument();
    };
    await comfortable();
    unmount();
    renderWithPlatform(<TaskList category="Personal Tasks" />);
    await comfortable();
    expect(screen.getByRole('radio', { name: 'Comfortable' })).toBeChecked();
  });

  it('comfortable: the attachment preview and the Folder menu stay in their places', async () => {
    setDensity('comfortable');
    const work = folderOf({ name: 'Work' });
    const task = taskOf({
      title: 'Placed',
      folder: { id: work.id, name: 'Work', color: work.color },
      attachment: { name: 'brief.pdf', contentType: 'application/pdf', size: 2048 },
    });
    const { card, user, writes } = await showCard(task, 'Personal Tasks', {
      folderId: work.id,
      folders: [work],
    });
    expect(within(card).getByRole('button', { name: 'Preview attachment brief.pdf' })).toBeInTheDocument();
    await user.click(await within(card).findByRole('button', { name: 'Folder of “Placed”' }));
    await user.click(within(card).getByRole('menuitem', { name: 'Remove from folder' }));
    await waitFor(() => expect(writes.at(-1)?.body).toMatchObject({ id: task.id, folder_id: null }));
  });
});

describe('the progress slider (SPEC §4)', () => {
  /** Opens the slider of a compact card if it is closed, and moves it. */
  async function moveTo(card: HTMLElement, value: number) {
    if (!within(card).queryByRole('slider'))
      fireEvent.click(within(card).getByRole('button', { name: 'Update progress' }));
    fireEvent.change(within(card).getByRole('slider', { name: 'Progress' }), {
      target: { value: String(value) },
    });
  }

  it('asks after 550 ms of rest: previous -> new, with an optional note; Save sends both', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const task = taskOf({ title: 'Slide', progress: 40 });
      const { card, writes } = await showCard(task);
      await moveTo(card, 60);
      expect(within(card).getByText('60% · Half way')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(540));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      act(() => vi.advanceTimersByTime(10));
      const dialog = screen.getByRole('dialog', { name: 'Update progress' });
      expect(dialog).toHaveAccessibleDescription('40% -> 60%');
      const note = within(dialog).getByLabelText('Note (optional)');
      expect(note).toHaveAttribute('maxLength', '200');
      fireEvent.change(note, { target: { value: 'Slides 1-6 done' } });
      expect(within(dialog).getByText('15/200')).toBeInTheDocument();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() =>
        expect(writes).toEqual([
          { path: `/progress/${task.id}/`, body: { progress: 60, message: 'Slides 1-6 done' } },
        ]),
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('Skip saves without a note; a value moved back before 550 ms asks nothing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const task = taskOf({ title: 'Skip', progress: 10 });
      const { card, writes } = await showCard(task);
      await moveTo(card, 20);
      act(() => vi.advanceTimersByTime(300));
      await moveTo(card, 10);
      act(() => vi.advanceTimersByTime(1000));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      await moveTo(card, 25);
      act(() => vi.advanceTimersByTime(550));
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Skip' }));
      await waitFor(() =>
        expect(writes).toEqual([{ path: `/progress/${task.id}/`, body: { progress: 25, message: '' } }]),
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('closing with X puts the slider back and saves nothing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { card, writes } = await showCard(taskOf({ title: 'Revert', progress: 30 }));
      await moveTo(card, 50);
      act(() => vi.advanceTimersByTime(550));
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(within(card).getByRole('slider')).toHaveValue('30');
      expect(writes).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('History', () => {
  it('lists the progress log newest first without duplicates', async () => {
    const task = taskOf({ title: 'Logged' });
    const logs = [
      { id: 'a', author_name: 'Ben', created_at: '2026-11-20T09:00:00.000Z', progress: 20, message: '' },
      {
        id: 'b',
        author_name: 'Ben',
        created_at: '2026-11-21T09:00:00.000Z',
        progress: 60,
        message: 'Half of it',
      },
      {
        id: 'c',
        author_name: 'Ben',
        created_at: '2026-11-21T09:00:00.000Z',
        progress: 60,
        message: 'Half of it',
      },
    ];
    expect(historyEntries(logs).map((l) => l.id)).toEqual(['b', 'a']);
    server.use(http.get(`/progress-logs/${task.id}/`, () => HttpResponse.json({ logs })));
    const { card, user } = await showCard(task);
    await chooseCardAction(user, card, 'History');
    const dialog = screen.getByRole('dialog', { name: 'Progress history' });
    const items = await within(dialog).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Ben set it to 60%');
    expect(items[0]).toHaveTextContent('Half of it');
  });

  it('says when there is nothing yet', async () => {
    const task = taskOf({ title: 'Quiet' });
    server.use(http.get(`/progress-logs/${task.id}/`, () => HttpResponse.json({ logs: [] })));
    const { card, user } = await showCard(task);
    await chooseCardAction(user, card, 'History');
    expect(await screen.findByText('No progress updates yet.')).toBeInTheDocument();
  });
});

describe('the attachment (SPEC §2 "attachment preview")', () => {
  const attachment = { name: 'brief.pdf', contentType: 'application/pdf', size: 1_258_291 };

  it('shows name and size, and Preview opens the file in the preview dialog; Download opens a new tab', async () => {
    const task = taskOf({
      title: 'With file',
      attachmentKey: 'k1',
      attachmentUrl: 'https://s/k1',
      attachment,
    });
    const signed = 'https://storage.test/objects/k1?sig=inline';
    const asked: string[] = [];
    server.use(
      http.get('/api/preview/:taskId/', ({ params, request }) => {
        asked.push(`${params.taskId}:${request.headers.get('authorization')?.slice(0, 7)}`);
        return HttpResponse.json({
          filename: 'brief.pdf',
          name: 'brief.pdf',
          content_type: 'application/pdf',
          size: attachment.size,
          url: signed,
          can_preview: true,
        });
      }),
      http.get('/api/download/presign/:taskId/', () => HttpResponse.json({ url: 'https://storage.test/dl' })),
    );
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { card, user } = await showCard(task);
    expect(within(card).getByText('brief.pdf')).toBeInTheDocument();
    expect(within(card).getByText('1.2 MB')).toBeInTheDocument();
    await chooseCardAction(user, card, 'Preview attachment brief.pdf');
    const dialog = screen.getByRole('dialog', { name: 'File preview' });
    expect(await within(dialog).findByTitle('brief.pdf')).toHaveAttribute('src', signed);
    expect(asked).toEqual([`${task.id}:Bearer `]);
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://storage.test/dl', '_blank', 'noopener'));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    open.mockRestore();
  });

  it('is absent without a file', async () => {
    const { card, user } = await showCard(taskOf({ title: 'Bare' }));
    expect(await moreActions(user, card)).not.toContainEqual(expect.stringMatching(/Preview attachment/));
  });

  it("the card's own changes leave the file alone: no attachment fields in the write", async () => {
    const task = taskOf({
      title: 'Keep file',
      attachmentKey: 'k1',
      attachmentUrl: 'https://s/k1',
      attachment,
    });
    const { card, user, writes } = await showCard(task);
    await user.click(within(card).getByRole('button', { name: 'Priority: Moderate' }));
    await user.click(within(card).getByRole('menuitemradio', { name: 'Immediate' }));
    fireEvent.change(within(card).getByLabelText('Due date'), { target: { value: '2026-12-24' } });
    await waitFor(() => expect(writes).toHaveLength(2));
    for (const { body } of writes) {
      expect(body).toMatchObject({ id: task.id });
      expect(body).not.toHaveProperty('attachmentKey');
      expect(body).not.toHaveProperty('attachmentUrl');
    }
  });
});
