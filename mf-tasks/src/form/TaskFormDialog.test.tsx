import type { TrustedUserEntry } from '@baton/contracts';
import { renderWithPlatform } from '@baton/web-platform/testing';
import { mockServer } from '@baton/web-platform/testing/msw';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import TaskList from '../list/TaskList';
import { chooseCardAction, listHandlers, preferencesHandler, taskOf } from '../testing';
import { suggest } from './suggestions';

const server = mockServer();

const trusted = (first: string, last: string, email: string): TrustedUserEntry => {
  const person = { id: crypto.randomUUID(), first_name: first, last_name: last, email };
  return { ...person, id: crypto.randomUUID(), created_at: '2026-11-01T00:00:00.000Z', trusted: person };
};
const people = [
  trusted('Ben', 'Okafor', 'ben@example.com'),
  trusted('Bea', 'Ito', 'bea@example.com'),
  trusted('Cleo', 'Brandt', 'cleo@example.com'),
  trusted('Dan', 'Abel', 'dan@bigco.io'),
  trusted('Eve', 'Bell', 'eve@example.com'),
  trusted('Finn', 'Bond', 'finn@example.com'),
  trusted('Gus', 'Bishop', 'gus@example.com'),
];

async function openForm(
  category: Parameters<typeof TaskList>[0]['category'],
  label: string,
  ...handlers: Parameters<typeof server.use>
) {
  // The first handler that matches answers: the test's own before the defaults.
  server.use(
    ...handlers,
    ...listHandlers(() => []),
    http.get('/api/settings/trusted-users/', () => HttpResponse.json(people)),
  );
  const view = renderWithPlatform(<TaskList category={category} />);
  await screen.findByText('No tasks here yet');
  await view.user.click(screen.getAllByRole('button', { name: label })[0] as HTMLElement);
  const dialog = screen.getByRole('dialog', { name: label });
  return { ...view, dialog };
}

async function fill(user: ReturnType<typeof renderWithPlatform>['user'], dialog: HTMLElement) {
  await user.type(within(dialog).getByLabelText('Title'), 'Plan the offsite');
  fireEvent.change(within(dialog).getByLabelText('Due date'), { target: { value: '2026-12-12' } });
  await user.selectOptions(within(dialog).getByLabelText('Priority'), 'Moderate');
}

describe('recipient suggestions (SPEC §5)', () => {
  it('match name or e-mail case-insensitively, at most 6', () => {
    expect(suggest(people, 'B')).toHaveLength(6);
    expect(suggest(people, 'bigco').map((s) => s.email)).toEqual(['dan@bigco.io']);
    expect(suggest(people, 'ITO').map((s) => s.name)).toEqual(['Bea Ito']);
  });
});

