import { onSoundToggle, setSoundEnabled } from '@baton/web-platform';
import { gate, renderWithPlatform } from '@baton/web-platform/testing';
import { mockServer } from '@baton/web-platform/testing/msw';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { preferencesService } from '../testing';
import { NotificationsSection } from './NotificationsSection';

const route = '/api/settings/preferences/';
// The section also shows the notification preferences (their own tests: PreferencesPanel.test.tsx).
const server = mockServer(...preferencesService().handlers);

const toggle = () => screen.getByRole('checkbox', { name: 'Play a sound for new notifications' });

/** The account's saved preference, as identity keeps it. */
function account(notificationSoundEnabled: boolean) {
  const state = { notificationSoundEnabled, puts: [] as unknown[] };
  server.use(
    http.get(route, () => HttpResponse.json({ notificationSoundEnabled: state.notificationSoundEnabled })),
    http.put(route, async ({ request }) => {
      const body = (await request.json()) as { notificationSoundEnabled: boolean };
      state.puts.push(body);
      state.notificationSoundEnabled = body.notificationSoundEnabled;
      return HttpResponse.json(body);
    }),
  );
  return state;
}

describe('Notifications: the sound preference', () => {
  it('is on when nothing is stored', async () => {
    const state = account(true);
    renderWithPlatform(<NotificationsSection />);
    expect(screen.getByRole('heading', { name: 'Notifications' })).toBeInTheDocument();
    expect(toggle()).toBeChecked();
    await waitFor(() => expect(localStorage.getItem('notificationSoundEnabled')).toBe('true'));
    expect(state.puts).toEqual([]);
  });

  it("takes the account's choice from another device", async () => {
    account(false);
    renderWithPlatform(<NotificationsSection />);
    await waitFor(() => expect(toggle()).not.toBeChecked());
    expect(localStorage.getItem('notificationSoundEnabled')).toBe('false');
  });

  it('turns off on this device at once (the sound-toggle event) and on the account', async () => {
    const state = account(true);
    const heard = vi.fn();
    const stop = onSoundToggle(heard);
    const { user } = renderWithPlatform(<NotificationsSection />);
    await user.click(toggle());
    expect(toggle()).not.toBeChecked();
    expect(localStorage.getItem('notificationSoundEnabled')).toBe('false');
    expect(heard).toHaveBeenLastCalledWith(false);
    await waitFor(() => expect(state.puts).toEqual([{ notificationSoundEnabled: false }]));
    await user.click(toggle());
    await waitFor(() => expect(state.puts).toHaveLength(2));
    expect(localStorage.getItem('notificationSoundEnabled')).toBe('true');
    stop();
  });

  it('follows a change made in another tab', async () => {
    account(true);
    renderWithPlatform(<NotificationsSection />);
    // The account's answer has arrived and been applied.
    await waitFor(() => expect(localStorage.getItem('notificationSoundEnabled')).toBe('true'));
    // The same event another tab's change raises here.
    localStorage.setItem('notificationSoundEnabled', 'false');
    window.dispatchEvent(new StorageEvent('storage', { key: 'notificationSoundEnabled' }));
    await waitFor(() => expect(toggle()).not.toBeChecked());
  });

  it("keeps the person's change when the account's answer comes later", async () => {
    const call = gate();
    const puts: unknown[] = [];
    server.use(
      http.get(route, async () => {
        await call.opened;
        return HttpResponse.json({ notificationSoundEnabled: true });
      }),
      http.put(route, async ({ request }) => {
        puts.push(await request.json());
        return HttpResponse.json({ notificationSoundEnabled: false });
      }),
    );
    const { user } = renderWithPlatform(<NotificationsSection />);
    await user.click(toggle());
    await waitFor(() => expect(puts).toHaveLength(1));
    call.open();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(toggle()).not.toBeChecked();
  });

  it('keeps the choice on this device and says so when the account cannot save it', async () => {
    setSoundEnabled(true);
    server.use(
      http.get(route, () => HttpResponse.json({ notificationSoundEnabled: true })),
      http.put(route, () => new HttpResponse(null, { status: 503 })),
    );
    const { user } = renderWithPlatform(<NotificationsSection />);
    await user.click(toggle());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not save this to your account; it still applies on this device.',
    );
    expect(toggle()).not.toBeChecked();
  });
});
