import { preferenceMessages } from '@baton/contracts/constants';
import { gate, renderWithPlatform, testUser } from '@baton/web-platform/testing';
import { mockServer } from '@baton/web-platform/testing/msw';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { defaultPreferences, preferencesPath, preferencesService, testDigestPath } from '../testing';
import { PreferencesPanel } from './PreferencesPanel';

const server = mockServer();

function renderPanel(saved = defaultPreferences()) {
  const service = preferencesService(saved);
  server.use(...service.handlers);
  return { ...renderWithPlatform(<PreferencesPanel />), service: service.state };
}

const table = () => screen.getByRole('table', { name: 'How Baton tells you about each event' });
const checkbox = (name: string) => screen.getByRole('checkbox', { name });
const select = (name: string) => screen.getByRole('combobox', { name }) as HTMLSelectElement;
const saved = () => screen.getAllByRole('status').map((s) => s.textContent);

describe('Notifications: the preferences table', () => {
  it('reads at a glance: an event per row, a channel per column, the defaults filled in', async () => {
    renderPanel();
    expect(screen.getByRole('status')).toHaveTextContent('Loading notification preferences…');
    await screen.findByRole('table');
    const headers = within(table()).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual([
      'Event',
      'In the app',
      'E-mail',
      'Push to this device',
    ]);
    expect(
      within(table())
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Assigned to me',
      'Invited',
      'My delegated task accepted',
      'My delegated task declined',
      'New due date proposed for a task I delegated',
      'Answer to a due date I proposed',
      'A task taken back from me',
      'Nudge about a task I hold',
      'My delegated task completed',
      'Progress note on a task I delegated',
      "Comment on a task I'm in",
      'Due soon (reminder)',
      'Overdue',
    ]);
    expect(checkbox("Comment on a task I'm in: in the app")).toBeChecked();
    expect(select("Comment on a task I'm in: e-mail")).toHaveDisplayValue('In the digest');
    expect(checkbox("Comment on a task I'm in: push to this device")).toBeChecked();
    expect(select('Assigned to me: e-mail')).toHaveDisplayValue('Off');
    expect(select('Due soon (reminder): e-mail')).toHaveDisplayValue('At once');
    expect(checkbox('My delegated task accepted: push to this device')).not.toBeChecked();
    expect(screen.getAllByRole('checkbox')).toHaveLength(26);
    expect(select('How often')).toHaveDisplayValue('Daily');
    expect(select('Time')).toHaveDisplayValue('08:00');
    expect(screen.queryByRole('combobox', { name: 'Day' })).not.toBeInTheDocument();
    expect(select('Time zone')).toHaveValue('UTC');
    expect(screen.getByText(/This browser is in UTC\./)).toBeInTheDocument();
  });

  it('sends only the cell that changed, and says "Saved"', async () => {
    const { user, service } = renderPanel();
    await screen.findByRole('table');
    await user.selectOptions(select("Comment on a task I'm in: e-mail"), 'Off');
    await waitFor(() => expect(saved()).toContain('Saved'));
    await user.click(checkbox('My delegated task accepted: push to this device'));
    await waitFor(() => expect(service.puts).toHaveLength(2));
    expect(service.puts).toEqual([
      { events: { comment: { email: 'off' } } },
      { events: { accepted: { push: true } } },
    ]);
    expect(checkbox('My delegated task accepted: push to this device')).toBeChecked();
    expect(select("Comment on a task I'm in: e-mail")).toHaveValue('off');
  });

  it('works from the keyboard: Space toggles the focused checkbox', async () => {
    const { user, service } = renderPanel();
    await screen.findByRole('table');
    checkbox('Overdue: in the app').focus();
    await user.keyboard(' ');
    await waitFor(() => expect(service.puts).toEqual([{ events: { overdue: { inApp: false } } }]));
  });

  it('puts a refused change back and says why', async () => {
    const { user, service } = renderPanel();
    await screen.findByRole('table');
    service.refuse = { status: 503 };
    await user.click(checkbox('Invited: in the app'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not save this change. It is back as it was.',
    );
    expect(checkbox('Invited: in the app')).toBeChecked();

    service.refuse = { status: 400, error: preferenceMessages.badTimezone };
    await user.selectOptions(select('Time zone'), 'Europe/Berlin');
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        `${preferenceMessages.badTimezone} It is back as it was.`,
      ),
    );
    expect(select('Time zone')).toHaveValue('UTC');
  });

  it('takes back only the refused change: one made meanwhile stays', async () => {
    const { user } = renderPanel();
    await screen.findByRole('table');
    const slow = gate();
    let calls = 0;
    server.use(
      http.put(preferencesPath, async ({ request }) => {
        calls += 1;
        const body = await request.json();
        if (calls === 1) {
          await slow.opened;
          return new HttpResponse(null, { status: 503 });
        }
        return HttpResponse.json({ ...defaultPreferences(), ...(body as object) });
      }),
    );
    await user.click(checkbox('Overdue: push to this device'));
    await user.selectOptions(select('Overdue: e-mail'), 'In the digest');
    await waitFor(() => expect(saved()).toContain('Saved'));
    slow.open();
    await screen.findByRole('alert');
    expect(checkbox('Overdue: push to this device')).toBeChecked();
    expect(select('Overdue: e-mail')).toHaveValue('digest');
  });

  it('shows the weekday only for a weekly digest, the hour only for daily and weekly, and what Off means', async () => {
    const { user, service } = renderPanel();
    await screen.findByRole('table');
    await user.selectOptions(select('How often'), 'Weekly');
    expect(select('Day')).toHaveDisplayValue('Monday');
    await user.selectOptions(select('Day'), 'Friday');
    await user.selectOptions(select('Time'), '17:00');
    await user.selectOptions(select('How often'), 'Hourly');
    expect(screen.queryByRole('combobox', { name: 'Day' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Time' })).not.toBeInTheDocument();
    expect(screen.queryByText(/e-mails set to "In the digest" are not sent/)).not.toBeInTheDocument();
    await user.selectOptions(select('How often'), 'Off');
    expect(
      screen.getByText('The digest is off: e-mails set to "In the digest" are not sent.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(service.puts).toHaveLength(5));
    expect(service.puts).toEqual([
      { digest: { frequency: 'weekly' } },
      { digest: { weekday: 5 } },
      { digest: { hour: 17 } },
      { digest: { frequency: 'hourly' } },
      { digest: { frequency: 'off' } },
    ]);
  });

  it("offers this browser's time zone when the saved one differs", async () => {
    const { user, service } = renderPanel({ ...defaultPreferences(), timezone: 'Asia/Tokyo' });
    await screen.findByRole('table');
    expect(select('Time zone')).toHaveDisplayValue('Asia/Tokyo');
    // happy-dom runs in the machine's zone, UTC here.
    await user.click(screen.getByRole('button', { name: 'Use UTC' }));
    await waitFor(() => expect(service.puts).toEqual([{ timezone: 'UTC' }]));
    expect(select('Time zone')).toHaveValue('UTC');
    expect(screen.queryByRole('button', { name: 'Use UTC' })).not.toBeInTheDocument();
  });

  it("sends a test digest and shows the server's message", async () => {
    const { user } = renderPanel();
    const message = preferenceMessages.testDigestSent(testUser.email);
    server.use(http.post(testDigestPath, () => HttpResponse.json({ message })));
    await user.click(await screen.findByRole('button', { name: 'Send me a test digest' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('says so when the preferences cannot be loaded', async () => {
    server.use(http.get(preferencesPath, () => HttpResponse.json({ error: 'down' }, { status: 503 })));
    renderWithPlatform(<PreferencesPanel />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load notification preferences.');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
