import type { Folder } from '@baton/contracts';
import { FakeUpload, gate, renderWithPlatform, useFakeUploads } from '@baton/web-platform/testing';
import { mockServer, storageOrigin, uploadHandlers } from '@baton/web-platform/testing/msw';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { folderOf, folderServer } from '../testing/handlers';
import { defaultLabel } from './baseFile';
import { FolderFormDialog, folderFormProblem } from './FolderFormDialog';

const server = mockServer();

const palette = ['Blue', 'Orange', 'Purple', 'Teal', 'Pink', 'Indigo', 'Cyan', 'Slate'];
const fileOf = (name: string, bytes = 12, type = 'application/pdf') =>
  new File(['x'.repeat(bytes)], name, { type });

/** The dialog for a new folder (or `folder`), with a fake folders service and uploads recorded. */
function open(folder?: Folder, uploads: Parameters<typeof uploadHandlers>[0] = {}) {
  const fake = folderServer(folder ? [folder] : []);
  const upload = uploadHandlers(uploads);
  server.use(...fake.handlers, ...upload.handlers);
  const onClose = vi.fn();
  const onSaved = vi.fn();
  const view = renderWithPlatform(<FolderFormDialog folder={folder} onClose={onClose} onSaved={onSaved} />);
  const dialog = screen.getByRole('dialog', { name: folder ? 'Edit folder' : 'Create Folder' });
  const save = () => within(dialog).getByRole('button', { name: folder ? 'Save changes' : 'Create Folder' });
  const name = () => within(dialog).getByLabelText('Folder name') as HTMLInputElement;
  return { ...view, fake, upload, dialog, save, name, onClose, onSaved };
}

describe('the folder rules (SPEC §5)', () => {
  it('needs a name (trimmed) of at most 50 characters, and a display name of at most 60', () => {
    expect(folderFormProblem({ name: '', label: '' })).toBe('Folder name is required.');
    expect(folderFormProblem({ name: '   ', label: '' })).toBe('Folder name is required.');
    expect(folderFormProblem({ name: 'a'.repeat(50), label: '' })).toBeNull();
    expect(folderFormProblem({ name: ` ${'a'.repeat(50)} `, label: '' })).toBeNull();
    expect(folderFormProblem({ name: 'a'.repeat(51), label: '' })).toBe(
      'Folder name must be at most 50 characters.',
    );
    expect(folderFormProblem({ name: 'Work', label: 'b'.repeat(60) })).toBeNull();
    expect(folderFormProblem({ name: 'Work', label: 'b'.repeat(61) })).toBe(
      'Display name must be at most 60 characters.',
    );
  });

  it('defaults the display name to the file name without its extension, cut at 60', () => {
    expect(defaultLabel('Quarterly plan.pdf')).toBe('Quarterly plan');
    expect(defaultLabel('archive.tar.gz')).toBe('archive.tar');
    expect(defaultLabel('README')).toBe('README');
    expect(defaultLabel('.env')).toBe('.env');
    expect(defaultLabel(`${'n'.repeat(70)}.docx`)).toBe('n'.repeat(60));
  });
});

