import type { Folder } from '@baton/contracts';
import { openFolder } from '@baton/web-platform';
import { FakeWebSocket, gate, renderWithPlatform } from '@baton/web-platform/testing';
import { mockServer } from '@baton/web-platform/testing/msw';
import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { takeReturn } from '../folders/focus';
import { folderOf, folderServer } from '../testing/handlers';
import FolderView from './FolderView';

const server = mockServer();

const work = () =>
  folderOf({ name: 'Work', color: '#9F7AEA', task_count: 2, baseFileKey: 'k-1', baseFileLabel: 'Brief' });

/** The view of `folder`, opened as the strip would open it, with a fake folders service. */
function show(folder: Folder, ...others: Folder[]) {
  const fake = folderServer([folder, ...others]);
  server.use(...fake.handlers);
  const view = renderWithPlatform(<FolderView folderId={folder.id} />);
  act(() => void view.store.dispatch(openFolder(folder.id)));
  return { ...view, fake };
}

const heading = (name: string) => screen.findByRole('heading', { level: 2, name });

describe('the folder view (SPEC §2 "Folder view")', () => {
  it('shows the name (focused, as the card it replaces had the focus), its count and base file', async () => {
    show(work());
    const name = await heading('Work');
    expect(name).toHaveFocus();
    expect(screen.getByText('2 tasks open')).toBeInTheDocument();
    expect(screen.getByText('Base file: Brief')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Work' })).toBeInTheDocument();
  });

  it('says "Loading folder…" first', async () => {
    const call = gate();
    const folder = work();
    server.use(
      http.get('/api/folders/', async ({ request }) => {
        await call.opened;
        const archived = new URL(request.url).searchParams.get('archived') === '1';
        return HttpResponse.json({ folders: archived ? [] : [folder] });
      }),
    );
    renderWithPlatform(<FolderView folderId={folder.id} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading folder…');
    call.open();
    expect(await heading('Work')).toBeInTheDocument();
  });

  it('back returns to Personal Tasks, and the strip will focus this card', async () => {
    const folder = work();
    const { user, store } = show(folder);
    await heading('Work');
    expect(store.getState().workspace.openFolderId).toBe(folder.id);
    await user.click(screen.getByRole('button', { name: 'Back to Personal Tasks' }));
    expect(store.getState().workspace).toMatchObject({ category: 'Personal Tasks', openFolderId: null });
    expect(takeReturn()).toBe(folder.id);
  });

  it('previews the base file through the folder routes', async () => {
    const folder = work();
    const asked: string[] = [];
    const { user } = show(folder);
    server.use(
      http.get('/api/folders/:id/preview-basefile/', ({ request }) => {
        asked.push(new URL(request.url).pathname);
        return HttpResponse.json({
          filename: 'brief.pdf',
          content_type: 'application/pdf',
          size: 2048,
          url: 'https://storage.test/objects/k-1?sig=1',
          can_preview: true,
        });
      }),
    );
    await heading('Work');
    await user.click(screen.getByRole('button', { name: 'Preview base file' }));
    const dialog = await screen.findByRole('dialog', { name: 'Base file of Work' });
    expect(await within(dialog).findByText('brief.pdf')).toBeInTheDocument();
    expect(asked).toEqual([`/api/folders/${folder.id}/preview-basefile/`]);
  });

  it('has no preview without a base file', async () => {
    show(folderOf({ name: 'Plain' }));
    await heading('Plain');
    expect(screen.queryByRole('button', { name: 'Preview base file' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Base file:/)).not.toBeInTheDocument();
  });

  it('edits the folder; the new name shows', async () => {
    const folder = work();
    const { user, fake } = show(folder);
    await heading('Work');
    await user.click(screen.getByRole('button', { name: 'Edit folder' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit folder' });
    const name = within(dialog).getByLabelText('Folder name');
    await user.clear(name);
    await user.type(name, 'Work 2026');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await heading('Work 2026')).toBeInTheDocument();
    expect(fake.calls.updated).toEqual([{ id: folder.id, body: { name: 'Work 2026', color: '#9F7AEA' } }]);
  });

  it('archives the folder and stays on it; restores it', async () => {
    const folder = work();
    const { user, fake } = show(folder);
    await heading('Work');
    await user.click(screen.getByRole('button', { name: 'Archive folder' }));
    expect(await screen.findByText('Archived')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Work' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Restore folder' }));
    await waitFor(() => expect(screen.queryByText('Archived')).not.toBeInTheDocument());
    expect(fake.calls.updated.map((call) => call.body)).toEqual([
      { is_archived: true },
      { is_archived: false },
    ]);
  });

  it('opens an archived folder too', async () => {
    show(folderOf({ name: 'Old', is_archived: true }));
    expect(await heading('Old')).toBeInTheDocument();
    expect(screen.getByText('Archived')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Restore folder' })).toBeInTheDocument();
  });

  it('says "Folders is unavailable right now" when the service is down', async () => {
    server.use(http.get('/api/folders/', () => new HttpResponse(null, { status: 503 })));
    renderWithPlatform(<FolderView folderId={work().id} />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Folders is unavailable right now. Your tasks keep working.',
    );
    expect(screen.getByRole('button', { name: 'Back to Personal Tasks' })).toBeInTheDocument();
  });

  it('follows a rename in another tab, and says so when the folder was deleted there', async () => {
    const folder = work();
    const { fake } = show(folder);
    await heading('Work');
    act(() => FakeWebSocket.latest().open());
    const stored = fake.state.folders[0] as Folder;
    stored.name = 'Renamed elsewhere';
    act(() => FakeWebSocket.latest().receive({ type: 'folders_changed' }));
    expect(await heading('Renamed elsewhere')).toBeInTheDocument();
    fake.state.folders = [];
    act(() => FakeWebSocket.latest().receive({ type: 'folders_changed' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This folder no longer exists.');
  });
});

describe('deleting the folder', () => {
  it('asks first, saying its tasks go back to Personal Tasks; Cancel keeps it', async () => {
    const { user, fake } = show(work());
    await heading('Work');
    await user.click(screen.getByRole('button', { name: 'Delete folder' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete folder?' });
    expect(dialog).toHaveAccessibleDescription(
      '“Work” will be deleted. Its tasks are kept: they go back to Personal Tasks.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(fake.calls.deleted).toEqual([]);
  });

  it('deletes, and returns to Personal Tasks', async () => {
    const folder = work();
    const { user, fake, store } = show(folder);
    await heading('Work');
    await user.click(screen.getByRole('button', { name: 'Delete folder' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete folder?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete folder' }));
    await waitFor(() => expect(store.getState().workspace.openFolderId).toBeNull());
    expect(store.getState().workspace.category).toBe('Personal Tasks');
    expect(fake.calls.deleted).toEqual([folder.id]);
  });

  it('says "Failed to delete folder. Please try again." and stays when the delete fails', async () => {
    const folder = work();
    const { user, store } = show(folder);
    server.use(
      http.delete('/api/folders/:id/', () => HttpResponse.json({ error: 'Database down' }, { status: 500 })),
    );
    await heading('Work');
    await user.click(screen.getByRole('button', { name: 'Delete folder' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete folder?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete folder' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to delete folder. Please try again.',
    );
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(store.getState().workspace.openFolderId).toBe(folder.id);
  });
});
