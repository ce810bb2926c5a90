import { openSettingsSection, selectSettingsSection } from '@baton/web-platform';
import { createTestPlatform, renderWithPlatform, testUser } from '@baton/web-platform/testing';
import { mockServer } from '@baton/web-platform/testing/msw';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Settings from './Settings';
import { preferencesService } from './testing';

mockServer(
  ...preferencesService().handlers,
  http.get('/api/settings/trusted-users/', () => HttpResponse.json([])),
  http.get('/api/settings/preferences/', () => HttpResponse.json({ notificationSoundEnabled: true })),
  http.get('/api/uploads/usage/', () => HttpResponse.json({ usedBytes: 0, quotaBytes: 1024 ** 3 })),
  http.get('/api/calendar/feed/', () =>
    HttpResponse.json({ url: 'http://localhost/api/calendar/t/tasks.ics' }),
  ),
);

describe('Settings', () => {
  it('has the sections of SPEC §2 in order', async () => {
    renderWithPlatform(<Settings />);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Account Settings',
      'Appearance',
      'Notifications',
      'Manage Trusted Users',
      'Storage',
      'Your data',
      'Danger Zone',
    ]);
    await screen.findByText(/No trusted users added yet/);
  });

  it("shows the person's name and an e-mail that cannot be edited", async () => {
    renderWithPlatform(<Settings />);
    const account = screen.getByRole('region', { name: 'Account Settings' });
    expect(account).toHaveTextContent(`${testUser.firstName} ${testUser.lastName}`);
    expect(account).toHaveTextContent(testUser.email);
    expect(screen.queryByDisplayValue(testUser.email)).not.toBeInTheDocument();
    expect(account).toHaveTextContent('Your email address cannot be changed.');
    await screen.findByText(/No trusted users added yet/);
  });
});

describe('Settings sections', () => {
  // happy-dom lays nothing out: record which cards were scrolled to.
  const scrolled = vi.fn();
  beforeEach(() => {
    scrolled.mockClear();
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled(this.id);
    };
  });
  afterEach(() => {
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });

  /** Settings in a store already at `section`, as after a reload of /home/settings/<section>. */
  function renderAt(section: Parameters<typeof openSettingsSection>[0]) {
    const platform = createTestPlatform();
    platform.store.dispatch(openSettingsSection(section));
    const user = userEvent.setup();
    render(<Settings />, { wrapper: platform.wrapper });
    const nav = screen.getByRole('navigation', { name: 'Settings sections' });
    return { ...platform, user, nav };
  }

  it('names every section in its navigation, each linking to its own path', async () => {
    const { nav } = renderAt(null);
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Account', '/home/settings/account'],
      ['Appearance', '/home/settings/appearance'],
      ['Notifications', '/home/settings/notifications'],
      ['Trusted users', '/home/settings/trusted'],
      ['Storage', '/home/settings/storage'],
      ['Your data', '/home/settings/data'],
      ['Delete account', '/home/settings/danger'],
    ]);
    expect(links.filter((a) => a.hasAttribute('aria-current'))).toEqual([]);
    expect(scrolled).not.toHaveBeenCalled();
    await screen.findByText(/No trusted users added yet/);
  });

  it('opened at "trusted" (a reload of /home/settings/trusted): scrolls there and focuses its heading', async () => {
    const { nav } = renderAt('trusted');
    const heading = screen.getByRole('heading', { level: 2, name: 'Manage Trusted Users' });
    expect(heading).toHaveFocus();
    expect(heading.closest('section')).toHaveAttribute('id', 'settings-trusted');
    expect(scrolled).toHaveBeenCalledExactlyOnceWith('settings-trusted');
    expect(within(nav).getByRole('link', { name: 'Trusted users' })).toHaveAttribute(
      'aria-current',
      'location',
    );
    await screen.findByText(/No trusted users added yet/);
  });

  it('clicking "Storage" puts the store (and so the URL) at that section, and goes there', async () => {
    const { nav, user, store } = renderAt('trusted');
    await user.click(within(nav).getByRole('link', { name: 'Storage' }));
    expect(selectSettingsSection(store.getState())).toBe('storage');
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Storage' })).toHaveFocus());
    expect(scrolled).toHaveBeenLastCalledWith('settings-storage');
    expect(within(nav).getByRole('link', { name: 'Storage' })).toHaveAttribute('aria-current', 'location');
    expect(within(nav).getByRole('link', { name: 'Trusted users' })).not.toHaveAttribute('aria-current');
    await screen.findByText(/No trusted users added yet/);
  });

  it('opened at "data" (/home/settings/data): goes to Your data', async () => {
    renderAt('data');
    const heading = screen.getByRole('heading', { level: 2, name: 'Your data' });
    expect(heading).toHaveFocus();
    expect(heading.closest('section')).toHaveAttribute('id', 'settings-data');
    expect(scrolled).toHaveBeenCalledExactlyOnceWith('settings-data');
    await screen.findByText(/No trusted users added yet/);
  });

  it('clicking the current section again goes back to it', async () => {
    const { nav, user, store } = renderAt('danger');
    await user.click(within(nav).getByRole('link', { name: 'Delete account' }));
    expect(selectSettingsSection(store.getState())).toBe('danger');
    expect(screen.getByRole('heading', { level: 2, name: 'Danger Zone' })).toHaveFocus();
    expect(scrolled).toHaveBeenLastCalledWith('settings-danger');
    expect(scrolled).toHaveBeenCalledTimes(2);
    await screen.findByText(/No trusted users added yet/);
  });
});