describe('create folder', () => {
  it('sends the trimmed name and Blue by default, then closes', async () => {
    const form = open();
    await form.user.type(form.name(), '  Work  ');
    await form.user.click(form.save());
    await waitFor(() => expect(form.onClose).toHaveBeenCalled());
    expect(form.fake.calls.created).toEqual([{ name: 'Work', color: '#4299E1' }]);
    expect(form.onSaved).toHaveBeenCalledWith(expect.objectContaining({ name: 'Work' }));
  });

  it('says "Folder name is required." and sends nothing without a name', async () => {
    const form = open();
    await form.user.type(form.name(), '   ');
    await form.user.click(form.save());
    expect(within(form.dialog).getByRole('alert')).toHaveTextContent('Folder name is required.');
    expect(form.fake.calls.created).toEqual([]);
  });

  it('takes 50 characters of name and no more', async () => {
    const form = open();
    await form.user.type(form.name(), 'n'.repeat(51));
    expect(form.name().value).toHaveLength(50);
    await form.user.click(form.save());
    await waitFor(() =>
      expect(form.fake.calls.created).toEqual([{ name: 'n'.repeat(50), color: '#4299E1' }]),
    );
  });

  it('offers the palette as radio buttons named by colour, Blue chosen, no "No colour"', async () => {
    const form = open();
    const colours = within(form.dialog).getByRole('group', { name: 'Colour' });
    expect(
      within(colours)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(palette);
    expect(within(colours).getByRole('radio', { name: 'Blue' })).toBeChecked();
    expect(within(colours).queryByRole('radio', { name: 'No colour' })).not.toBeInTheDocument();
    await form.user.click(within(colours).getByRole('radio', { name: 'Teal' }));
    expect(within(colours).getByRole('radio', { name: 'Teal' })).toBeChecked();
    await form.user.type(form.name(), 'Garden');
    await form.user.click(form.save());
    await waitFor(() => expect(form.fake.calls.created).toEqual([{ name: 'Garden', color: '#38B2AC' }]));
  });

  it('says "Failed to create folder." when the server fails, and keeps the dialog', async () => {
    const form = open();
    server.use(http.post('/api/folders/', () => HttpResponse.json({ error: 'boom' }, { status: 500 })));
    await form.user.type(form.name(), 'Work');
    await form.user.click(form.save());
    expect(await within(form.dialog).findByRole('alert')).toHaveTextContent('Failed to create folder.');
    expect(within(form.dialog).getByRole('alert')).not.toHaveTextContent('boom');
    expect(form.onClose).not.toHaveBeenCalled();
  });

  it("shows the server's sentence when it refuses the folder", async () => {
    const form = open();
    server.use(
      http.post('/api/folders/', () =>
        HttpResponse.json({ error: 'Choose a colour from the palette.' }, { status: 400 }),
      ),
    );
    await form.user.type(form.name(), 'Work');
    await form.user.click(form.save());
    expect(await within(form.dialog).findByRole('alert')).toHaveTextContent(
      'Choose a colour from the palette.',
    );
  });

  it('says "Creating…" while the folder is on its way', async () => {
    const form = open();
    const call = gate();
    server.use(
      http.post('/api/folders/', async () => {
        await call.opened;
        return HttpResponse.json(folderOf({ name: 'Work' }), { status: 201 });
      }),
    );
    await form.user.type(form.name(), 'Work');
    await form.user.click(form.save());
    expect(await within(form.dialog).findByRole('button', { name: 'Creating…' })).toBeDisabled();
    call.open();
    await waitFor(() => expect(form.onClose).toHaveBeenCalled());
  });
});

describe('the base file (SPEC §5)', () => {
  it('uploads as soon as it is chosen; the display name defaults to the file name; the save sends key, url and name', async () => {
    const stored = gate();
    const form = open(undefined, {
      put: async () => {
        await stored.opened;
        return new HttpResponse(null, { status: 200 });
      },
    });
    const input = within(form.dialog).getByLabelText('Base file');
    expect(input).toHaveAttribute('type', 'file');
    expect(within(form.dialog).queryByLabelText('Display name')).not.toBeInTheDocument();
    await form.user.type(form.name(), 'Work');
    await form.user.upload(input, fileOf('Quarterly plan.pdf'));
    expect(
      await within(form.dialog).findByRole('progressbar', { name: 'Uploading Quarterly plan.pdf' }),
    ).toBeInTheDocument();
    expect(within(form.dialog).getByLabelText('Display name')).toHaveValue('Quarterly plan');
    expect(form.save()).toBeDisabled();
    stored.open();
    expect(await within(form.dialog).findByText('Uploaded')).toBeInTheDocument();
    expect(form.upload.calls.presign).toEqual([
      { filename: 'Quarterly plan.pdf', contentType: 'application/pdf', size: 12 },
    ]);
    await form.user.click(form.save());
    await waitFor(() =>
      expect(form.fake.calls.created).toEqual([
        {
          name: 'Work',
          color: '#4299E1',
          baseFileKey: 'upload-1',
          baseFileUrl: `${storageOrigin}/objects/upload-1`,
          baseFileLabel: 'Quarterly plan',
        },
      ]),
    );
  });

  it('refuses a file over 25 MB with "File is too large. Max 25 MB." before any request', async () => {
    const form = open();
    const big = fileOf('video.mp4', 1, 'video/mp4');
    Object.defineProperty(big, 'size', { value: 26_214_401 });
    await form.user.upload(within(form.dialog).getByLabelText('Base file'), big);
    expect(await within(form.dialog).findByRole('alert')).toHaveTextContent('File is too large. Max 25 MB.');
    expect(form.upload.calls.presign).toEqual([]);
    expect(within(form.dialog).queryByLabelText('Display name')).not.toBeInTheDocument();
    // Exactly 25 MB is allowed.
    const limit = fileOf('video.mp4', 1, 'video/mp4');
    Object.defineProperty(limit, 'size', { value: 26_214_400 });
    await form.user.upload(within(form.dialog).getByLabelText('Base file'), limit);
    await waitFor(() => expect(form.upload.calls.presign).toHaveLength(1));
    expect(within(form.dialog).queryByText('File is too large. Max 25 MB.')).not.toBeInTheDocument();
  });

  it('shows the percent as the bytes go out', async () => {
    const restore = useFakeUploads();
    try {
      const form = open();
      await form.user.upload(within(form.dialog).getByLabelText('Base file'), fileOf('plan.pdf'));
      await waitFor(() => FakeUpload.latest());
      FakeUpload.latest().progress(40, 100);
      const bar = await within(form.dialog).findByRole('progressbar');
      await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '40'));
      expect(within(form.dialog).getByText('Uploading… 40%')).toBeInTheDocument();
      FakeUpload.latest().respond(200);
      expect(await within(form.dialog).findByText('Uploaded')).toBeInTheDocument();
    } finally {
      restore();
    }
  });

  it('keeps a display name typed by the person, takes 60 characters, and cuts a long default at 60', async () => {
    const form = open();
    await form.user.type(form.name(), 'Work');
    await form.user.upload(within(form.dialog).getByLabelText('Base file'), fileOf(`${'L'.repeat(70)}.pdf`));
    const label = within(form.dialog).getByLabelText('Display name') as HTMLInputElement;
    expect(label.value).toBe('L'.repeat(60));
    await form.user.clear(label);
    await form.user.type(label, 'd'.repeat(61));
    expect(label.value).toBe('d'.repeat(60));
    await within(form.dialog).findByText('Uploaded');
    await form.user.click(form.save());
    await waitFor(() => expect(form.fake.calls.created[0]?.baseFileLabel).toBe('d'.repeat(60)));
  });

  it('says why an upload failed, and the form goes on without the file', async () => {
    const form = open(undefined, { put: () => new HttpResponse(null, { status: 500 }) });
    await form.user.type(form.name(), 'Work');
    await form.user.upload(within(form.dialog).getByLabelText('Base file'), fileOf('plan.pdf'));
    expect(await within(form.dialog).findByRole('alert')).toHaveTextContent(
      'Failed to upload file. Please try again.',
    );
    await form.user.click(form.save());
    await waitFor(() => expect(form.fake.calls.created).toEqual([{ name: 'Work', color: '#4299E1' }]));
  });
});

