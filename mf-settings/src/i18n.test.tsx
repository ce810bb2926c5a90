import { languageKey, setLanguage, untranslatedKeys } from '@baton/web-platform';
import { renderWithPlatform } from '@baton/web-platform/testing';
import { mockServer } from '@baton/web-platform/testing/msw';
import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { AccountSection } from './account/AccountSection';
import { book } from './messages';
import { PreferencesPanel } from './notifications/PreferencesPanel';
import { defaultPreferences, preferencesService } from './testing';

const service = preferencesService();
const server = mockServer(...service.handlers);

afterEach(async () => {
  await act(() => setLanguage('en'));
  localStorage.removeItem(languageKey);
  service.state.puts.length = 0;
  service.state.saved = defaultPreferences();
});

describe('Settings in two languages', () => {
  it('switches the page to German at once from the Language field and saves it for the mails', async () => {
    const { user } = renderWithPlatform(<AccountSection />);
    const field = screen.getByRole('combobox', { name: 'Language' });
    expect(field).toHaveValue('en');
    await user.selectOptions(field, 'Deutsch');
    expect(await screen.findByRole('heading', { level: 2, name: 'Kontoeinstellungen' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
    expect(screen.getByRole('heading', { level: 3, name: 'Passwort ändern' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('de');
    expect(localStorage.getItem(languageKey)).toBe('de');
    await waitFor(() => expect(service.state.puts).toEqual([{ language: 'de' }]));
  });

  it('keeps the choice on this device and says so when the account cannot save it', async () => {
    server.use(
      http.put('/api/settings/notification-preferences/', () => new HttpResponse(null, { status: 500 })),
    );
    const { user } = renderWithPlatform(<AccountSection />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'de');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Die Sprache konnte nicht in deinem Konto gespeichert werden',
    );
    expect(localStorage.getItem(languageKey)).toBe('de');
  });

  it('shows the notification preferences in German, weekdays named by Intl', async () => {
    await act(() => setLanguage('de'));
    service.state.saved = { ...service.state.saved, digest: { frequency: 'weekly', hour: 9, weekday: 1 } };
    renderWithPlatform(<PreferencesPanel />);
    const table = await screen.findByRole('table', { name: 'Wie Baton dir von jedem Ereignis erzählt' });
    expect(within(table).getByRole('rowheader', { name: 'Überfällig' })).toBeInTheDocument();
    expect(within(table).getByRole('combobox', { name: 'Überfällig: E-Mail' })).toHaveDisplayValue('Sofort');
    expect(screen.getByRole('combobox', { name: 'Tag' })).toHaveDisplayValue('Montag');
    expect(screen.getByRole('combobox', { name: 'Wie oft' })).toHaveDisplayValue('Wöchentlich');
  });

  it('leaves no German word for word English in its book', () => {
    expect(untranslatedKeys(book, ['Name', '{{event}}: {{channel}}'])).toEqual([]);
  });
});
