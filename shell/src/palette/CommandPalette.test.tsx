import type { SearchResult, View } from '@baton/contracts';
import { currentLanguage, setLanguage, themeKey } from '@baton/web-platform';
import { folderOf, gate } from '@baton/web-platform/testing';
import { mockServer } from '@baton/web-platform/testing/msw';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { ComponentType } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  accountPreferences,
  currentLocation,
  renderShell,
  sessionCheck,
  signIn,
  stubRemotes,
} from '../testing';
import { searchDebounceMs } from './api';

const taskId = '10000000-0000-4000-8000-000000000001';
const otherTaskId = '10000000-0000-4000-8000-000000000002';
const result = (overrides: Partial<SearchResult>): SearchResult => ({
  task_id: taskId,
  title: 'Quarterly report',
  snippet: 'Quarterly report',
  highlights: [[10, 16]],
  where: 'title',
  category: 'Personal Tasks',
  ...overrides,
});
const folder = folderOf({ name: 'Garden', color: '#38B2AC' });
const savedView: View = {
  id: '30000000-0000-4000-8000-000000000001',
  name: 'Urgent ones',
  query: 'priority=Immediate',
  path: 'assigned',
};

/** What the search route was asked, in order. */
const searches: string[] = [];
const server = mockServer(
  sessionCheck(),
  accountPreferences(),
  http.get('/api/folders/', () => HttpResponse.json({ folders: [folder] })),
  http.get('/api/views/', () => HttpResponse.json({ views: [savedView] })),
  http.get('/api/search/', ({ request }) => {
    const q = new URL(request.url).searchParams.get('q') ?? '';
    searches.push(q);
    return HttpResponse.json({ results: 'report'.startsWith(q) || q === 'report' ? [result({})] : [] });
  }),
);

/** Remotes stand-ins: each names itself and has a text field, to type in when Ctrl+K is pressed. */
const remotes = stubRemotes(async (remote, module) => {
  const View: ComponentType = () => (
    <section aria-label={`${remote}/${module}`}>
      <input aria-label={`Field of ${module}`} />
    </section>
  );
  return { default: View };
});

// cmdk measures its list and scrolls the chosen item into view: happy-dom lays nothing out.
beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  Element.prototype.scrollIntoView ??= () => {};
});

async function openWorkspace(path = '/home', view = 'mf-tasks/TaskList') {
  signIn();
  await renderShell(path, { loadRemote: remotes });
  await screen.findByRole('region', { name: view });
  return userEvent.setup();
}

/** Types a word in one go, as a quick typist does: no pause between its keys for the debounce to end. */
const typeQuickly = (text: string) => userEvent.setup({ delay: null }).type(field(), text);

const palette = () => screen.getByRole('dialog', { name: 'Command palette' });
const field = () =>
  within(palette()).getByRole('combobox', { name: 'Search tasks, folders, views and actions' });
const option = (name: string | RegExp) => within(palette()).getByRole('option', { name });

afterEach(async () => {
  vi.useRealTimers();
  searches.length = 0;
  document.documentElement.removeAttribute('data-theme');
  if (currentLanguage() !== 'en') await act(() => setLanguage('en'));
});

