import { languageKey, setLanguage, untranslatedKeys } from '@baton/web-platform';
import { renderWithPlatform } from '@baton/web-platform/testing';
import { mockServer } from '@baton/web-platform/testing/msw';
import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { book } from './messages';
import NotificationBell from './NotificationBell';
import { accountTimeZone, listSettled, makeNotification, taskId } from './testing';

const server = mockServer(...accountTimeZone('Europe/Berlin').handlers);

afterEach(async () => {
  await act(() => setLanguage('en'));
  localStorage.removeItem(languageKey);
});

describe('the notification centre in German', () => {
  it('names the bell, the panel, the groups, the times and the actions in German', async () => {
    const fiveMinutesAgo = new Date(Date.now() - 5 * 60_000).toISOString();
    const items = [
      makeNotification({ title: 'Neue Aufgabe', type: 'success', created_at: fiveMinutesAgo }),
      makeNotification({ title: 'Zuweisung', task_id: taskId, action: 'assign_accept', is_read: true }),
    ];
    server.use(http.get('/notifications/', () => HttpResponse.json({ notifications: items })));
    await act(() => setLanguage('de'));
    const view = renderWithPlatform(<NotificationBell />);
    await waitFor(() => expect(listSettled(view.store)).toBe(true));
    await view.user.click(screen.getByRole('button', { name: 'Benachrichtigungen, 1 ungelesen' }));
    const panel = screen.getByRole('dialog', { name: 'Benachrichtigungen' });
    expect(within(panel).getByRole('tab', { name: 'Alle (2)' })).toBeInTheDocument();
    expect(within(panel).getByRole('tab', { name: 'Ungelesen (1)' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Alle als gelesen markieren' })).toBeInTheDocument();
    expect(within(panel).getByRole('heading', { name: 'Heute' })).toBeInTheDocument();
    const fresh = within(panel).getByRole('listitem', { name: /Neue Aufgabe/ });
    expect(fresh).toHaveAccessibleName('Erfolg, Ungelesen: Neue Aufgabe');
    expect(within(fresh).getByText('vor 5 Min.')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Annehmen: Zuweisung' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Aufgabe öffnen: Zuweisung' })).toBeInTheDocument();
  });

  it('leaves no German word for word English in its book', () => {
    expect(untranslatedKeys(book, ['Info'])).toEqual([]);
  });
});