describe('edit folder', () => {
  const withFile = () =>
    folderOf({
      name: 'Work',
      color: '#ed8936',
      baseFileKey: 'old-key',
      baseFileUrl: 'https://storage.test/objects/old-key',
      baseFileLabel: 'Brief',
    });

  it('starts from the folder, offers "No colour", and sends what changed', async () => {
    const folder = withFile();
    const form = open(folder);
    expect(form.name().value).toBe('Work');
    const colours = within(form.dialog).getByRole('group', { name: 'Colour' });
    expect(within(colours).getByRole('radio', { name: 'Orange' })).toBeChecked();
    await form.user.click(within(colours).getByRole('radio', { name: 'No colour' }));
    await form.user.clear(form.name());
    await form.user.type(form.name(), 'Work 2026');
    await form.user.click(form.save());
    await waitFor(() =>
      expect(form.fake.calls.updated).toEqual([{ id: folder.id, body: { name: 'Work 2026', color: null } }]),
    );
  });

  it('an empty name is refused: "Folder name is required."', async () => {
    const form = open(withFile());
    await form.user.clear(form.name());
    await form.user.click(form.save());
    expect(within(form.dialog).getByRole('alert')).toHaveTextContent('Folder name is required.');
    expect(form.fake.calls.updated).toEqual([]);
  });

  it('a folder without colour starts on "No colour"', () => {
    const form = open(folderOf({ color: null }));
    expect(within(form.dialog).getByRole('radio', { name: 'No colour' })).toBeChecked();
  });

  it('removes the base file (with undo): key, url and display name null', async () => {
    const folder = withFile();
    const form = open(folder);
    expect(within(form.dialog).getByText('Brief')).toBeInTheDocument();
    await form.user.click(within(form.dialog).getByRole('button', { name: 'Remove' }));
    expect(form.dialog.querySelector('.b-file-choice__removed')).toHaveTextContent(
      'Brief will be removed when you save.',
    );
    expect(within(form.dialog).queryByLabelText('Display name')).not.toBeInTheDocument();
    await form.user.click(within(form.dialog).getByRole('button', { name: 'Undo' }));
    expect(within(form.dialog).getByLabelText('Display name')).toHaveValue('Brief');
    await form.user.click(within(form.dialog).getByRole('button', { name: 'Remove' }));
    await form.user.click(form.save());
    await waitFor(() =>
      expect(form.fake.calls.updated[0]?.body).toEqual({
        name: 'Work',
        color: '#ED8936',
        baseFileKey: null,
        baseFileUrl: null,
        baseFileLabel: null,
      }),
    );
  });

  it('replaces the base file: the new key and url, the display name from the new file', async () => {
    const form = open(withFile());
    await form.user.upload(within(form.dialog).getByLabelText('Base file'), fileOf('Plan v2.pdf'));
    expect(
      await within(form.dialog).findByText('Uploaded, replaces Brief when you save'),
    ).toBeInTheDocument();
    expect(within(form.dialog).getByLabelText('Display name')).toHaveValue('Plan v2');
    await form.user.click(form.save());
    await waitFor(() =>
      expect(form.fake.calls.updated[0]?.body).toMatchObject({
        baseFileKey: 'upload-1',
        baseFileUrl: `${storageOrigin}/objects/upload-1`,
        baseFileLabel: 'Plan v2',
      }),
    );
  });

  it('renames the base file alone', async () => {
    const form = open(withFile());
    const label = within(form.dialog).getByLabelText('Display name');
    await form.user.clear(label);
    await form.user.type(label, 'Brief (final)');
    await form.user.click(form.save());
    await waitFor(() =>
      expect(form.fake.calls.updated[0]?.body).toEqual({
        name: 'Work',
        color: '#ED8936',
        baseFileLabel: 'Brief (final)',
      }),
    );
  });

  it('says "Failed to save folder." when the save fails', async () => {
    const form = open(withFile());
    server.use(http.put('/api/folders/:id/', () => new HttpResponse(null, { status: 503 })));
    await form.user.click(form.save());
    expect(await within(form.dialog).findByRole('alert')).toHaveTextContent('Failed to save folder.');
    expect(form.onClose).not.toHaveBeenCalled();
  });
});