describe('the command palette', () => {
  it('opens on Ctrl+K and on Cmd+K, even while typing in a field, and Escape gives focus back', async () => {
    const user = await openWorkspace();
    const input = screen.getByRole('textbox', { name: 'Field of TaskList' });
    await user.click(input);
    await user.keyboard('ab{Control>}k{/Control}');
    expect(input).toHaveValue('ab');
    expect(field()).toHaveFocus();
    expect(screen.getByRole('listbox', { name: 'Results' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(input).toHaveFocus();

    await user.keyboard('{Meta>}k{/Meta}');
    expect(field()).toHaveFocus();
    // The same keys again close it.
    await user.keyboard('{Meta>}k{/Meta}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(input).toHaveFocus();
    // Not K with other modifiers, nor K alone.
    await user.keyboard('k{Control>}{Shift>}k{/Shift}{/Control}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('lists actions, places, folders, views and settings, and filters them as you type, announcing the count', async () => {
    const user = await openWorkspace();
    await user.keyboard('{Control>}k{/Control}');
    expect(await within(palette()).findByRole('option', { name: 'Garden' })).toBeInTheDocument();
    expect(await within(palette()).findByRole('option', { name: 'Urgent ones' })).toBeInTheDocument();
    for (const name of [
      'Create task',
      'Toggle theme',
      'Switch language to Deutsch',
      'Dashboard',
      'Open settings',
    ])
      expect(option(name)).toBeInTheDocument();
    expect(within(palette()).getByRole('group', { name: 'Go to' })).toBeInTheDocument();

    await user.type(field(), 'setti appear');
    expect(
      within(palette())
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Settings: Appearance']);
    // Said once the task search has answered too.
    await waitFor(() => expect(within(palette()).getByRole('status')).toHaveTextContent('1 result'));
    await user.clear(field());
    await user.type(field(), 'zzzz');
    expect(await within(palette()).findByText('Nothing found.')).toBeInTheDocument();
    await waitFor(() => expect(within(palette()).getByRole('status')).toHaveTextContent('0 results'));
  });

  it('finds tasks through the search route once typing pauses, and opens the chosen one', async () => {
    const user = await openWorkspace();
    await user.keyboard('{Control>}k{/Control}');
    // Asked only once typing has paused for searchDebounceMs (timers faked, so the pauses are exact).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(field(), { target: { value: 'rep' } });
    act(() => vi.advanceTimersByTime(searchDebounceMs - 1));
    fireEvent.change(field(), { target: { value: 'report' } });
    act(() => vi.advanceTimersByTime(searchDebounceMs - 1));
    expect(searches).toEqual([]);
    act(() => vi.advanceTimersByTime(1));
    vi.useRealTimers();
    const found = await within(palette()).findByRole('option', { name: /Quarterly report/ });
    expect(within(found).getByText('report', { selector: 'mark' })).toBeInTheDocument();
    expect(found).toHaveTextContent('in the title · Personal Tasks');
    // One request for the word, not one per key.
    expect(searches).toEqual(['report']);
    expect(found).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe(`/home/tasks/${taskId}`));
  });

  it('shows only the answer to the latest words, whatever order the answers come in', async () => {
    const slow = gate();
    server.use(
      http.get('/api/search/', async ({ request }) => {
        const q = new URL(request.url).searchParams.get('q');
        searches.push(q ?? '');
        if (q === 'old') {
          await slow.opened;
          return HttpResponse.json({ results: [result({ title: 'Old answer', snippet: 'Old answer' })] });
        }
        return HttpResponse.json({
          results: [result({ task_id: otherTaskId, title: 'New answer', snippet: 'New answer' })],
        });
      }),
    );
    const user = await openWorkspace();
    await user.keyboard('{Control>}k{/Control}');
    await typeQuickly('old');
    await waitFor(() => expect(searches).toEqual(['old']));
    await user.clear(field());
    await typeQuickly('new');
    expect(await within(palette()).findByRole('option', { name: /New answer/ })).toBeInTheDocument();
    // The old answer arrives last; the page has a moment to (wrongly) show it.
    const delivered = new Promise<void>((resolve) =>
      server.events.on('response:mocked', ({ request }) => {
        if (new URL(request.url).searchParams.get('q') === 'old') resolve();
      }),
    );
    await act(async () => {
      slow.open();
      await delivered;
      await new Promise((settle) => setTimeout(settle, 100));
    });
    server.events.removeAllListeners();
    expect(searches).toEqual(['old', 'new']);
    expect(within(palette()).queryByRole('option', { name: /Old answer/ })).not.toBeInTheDocument();
    expect(option(/New answer/)).toBeInTheDocument();
  });

  it('says when the search fails, and keeps the rest working', async () => {
    server.use(http.get('/api/search/', () => HttpResponse.json({ error: 'down' }, { status: 503 })));
    const user = await openWorkspace();
    await user.keyboard('{Control>}k{/Control}');
    await user.type(field(), 'dash');
    expect(await within(palette()).findByText(/Could not search your tasks/)).toBeInTheDocument();
    expect(option('Dashboard')).toBeInTheDocument();
  });

  it.each([
    ['Dashboard', '/home/dashboard'],
    ['Garden', `/home/folders/${folder.id}`],
    ['Settings: Appearance', '/home/settings/appearance'],
    ['Open settings', '/home/settings'],
  ])('runs "%s": goes to %s', async (name, path) => {
    const user = await openWorkspace();
    await user.keyboard('{Control>}k{/Control}');
    await user.click(await within(palette()).findByRole('option', { name }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe(path));
  });

  it('opens a saved view: its list with its query', async () => {
    const user = await openWorkspace();
    await user.keyboard('{Control>}k{/Control}');
    await user.click(await within(palette()).findByRole('option', { name: 'Urgent ones' }));
    await waitFor(() => expect(currentLocation()).toMatch(/^\/home\/assigned/));
    expect(screen.getByRole('heading', { level: 1, name: 'Assigned to me' })).toBeInTheDocument();
  });

  it('creates a task: from Settings back to a list, whose form answers the request', async () => {
    const user = await openWorkspace('/home/settings', 'mf-settings/Settings');
    await user.keyboard('{Control>}k{/Control}');
    await user.keyboard('create{Enter}');
    await waitFor(() => expect(currentLocation()).toBe('/home'));
  });

  it('toggles the theme and remembers it', async () => {
    const user = await openWorkspace();
    await user.keyboard('{Control>}k{/Control}');
    await user.type(field(), 'theme');
    await user.keyboard('{Enter}');
    expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
    expect(localStorage.getItem(themeKey)).toBe('dark');
    await user.keyboard('{Control>}k{/Control}');
    await user.type(field(), 'theme{Enter}');
    expect(document.documentElement).toHaveAttribute('data-theme', 'light');
  });

  it('switches the language, and then speaks it', async () => {
    const user = await openWorkspace();
    await user.keyboard('{Control>}k{/Control}');
    await user.click(option('Switch language to Deutsch'));
    await waitFor(() => expect(currentLanguage()).toBe('de'));
    await user.keyboard('{Control>}k{/Control}');
    expect(screen.getByRole('dialog', { name: 'Befehlspalette' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Sprache auf English umstellen' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Aufgabe erstellen' })).toBeInTheDocument();
  });
});
