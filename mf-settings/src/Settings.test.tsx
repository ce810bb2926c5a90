import { renderWithPlatform, testUser } from '@baton/web-platform/testing';
import { mockServer } from '@baton/web-platform/testing/msw';
import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import Settings from './Settings';

mockServer(
  http.get('/api/settings/trusted-users/', () => HttpResponse.json([])),
  http.get('/api/settings/preferences/', () => HttpResponse.json({ notificationSoundEnabled: true })),
  http.get('/api/uploads/usage/', () => HttpResponse.json({ usedBytes: 0, quotaBytes: 1024 ** 3 })),
);

describe('Settings', () => {
  it('has the sections of SPEC §2 in order', async () => {
    renderWithPlatform(<Settings />);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Account Settings',
      'Notifications',
      'Manage Trusted Users',
      'Storage',
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
