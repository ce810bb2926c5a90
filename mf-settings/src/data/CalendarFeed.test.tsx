import { transferMessages } from '@baton/contracts/constants';
import { gate, renderWithPlatform } from '@baton/web-platform/testing';
import { mockServer } from '@baton/web-platform/testing/msw';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CalendarFeed } from './CalendarFeed';

const server = mockServer();
const feed = '/api/calendar/feed/';
const first = 'http://localhost:8080/api/calendar/first-token-aaaaaaaaaaaaaaaa/tasks.ics';
const second = 'http://localhost:8080/api/calendar/second-token-bbbbbbbbbbbbbbb/tasks.ics';

/** The tasks service's feed address: GET answers the current one, POST replaces it. */
function feedService() {
  const state = { url: first, posts: 0 };
  server.use(
    http.get(feed, () => HttpResponse.json({ url: state.url })),
    http.post(feed, () => {
      state.posts += 1;
      state.url = second;
      return HttpResponse.json({ url: state.url });
    }),
  );
  return state;
}

const address = () => screen.getByRole('textbox', { name: 'Your calendar address' }) as HTMLInputElement;

const execCommand = document.execCommand;
afterEach(() => {
  vi.restoreAllMocks();
  document.execCommand = execCommand;
});

describe('Subscribe in your calendar', () => {
  it('shows the secret address read-only, with how to add it in Google, Apple and Thunderbird', async () => {
    const call = gate();
    server.use(
      http.get(feed, async () => {
        await call.opened;
        return HttpResponse.json({ url: first });
      }),
    );
    renderWithPlatform(<CalendarFeed />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your calendar address…');
    call.open();
    expect(await screen.findByRole('textbox', { name: 'Your calendar address' })).toHaveValue(first);
    expect(address()).toHaveAttribute('readonly');
    const apps = screen.getByRole('list');
    expect(
      within(apps)
        .getAllByRole('listitem')
        .map((li) => li.textContent?.split(':')[0]),
    ).toEqual(['Google Calendar', 'Apple Calendar', 'Thunderbird']);
    expect(apps).toHaveTextContent(/From URL/);
  });

  it('says so when the address cannot be loaded', async () => {
    server.use(http.get(feed, () => HttpResponse.json({ error: 'down' }, { status: 503 })));
    renderWithPlatform(<CalendarFeed />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load your calendar address.');
    expect(screen.queryByRole('button', { name: 'Make a new address' })).not.toBeInTheDocument();
  });

  it('copies the address through the Clipboard API', async () => {
    feedService();
    const { user } = renderWithPlatform(<CalendarFeed />);
    await screen.findByRole('textbox', { name: 'Your calendar address' });
    // user-event puts its own clipboard on navigator: spy on it.
    const write = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(write).toHaveBeenCalledWith(first);
    expect(await screen.findByRole('status')).toHaveTextContent('Address copied.');
  });

  it('falls back to the copy command when the Clipboard API refuses, and else leaves the address selected', async () => {
    feedService();
    const { user } = renderWithPlatform(<CalendarFeed />);
    await screen.findByRole('textbox', { name: 'Your calendar address' });
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(
      new DOMException('denied', 'NotAllowedError'),
    );
    const copied: string[] = [];
    const command = vi.fn((name: string) => {
      const input = document.activeElement as HTMLInputElement;
      copied.push(`${name}:${input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0)}`);
      return true;
    });
    document.execCommand = command;
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(copied).toEqual([`copy:${first}`]);
    expect(await screen.findByRole('status')).toHaveTextContent('Address copied.');

    command.mockReturnValue(false);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText(/press Ctrl\+C/)).toBeInTheDocument();
    expect(address()).toHaveFocus();
    expect([address().selectionStart, address().selectionEnd]).toEqual([0, first.length]);
  });

  it('makes a new address only after a confirmation, then shows it and says the old one stops', async () => {
    const state = feedService();
    const { user } = renderWithPlatform(<CalendarFeed />);
    await screen.findByDisplayValue(first);
    const button = screen.getByRole('button', { name: 'Make a new address' });

    await user.click(button);
    let dialog = screen.getByRole('alertdialog', { name: 'Make a new calendar address?' });
    expect(dialog).toHaveAccessibleDescription(/stop getting your tasks/);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(state.posts).toBe(0);
    expect(button).toHaveFocus();

    await user.click(button);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(state.posts).toBe(0);

    await user.click(button);
    dialog = screen.getByRole('alertdialog', { name: 'Make a new calendar address?' });
    await user.click(within(dialog).getByRole('button', { name: 'Make a new address' }));
    expect(await screen.findByRole('status')).toHaveTextContent(transferMessages.feedRotated);
    expect(state.posts).toBe(1);
    expect(address()).toHaveValue(second);
  });

  it("keeps the address and says the server's sentence when a new one cannot be made", async () => {
    feedService();
    server.use(
      http.post(feed, () => HttpResponse.json({ error: 'Please try again later.' }, { status: 503 })),
    );
    const { user } = renderWithPlatform(<CalendarFeed />);
    await screen.findByDisplayValue(first);
    await user.click(screen.getByRole('button', { name: 'Make a new address' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Make a new address' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Please try again later.');
    expect(address()).toHaveValue(first);
  });
});