describe('the task form', () => {
  it('needs title, due date and priority', async () => {
    const { user, dialog } = await openForm('Personal Tasks', 'Add Tasks');
    await user.type(within(dialog).getByLabelText('Title'), 'No priority');
    fireEvent.change(within(dialog).getByLabelText('Due date'), { target: { value: '2026-12-12' } });
    await user.click(within(dialog).getByRole('button', { name: 'Add Tasks' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Please fill out all required fields, including the PRIORITY.',
    );
  });

  it('lets the error banner go after 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { dialog } = await openForm('Personal Tasks', 'Add Tasks');
      fireEvent.click(within(dialog).getByRole('button', { name: 'Add Tasks' }));
      expect(within(dialog).getByRole('alert')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(4_999));
      expect(within(dialog).getByRole('alert')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(1));
      expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('creates a personal task through /create_list and closes', async () => {
    const bodies: unknown[] = [];
    const { user, dialog } = await openForm('Personal Tasks', 'Add Tasks');
    server.use(
      http.post('/create_list', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({
          id: 'x',
          task_id: 'x',
          message: 'Task created.',
          error: null,
          invitation_sent: false,
        });
      }),
    );
    await fill(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Add Tasks' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies).toEqual([
      {
        title: 'Plan the offsite',
        description: '',
        dueDate: '2026-12-12',
        priority: 'Moderate',
        category: 'Personal Tasks',
        reminder: null,
        recurrence: null,
      },
    ]);
  });

  it('asks for a valid recipient when assigning', async () => {
    const { user, dialog } = await openForm('Tasks Delegated - Assigned', 'Assign Task');
    await fill(user, dialog);
    await user.type(within(dialog).getByRole('combobox', { name: 'Recipient email' }), 'ben@example');
    await user.click(within(dialog).getByRole('button', { name: 'Assign Task' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Enter a valid email or select a trusted user from suggestions.',
    );
  });

  it('suggests trusted users while typing; the keyboard picks one; the invitation notice shows in the list', async () => {
    const bodies: unknown[] = [];
    const { user, dialog } = await openForm('Tasks Delegated - Invitation', 'Invite to Task');
    server.use(
      http.post('/send_email/invite_user', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(
          {
            id: 'x',
            task_id: 'x',
            message: 'User not found, invitation sent to join Baton.',
            error: null,
            invitation_sent: true,
          },
          { status: 201 },
        );
      }),
    );
    await fill(user, dialog);
    const recipient = within(dialog).getByRole('combobox', { name: 'Recipient email' });
    await user.type(recipient, 'CLE');
    const options = within(within(dialog).getByRole('listbox', { name: 'Trusted users' })).getAllByRole(
      'option',
    );
    expect(options.map((o) => o.textContent)).toEqual(['Cleo Brandtcleo@example.com']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(recipient).toHaveValue('cleo@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Invite to Task' }));
    expect(await screen.findByText('User not found, invitation sent to join Baton.')).toBeInTheDocument();
    expect(bodies[0]).toMatchObject({ email: 'cleo@example.com', category: 'Tasks Delegated - Invitation' });
  });

  it.each([
    [
      'the server error',
      () => HttpResponse.json({ error: 'You cannot assign a task to yourself.' }, { status: 400 }),
      'You cannot assign a task to yourself.',
    ],
    [
      '"Failed to add task. Please try again." without one',
      () => new HttpResponse(null, { status: 500 }),
      'Failed to add task. Please try again.',
    ],
    [
      'the network sentence offline',
      () => HttpResponse.error(),
      'Network error. Please check your connection and try again.',
    ],
  ])('shows %s', async (_case, reply, message) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, dialog } = await openForm('Tasks Delegated - Assigned', 'Assign Task');
    server.use(http.post('/send_email/assign_user/', reply));
    await fill(user, dialog);
    await user.type(within(dialog).getByRole('combobox', { name: 'Recipient email' }), 'ben@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Assign Task' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
  });

  it('edits a shared task through /edit_shared_task/ with the recipient fixed', async () => {
    const task = taskOf({
      title: 'Shared',
      category: 'Tasks Delegated - Assigned',
      assigned_users: ['ben@example.com'],
    });
    const bodies: unknown[] = [];
    server.use(
      ...listHandlers(() => [task]),
      http.get('/api/settings/trusted-users/', () => HttpResponse.json([])),
      http.post('/edit_shared_task/', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({
          id: task.id,
          task_id: task.id,
          message: 'Task updated.',
          error: null,
          invitation_sent: false,
        });
      }),
    );
    const { user } = renderWithPlatform(<TaskList category="Tasks Delegated - Assigned" />);
    const card = await screen.findByRole('article', { name: 'Shared' });
    await chooseCardAction(user, card, 'Edit');
    const dialog = screen.getByRole('dialog', { name: 'Edit task' });
    expect(within(dialog).queryByRole('combobox', { name: 'Recipient email' })).not.toBeInTheDocument();
    expect(within(dialog).getByText('Recipient: ben@example.com (cannot be changed)')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Title'));
    await user.type(within(dialog).getByLabelText('Title'), 'Shared, renamed');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ id: task.id, title: 'Shared, renamed' });
    expect(bodies[0]).not.toHaveProperty('email');
  });
});

/** A write route answering as the tasks service does; records each body. */
function writeRoute(path: string) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.post(path, async ({ request }) => {
      bodies.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json({
        id: 'x',
        task_id: 'x',
        message: 'Saved.',
        error: null,
        invitation_sent: false,
      });
    }),
  );
  return bodies;
}

