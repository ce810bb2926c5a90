import { useCloseFolder, useOpenFolder } from '@baton/web-platform';
import { mockServer } from '@baton/web-platform/testing/msw';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { ComponentType } from 'react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { shellBook } from '../i18n/shell';
import type { LoadRemote } from '../remotes';
import {
  accountPreferences,
  browserBack,
  currentLocation,
  renderShell,
  sessionCheck,
  signIn,
  stubRemotes,
} from '../testing';

const confirmationText = { ask: shellBook.en.confirmAsk };
const offlineText = shellBook.en.offline;

const server = mockServer(
  sessionCheck(),
  accountPreferences(),
  http.post('/api/logout/', () => HttpResponse.json({ message: 'Logged out.' })),
);

/** Remotes that render their name and props, so tests see which area got which view. */
const echoView = async (remote: string, module: string) => {
  const View: ComponentType<Record<string, unknown>> = (props) => (
    <section aria-label={`${remote}/${module}`}>{JSON.stringify(props)}</section>
  );
  return { default: View };
};
const echoRemotes = stubRemotes(echoView);

const sidebar = () => within(screen.getByRole('navigation', { name: 'Categories' }));
const area = (name: string) => screen.queryByRole('region', { name });

describe('workspace frame', () => {
  it('opens on Personal Tasks: the folder strip and the personal task list', async () => {
    signIn();
    await renderShell('/home', { loadRemote: echoRemotes });
    expect(screen.getByRole('heading', { level: 1, name: 'Personal Tasks' })).toBeInTheDocument();
    expect(sidebar().getByRole('button', { name: 'Personal Tasks' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByRole('region', { name: 'mf-folders/FolderStrip' })).toBeInTheDocument();
    expect(area('mf-tasks/TaskList')).toHaveTextContent('{"category":"Personal Tasks"}');
    expect(area('mf-notifications/NotificationBell')).toBeInTheDocument();
  });

  it('chooses views by category name; the URL follows each choice, and Back returns to the one before', async () => {
    signIn();
    await renderShell('/home', { loadRemote: echoRemotes });
    await userEvent.click(sidebar().getByRole('button', { name: 'Dashboard' }));
    expect(await screen.findByRole('region', { name: 'mf-tasks/Dashboard' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/home/dashboard');
    await userEvent.click(sidebar().getByRole('button', { name: 'Settings' }));
    expect(await screen.findByRole('region', { name: 'mf-settings/Settings' })).toBeInTheDocument();
    expect(area('mf-folders/FolderStrip')).toBeNull();
    expect(currentLocation()).toBe('/home/settings');
    await browserBack();
    expect(await screen.findByRole('region', { name: 'mf-tasks/Dashboard' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/home/dashboard');
    await browserBack();
    expect(await screen.findByRole('region', { name: 'mf-folders/FolderStrip' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/home');
  });

  it.each([
    ['/home/assigned/delegated', 'Assigned by me', 'mf-tasks/TaskList', 'Delegated'],
    ['/home/invited', 'Invitations to me', 'mf-tasks/TaskList', 'Invited Tasks'],
    ['/home/dashboard', 'Dashboard', 'mf-tasks/Dashboard', 'Dashboard'],
    ['/home/waiting', 'Waiting on others', 'mf-tasks/Waiting', 'Waiting on others'],
    ['/home/settings/', 'Settings', 'mf-settings/Settings', 'Settings'],
    ['/home/settings/trusted', 'Settings', 'mf-settings/Settings', 'Settings'],
  ])('opening %s (a reload, a bookmark) shows %s', async (path, heading, view, item) => {
    signIn();
    await renderShell(path, { loadRemote: echoRemotes });
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: view })).toBeInTheDocument();
    await waitFor(() => expect(currentLocation()).toBe(path.replace(/\/$/, '')));
    expect(sidebar().getByRole('button', { name: item })).toHaveAttribute('aria-current', 'page');
  });

  it('opens a task’s own page at /home/tasks/<id> and from the short link /tasks/<id>; Back returns', async () => {
    signIn();
    const id = '00000000-0000-4000-8000-000000000042';
    await renderShell(`/tasks/${id}`, { loadRemote: echoRemotes });
    expect(await screen.findByRole('region', { name: 'mf-tasks/TaskPage' })).toHaveTextContent(
      JSON.stringify({ taskId: id }),
    );
    await waitFor(() => expect(currentLocation()).toBe(`/home/tasks/${id}`));
    expect(area('mf-tasks/TaskList')).toBeNull();
    await userEvent.click(sidebar().getByRole('button', { name: 'Dashboard' }));
    await waitFor(() => expect(currentLocation()).toBe('/home/dashboard'));
    await browserBack();
    expect(await screen.findByRole('region', { name: 'mf-tasks/TaskPage' })).toBeInTheDocument();
    expect(currentLocation()).toBe(`/home/tasks/${id}`);
  });

  it('the accept page going on to the accepted task’s page shows that page (not Personal Tasks)', async () => {
    signIn();
    const { useGoTo } = await import('@baton/web-platform');
    const id = '00000000-0000-4000-8000-000000000043';
    const loadRemote = stubRemotes(async (remote, module) =>
      module === 'AcceptTask'
        ? {
            default: function Accepted() {
              const goTo = useGoTo();
              return (
                <button type="button" onClick={() => goTo(`/home/tasks/${id}`)}>
                  Accept
                </button>
              );
            },
          }
        : echoView(remote, module),
    );
    await renderShell('/accept-task?taskId=x', { loadRemote });
    await userEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('region', { name: 'mf-tasks/TaskPage' })).toHaveTextContent(id);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(currentLocation()).toBe(`/home/tasks/${id}`);
  });

  it('replaces a path under /home that names no view with Personal Tasks', async () => {
    signIn();
    await renderShell('/home/nowhere', { loadRemote: echoRemotes });
    await waitFor(() => expect(currentLocation()).toBe('/home'));
    expect(screen.getByRole('heading', { level: 1, name: 'Personal Tasks' })).toBeInTheDocument();
  });

  it('has Invited and Assigned groups, each with "Delegated", opening when their category is active', async () => {
    signIn();
    await renderShell('/home', { loadRemote: echoRemotes });
    const toggle = sidebar().getByRole('button', { name: 'Expand Invited Tasks' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(sidebar().getByRole('button', { name: 'Invited Tasks' }));
    expect(sidebar().getByRole('button', { name: 'Collapse Invited Tasks' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await userEvent.click(sidebar().getAllByRole('button', { name: 'Delegated' })[0] as HTMLElement);
    expect(await screen.findByRole('region', { name: 'mf-tasks/TaskList' })).toHaveTextContent(
      'Tasks Delegated - Invitation',
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Invitations I sent');

    await userEvent.click(sidebar().getByRole('button', { name: 'Expand Assigned Tasks' }));
    const delegated = sidebar().getAllByRole('button', { name: 'Delegated' });
    await userEvent.click(delegated[1] as HTMLElement);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Assigned by me');
  });

  it('shows the name and e-mail, or "Welcome" without a name', async () => {
    signIn({ firstName: '', lastName: '' });
    await renderShell('/home');
    const user = screen.getByText('Welcome');
    expect(user).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    // It may wrap after the "@" only, never mid-word; the whole address is its title.
    expect(screen.getByTitle('ada@example.com').innerHTML).toBe('ada<wbr>@example.com');
  });

  it('"Create task" reaches the current task list, or Personal Tasks from elsewhere, in one click', async () => {
    signIn();
    const seen: unknown[] = [];
    const { useCreateTaskSignal, isTaskCategory } = await import('@baton/web-platform');
    const loadRemote = stubRemotes(async (remote, module) => ({
      default: function Probe(props: { category?: string }) {
        const category = props.category as Parameters<typeof useCreateTaskSignal>[0];
        useCreateTaskSignal(category, () => seen.push(`${remote}/${module}:${category}`));
        return isTaskCategory(category) ? <p>{category} list</p> : null;
      },
    }));
    await renderShell('/home', { loadRemote });
    await userEvent.click(screen.getByRole('button', { name: 'Dashboard' }));
    await userEvent.click(screen.getByRole('button', { name: '+ Create task' }));
    await screen.findByRole('heading', { level: 1, name: 'Personal Tasks' });
    await waitFor(() => expect(seen).toEqual(['mf-tasks/TaskList:Personal Tasks']));
    await userEvent.click(screen.getByRole('button', { name: 'Assigned Tasks' }));
    await screen.findByText('Assigned Tasks list');
    await userEvent.click(screen.getByRole('button', { name: '+ Create task' }));
    await waitFor(() => expect(seen).toHaveLength(2));
    expect(seen[1]).toBe('mf-tasks/TaskList:Assigned Tasks');
  });

  it('opens the narrow-screen menu with focus inside it; Escape closes it and returns focus', async () => {
    signIn();
    await renderShell('/home');
    const menu = screen.getByRole('button', { name: 'Menu' });
    await userEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: '+ Create task' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
  });

  it('lets keyboard users skip the sidebar', async () => {
    signIn();
    await renderShell('/home');
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute(
      'href',
      '#workspace-content',
    );
    expect(document.getElementById('workspace-content')?.tagName).toBe('MAIN');
  });

  it('Logout goes to /login and forgets the session', async () => {
    signIn();
    await renderShell('/home');
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(currentLocation()).toBe('/login');
    expect(localStorage.getItem('baton.accessToken')).toBeNull();
  });
});

describe('folders in the workspace (SPEC §2 "Folder view")', () => {
  /**
   * Echo remotes, but the folder strip opens a folder and the folder view goes back, as mf-folders does,
   * through the platform only.
   */
  const folderRemotes = (fail: string[] = []): LoadRemote =>
    stubRemotes(async (remote, module) => {
      if (fail.includes(`${remote}/${module}`)) throw new Error(`${remote}/${module} is down`);
      if (module === 'FolderStrip')
        return {
          default: function Strip() {
            const open = useOpenFolder();
            return (
              <section aria-label="mf-folders/FolderStrip">
                <button type="button" onClick={() => open('folder-1')}>
                  Open Work
                </button>
              </section>
            );
          },
        };
      if (module === 'FolderView')
        return {
          default: function View(props: { folderId: string }) {
            const close = useCloseFolder();
            return (
              <section aria-label="mf-folders/FolderView">
                {JSON.stringify(props)}
                <button type="button" onClick={close}>
                  Back
                </button>
              </section>
            );
          },
        };
      return echoView(remote, module);
    });

  it('an open folder shows the folder view and its tasks in place of the strip; the bell stays', async () => {
    signIn();
    await renderShell('/home', { loadRemote: folderRemotes() });
    await userEvent.click(await screen.findByRole('button', { name: 'Open Work' }));
    expect(await screen.findByRole('region', { name: 'mf-folders/FolderView' })).toHaveTextContent(
      '{"folderId":"folder-1"}',
    );
    expect(currentLocation()).toBe('/home/folders/folder-1');
    expect(area('mf-tasks/TaskList')).toHaveTextContent(
      '{"category":"Personal Tasks","folderId":"folder-1"}',
    );
    expect(area('mf-folders/FolderStrip')).toBeNull();
    expect(area('mf-notifications/NotificationBell')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Personal Tasks' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('region', { name: 'mf-folders/FolderStrip' })).toBeInTheDocument();
    expect(area('mf-folders/FolderView')).toBeNull();
    expect(area('mf-tasks/TaskList')).toHaveTextContent('{"category":"Personal Tasks"}');
    expect(area('mf-tasks/TaskList')).not.toHaveTextContent('folderId');
  });

  it('a folder has its own path: opening it shows the folder, Back goes to where the person was', async () => {
    signIn();
    await renderShell('/home/folders/folder-1', { loadRemote: folderRemotes() });
    expect(await screen.findByRole('region', { name: 'mf-folders/FolderView' })).toHaveTextContent(
      '{"folderId":"folder-1"}',
    );
    await userEvent.click(sidebar().getByRole('button', { name: 'Dashboard' }));
    await browserBack();
    expect(await screen.findByRole('region', { name: 'mf-folders/FolderView' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/home/folders/folder-1');
  });

  it("the sidebar's Personal Tasks leaves the folder too", async () => {
    signIn();
    await renderShell('/home', { loadRemote: folderRemotes() });
    await userEvent.click(await screen.findByRole('button', { name: 'Open Work' }));
    await screen.findByRole('region', { name: 'mf-folders/FolderView' });
    await userEvent.click(sidebar().getByRole('button', { name: 'Personal Tasks' }));
    expect(await screen.findByRole('region', { name: 'mf-folders/FolderStrip' })).toBeInTheDocument();
    expect(area('mf-folders/FolderView')).toBeNull();
  });

  it('keeps working with mf-folders down: only the strip shows its fallback', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    onTestFinished(() => logged.mockRestore());
    signIn();
    await renderShell('/home', { loadRemote: folderRemotes(['mf-folders/FolderStrip']) });
    const fallback = await screen.findByRole('alert');
    expect(fallback).toHaveTextContent('Folders is unavailable right now. The rest of Baton keeps working.');
    expect(within(fallback).getByRole('button', { name: 'Retry loading Folders' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'mf-tasks/TaskList' })).toHaveTextContent(
      '{"category":"Personal Tasks"}',
    );
    expect(area('mf-notifications/NotificationBell')).toBeInTheDocument();
  });

  it("a folder view that fails to load shows its fallback; the folder's tasks still show", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    onTestFinished(() => logged.mockRestore());
    signIn();
    await renderShell('/home', { loadRemote: folderRemotes(['mf-folders/FolderView']) });
    await userEvent.click(await screen.findByRole('button', { name: 'Open Work' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Folder is unavailable right now.');
    expect(area('mf-tasks/TaskList')).toHaveTextContent('"folderId":"folder-1"');
    // The sidebar is the way back.
    await userEvent.click(sidebar().getByRole('button', { name: 'Personal Tasks' }));
    expect(await screen.findByRole('button', { name: 'Open Work' })).toBeInTheDocument();
  });
});

describe('an unconfirmed e-mail address', () => {
  it('asks for the mailed link above the workspace, and sends it again on request', async () => {
    let resent = 0;
    server.use(
      sessionCheck({ emailVerified: false }),
      http.post('/api/auth/verify-email/resend/', () => {
        resent += 1;
        return HttpResponse.json({ message: 'We sent a new link to ada@example.com.' });
      }),
    );
    signIn();
    await renderShell('/home');
    expect(await screen.findByText(new RegExp(confirmationText.ask))).toHaveTextContent('(ada@example.com)');
    await userEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText('We sent a new link to ada@example.com.')).toBeVisible();
    expect(resent).toBe(1);
  });

  it('says nothing once the address is confirmed', async () => {
    signIn();
    await renderShell('/home');
    expect(await screen.findByRole('heading', { level: 1, name: 'Personal Tasks' })).toBeVisible();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText(new RegExp(confirmationText.ask))).toBeNull();
  });

  it("shows the server's refusal of another link", async () => {
    server.use(
      sessionCheck({ emailVerified: false }),
      http.post('/api/auth/verify-email/resend/', () =>
        HttpResponse.json({ error: 'Too many attempts. Please try again in 60 minutes.' }, { status: 429 }),
      ),
    );
    signIn();
    await renderShell('/home');
    await userEvent.click(await screen.findByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please try again in 60 minutes.',
    );
  });
});

describe('offline', () => {
  it('says so above the workspace while the browser has no connection, and stops when it returns', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    onTestFinished(() => online.mockRestore());
    signIn();
    await renderShell('/home');
    expect(await screen.findByText(offlineText)).toBeVisible();
    online.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(screen.queryByText(offlineText)).toBeNull());
  });
});
