import { identityMessages } from '@baton/contracts/constants';
import {
  createApiClient,
  currentLanguage,
  languageKey,
  setLanguage,
  untranslatedKeys,
} from '@baton/web-platform';
import { mockServer } from '@baton/web-platform/testing/msw';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { settleLanguage } from '../app/accountLanguage';
import { accountPreferences, renderShell, sessionCheck, signIn, stubRemotes } from '../testing';
import { landingBook } from './landing';
import { legalBook } from './legal';
import { shellBook } from './shell';

const server = mockServer(
  sessionCheck(),
  accountPreferences(),
  http.put('/api/settings/notification-preferences/', () => HttpResponse.json({})),
);
const quietRemotes = stubRemotes(async () => ({ default: (() => null) as ComponentType<never> }));

afterEach(async () => {
  await act(() => setLanguage('en'));
  localStorage.removeItem(languageKey);
});

describe('the shell in German', () => {
  it('signs in in German, and shows identity’s English answer in German', async () => {
    server.use(
      http.post('/login/', () =>
        HttpResponse.json({ error: identityMessages.invalidCredentials }, { status: 400 }),
      ),
    );
    await act(() => setLanguage('de'));
    await renderShell('/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeInTheDocument();
    expect(document.title).toBe('Anmelden · Baton');
    expect(document.documentElement.lang).toBe('de');
    await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('E-Mail und Passwort sind erforderlich.');
    await userEvent.type(screen.getByLabelText('E-Mail'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Passwort', { selector: 'input' }), 'wrong horse');
    await userEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('E-Mail oder Passwort ist falsch.'),
    );
    expect(screen.getByRole('button', { name: 'Passwort anzeigen' })).toBeInTheDocument();
  });

  it('names the workspace, its views and the document in German', async () => {
    signIn();
    await act(() => setLanguage('de'));
    await renderShell('/home', { loadRemote: quietRemotes });
    const sidebar = within(await screen.findByRole('navigation', { name: 'Kategorien' }));
    expect(sidebar.getByRole('button', { name: 'Persönliche Aufgaben' })).toBeInTheDocument();
    expect(sidebar.getByRole('button', { name: 'Mir zugewiesen' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Persönliche Aufgaben' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Abmelden' })).toBeInTheDocument();
    expect(document.title).toBe('Persönliche Aufgaben · Baton');
  });

  it('leaves no German word for word English in its books', () => {
    expect(untranslatedKeys(shellBook, ['{{title}}: offline'])).toEqual([]);
    expect(untranslatedKeys(landingBook)).toEqual([]);
    expect(untranslatedKeys(legalBook)).toEqual([]);
  });
});

describe("the account's language at sign-in", () => {
  const client = createApiClient();
  const saved: unknown[] = [];
  const account = (language: 'en' | 'de') => {
    saved.length = 0;
    server.use(
      accountPreferences(language),
      http.put('/api/settings/notification-preferences/', async ({ request }) => {
        saved.push(await request.json());
        return HttpResponse.json({ language });
      }),
    );
  };

  it("a choice made on this device wins, and the account's mails follow it", async () => {
    account('en');
    await act(() => setLanguage('de'));
    expect(await act(() => settleLanguage(client))).toBe('de');
    expect(saved).toEqual([{ language: 'de' }]);
    expect(currentLanguage()).toBe('de');
  });

  it("a device where nobody chose shows the account's language, without taking it as a choice", async () => {
    account('de');
    expect(await act(() => settleLanguage(client))).toBe('de');
    expect(currentLanguage()).toBe('de');
    expect(localStorage.getItem(languageKey)).toBeNull();
    expect(saved).toEqual([]);
  });
});