describe("the task form's reminder", () => {
  const reminder = (dialog: HTMLElement) => within(dialog).getByLabelText('Reminder');
  const hour = (dialog: HTMLElement) => within(dialog).getByLabelText('Remind at');
  const overdueNotice = (dialog: HTMLElement) =>
    within(dialog).queryByRole('checkbox', { name: "Tell me if it's still open the day after it's due" });

  it('is none at first; a chosen one starts at the digest hour, and the payload carries it', async () => {
    const { user, dialog } = await openForm('Personal Tasks', 'Add Tasks', preferencesHandler(7));
    const bodies = writeRoute('/create_list');
    expect(reminder(dialog)).toHaveDisplayValue('None');
    expect(within(dialog).queryByLabelText('Remind at')).not.toBeInTheDocument();
    expect(overdueNotice(dialog)).not.toBeInTheDocument();
    expect(
      within(reminder(dialog))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['None', 'On the due day', '1 day before', '2 days before', 'A week before']);
    await fill(user, dialog);
    await user.selectOptions(reminder(dialog), '1 day before');
    await waitFor(() => expect(hour(dialog)).toHaveDisplayValue('07:00'));
    await user.click(within(dialog).getByRole('button', { name: 'Add Tasks' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ reminder: { daysBefore: 1, hour: 7 } });
    expect(bodies[0]).not.toHaveProperty('overdueNotice');
  });

  it('starts at 9 when the preferences cannot be read', async () => {
    const { user, dialog } = await openForm(
      'Personal Tasks',
      'Add Tasks',
      http.get('/api/settings/notification-preferences/', () => new HttpResponse(null, { status: 503 })),
    );
    const bodies = writeRoute('/create_list');
    await fill(user, dialog);
    await user.selectOptions(reminder(dialog), 'On the due day');
    expect(hour(dialog)).toHaveDisplayValue('09:00');
    await user.click(within(dialog).getByRole('button', { name: 'Add Tasks' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ reminder: { daysBefore: 0, hour: 9 } });
  });

  it("reminds a delegated task's recipient, and the delegator may ask to hear when it is overdue", async () => {
    const { user, dialog } = await openForm('Tasks Delegated - Assigned', 'Assign Task');
    const bodies = writeRoute('/send_email/assign_user/');
    await fill(user, dialog);
    await user.type(within(dialog).getByRole('combobox', { name: 'Recipient email' }), 'ben@example.com');
    await user.selectOptions(reminder(dialog), 'A week before');
    expect(reminder(dialog)).toHaveAccessibleDescription('Reminds the recipient, once they have accepted.');
    await user.selectOptions(hour(dialog), '18:00');
    expect(overdueNotice(dialog)).not.toBeChecked();
    await user.click(overdueNotice(dialog) as HTMLElement);
    await user.click(within(dialog).getByRole('button', { name: 'Assign Task' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({
      email: 'ben@example.com',
      reminder: { daysBefore: 7, hour: 18 },
      overdueNotice: true,
    });
  });

  it("shows an edited task's reminder and overdue notice; None takes the reminder away", async () => {
    const task = taskOf({
      title: 'Shared',
      category: 'Tasks Delegated - Invitation',
      invited_users: ['ben@example.com'],
      reminder: { daysBefore: 5, hour: 14 },
      overdueNotice: true,
    });
    server.use(...listHandlers(() => [task]));
    const bodies = writeRoute('/edit_shared_task/');
    const { user } = renderWithPlatform(<TaskList category="Tasks Delegated - Invitation" />);
    const card = await screen.findByRole('article', { name: 'Shared' });
    expect(within(card).getByText('Reminder: 5 days before at 14:00')).toBeInTheDocument();
    await chooseCardAction(user, card, 'Edit');
    const dialog = screen.getByRole('dialog', { name: 'Edit task' });
    // Set through the API, where any day up to 30 is allowed: shown as it is.
    expect(reminder(dialog)).toHaveDisplayValue('5 days before');
    expect(hour(dialog)).toHaveDisplayValue('14:00');
    expect(overdueNotice(dialog)).toBeChecked();
    await user.selectOptions(reminder(dialog), 'None');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ id: task.id, reminder: null, overdueNotice: true });
  });
});

describe('the repeat field', () => {
  const repeat = (dialog: HTMLElement) => within(dialog).getByRole('combobox', { name: 'Repeat' });
  const group = (dialog: HTMLElement) => within(dialog).getByRole('group', { name: 'Repeat' });

  it('builds the RRULE of a weekly task on chosen days, every N weeks, N times', async () => {
    const { user, dialog } = await openForm('Personal Tasks', 'Add Tasks');
    const bodies = writeRoute('/create_list');
    await fill(user, dialog);
    expect(repeat(dialog)).toHaveDisplayValue('Does not repeat');
    expect(group(dialog)).toHaveAccessibleDescription('Does not repeat');
    await user.selectOptions(repeat(dialog), 'Weekly');
    // 12 December 2026 is a Saturday: the due date's weekday comes ticked.
    const days = within(dialog).getByRole('group', { name: 'On' });
    expect(within(days).getByRole('checkbox', { name: 'Saturday' })).toBeChecked();
    await user.click(within(days).getByRole('checkbox', { name: 'Saturday' }));
    await user.click(within(days).getByRole('checkbox', { name: 'Thursday' }));
    await user.click(within(days).getByRole('checkbox', { name: 'Monday' }));
    const every = within(dialog).getByRole('spinbutton', { name: 'Every' });
    expect(every).toHaveAccessibleDescription('week');
    await user.clear(every);
    await user.type(every, '2');
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Ends' }),
      'After a number of times',
    );
    const times = within(dialog).getByRole('spinbutton', { name: 'Times' });
    await user.clear(times);
    await user.type(times, '5');
    expect(group(dialog)).toHaveAccessibleDescription(
      'Repeats every 2 weeks on Mon and Thu, 5 times. Completing one makes the next.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add Tasks' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ recurrence: 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;COUNT=5' });
  });

  it('refuses a weekly rule without a day, saying so, and sends nothing', async () => {
    const { user, dialog } = await openForm('Personal Tasks', 'Add Tasks');
    const bodies = writeRoute('/create_list');
    await fill(user, dialog);
    await user.selectOptions(repeat(dialog), 'Weekly');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Saturday' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add Tasks' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Choose at least one day of the week to repeat on.',
    );
    expect(bodies).toEqual([]);
  });

  it("reads an existing task's rule back into the field; the card says it; none sends null", async () => {
    const task = taskOf({
      title: 'Rent',
      dueDate: '2026-12-15',
      recurrence: 'FREQ=MONTHLY;BYMONTHDAY=15;UNTIL=20270601',
    });
    server.use(...listHandlers(() => [task]));
    const bodies = writeRoute('/create_list');
    const { user } = renderWithPlatform(<TaskList category="Personal Tasks" />);
    const card = await screen.findByRole('article', { name: 'Rent' });
    expect(within(card).getByText(/^Repeats monthly on day 15, until .*2027$/)).toBeInTheDocument();
    await chooseCardAction(user, card, 'Edit');
    const dialog = screen.getByRole('dialog', { name: 'Edit task' });
    expect(repeat(dialog)).toHaveDisplayValue('Monthly');
    expect(within(dialog).getByRole('spinbutton', { name: 'Day of the month' })).toHaveValue(15);
    expect(within(dialog).getByRole('combobox', { name: 'Ends' })).toHaveDisplayValue('On a date');
    expect(within(dialog).getByLabelText('End date')).toHaveValue('2027-06-01');
    await user.selectOptions(repeat(dialog), 'Does not repeat');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ id: task.id, recurrence: null });
  });

  it('keeps a rule it cannot show, as it is', async () => {
    const task = taskOf({ title: 'Board', recurrence: 'FREQ=MONTHLY;BYDAY=1MO' });
    server.use(...listHandlers(() => [task]));
    const bodies = writeRoute('/create_list');
    const { user } = renderWithPlatform(<TaskList category="Personal Tasks" />);
    const card = await screen.findByRole('article', { name: 'Board' });
    await chooseCardAction(user, card, 'Edit');
    const dialog = screen.getByRole('dialog', { name: 'Edit task' });
    expect(repeat(dialog)).toHaveDisplayValue('A custom rule (kept as it is)');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ recurrence: 'FREQ=MONTHLY;BYDAY=1MO' });
  });
});
