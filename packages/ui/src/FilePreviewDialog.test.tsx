import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FilePreviewDialog, type FileSubject, filePaths } from './FilePreviewDialog';
import { formatFileSize } from './fileSize';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

const taskId = '00000000-0000-4000-8000-000000000001';
const signed = 'https://storage.test/objects/k1?sig=abc';

const payload = (contentType: string, name: string, canPreview = true) => ({
  filename: name,
  name,
  content_type: contentType,
  size: 1_258_291,
  url: signed,
  can_preview: canPreview,
});

/** The dialog for `subject`, asking through a recording request function, as the platform's wrapper would. */
function show(subject: FileSubject = { taskId }) {
  const paths: string[] = [];
  const request = (path: string) => {
    paths.push(path);
    return fetch(path);
  };
  const onClose = vi.fn();
  const user = userEvent.setup();
  render(<FilePreviewDialog request={request} onClose={onClose} {...subject} />);
  return { dialog: screen.getByRole('dialog', { name: 'File preview' }), paths, onClose, user };
}

const previewReplies = (reply: () => Response | Promise<Response>) =>
  server.use(http.get(`/api/preview/${taskId}/`, reply));

describe('the file preview dialog (SPEC §8 Preview)', () => {
  it('says it is loading, then shows an image with its name as alt text, name and size', async () => {
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    previewReplies(async () => {
      await answered;
      return HttpResponse.json(payload('image/png', 'whiteboard.png'));
    });
    const { dialog, paths } = show();
    expect(within(dialog).getByText('Loading preview…')).toBeInTheDocument();
    answer();
    const image = await within(dialog).findByRole('img', { name: 'whiteboard.png' });
    expect(image).toHaveAttribute('src', signed);
    expect(within(dialog).getByText('whiteboard.png')).toBeInTheDocument();
    expect(within(dialog).getByText('· 1.2 MB')).toBeInTheDocument();
    expect(within(dialog).queryByText('Loading preview…')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Download' })).toBeEnabled();
    expect(paths).toEqual([`/api/preview/${taskId}/`]);
  });

  it('shows a PDF in a frame titled with its name', async () => {
    previewReplies(() => HttpResponse.json(payload('application/pdf', 'contract.pdf')));
    const { dialog } = show();
    const frame = await within(dialog).findByTitle('contract.pdf');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', signed);
    expect(frame).not.toHaveAttribute('sandbox');
  });

  it('shows plain text in a sandboxed frame', async () => {
    previewReplies(() => HttpResponse.json(payload('text/plain; charset=utf-8', 'notes.txt')));
    const { dialog } = show();
    const frame = await within(dialog).findByTitle('notes.txt');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('sandbox', '');
  });

  it('offers "Download to view" for a type it cannot show, and shows nothing inline', async () => {
    previewReplies(() => HttpResponse.json(payload('application/zip', 'photos.zip', false)));
    const { dialog } = show();
    expect(
      await within(dialog).findByText('Preview not supported: This file type cannot be previewed online'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Download to view' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('img')).not.toBeInTheDocument();
    expect(dialog.querySelector('iframe')).toBeNull();
  });

  it.each([
    [
      'an error answer: "Failed to preview file" and the server\'s reason',
      () => HttpResponse.json({ error: 'x', message: 'This task has no attachment.' }, { status: 404 }),
      ['Failed to preview file', 'This task has no attachment.'],
    ],
    [
      'a payload without url',
      () => HttpResponse.json({ ...payload('image/png', 'a.png'), url: undefined }),
      ['Invalid preview payload'],
    ],
    [
      'a payload without content_type',
      () => HttpResponse.json({ filename: 'a', url: signed }),
      ['Invalid preview payload'],
    ],
    [
      'a body that is not JSON',
      () => new HttpResponse('<html>', { status: 200 }),
      ['Invalid preview payload'],
    ],
    ['a network failure: "Failed to load preview"', () => HttpResponse.error(), ['Failed to load preview']],
  ])('on %s says "Preview not available" with the reason', async (_case, reply, reasons) => {
    previewReplies(reply);
    const { dialog } = show();
    expect(await within(dialog).findByRole('heading', { name: 'Preview not available' })).toBeInTheDocument();
    for (const reason of reasons) expect(within(dialog).getByText(reason)).toBeInTheDocument();
    expect(within(dialog).queryByRole('img')).not.toBeInTheDocument();
  });

  it('says "Failed to load preview" when the image itself does not load', async () => {
    previewReplies(() => HttpResponse.json(payload('image/jpeg', 'photo.jpg')));
    const { dialog } = show();
    fireEvent.error(await within(dialog).findByRole('img', { name: 'photo.jpg' }));
    expect(within(dialog).getByRole('heading', { name: 'Preview not available' })).toBeInTheDocument();
    expect(within(dialog).getByText('Failed to load preview')).toBeInTheDocument();
    expect(within(dialog).queryByRole('img')).not.toBeInTheDocument();
  });

  it('without a task or folder says so and calls nothing', async () => {
    const { dialog, paths } = show({});
    expect(within(dialog).getByRole('heading', { name: 'Preview not available' })).toBeInTheDocument();
    expect(within(dialog).getByText('Either taskId or folderId must be provided')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Download' })).not.toBeInTheDocument();
    expect(paths).toEqual([]);
  });

  it("uses a folder's base-file routes", async () => {
    const folderId = 'f-1';
    server.use(
      http.get(`/api/folders/${folderId}/preview-basefile/`, () =>
        HttpResponse.json(payload('image/png', 'brief.png')),
      ),
      http.get(`/api/folders/${folderId}/download-basefile/`, () =>
        HttpResponse.json({ url: 'https://storage.test/brief?dl=1' }),
      ),
    );
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { dialog, paths, user } = show({ folderId });
    await within(dialog).findByRole('img', { name: 'brief.png' });
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(open).toHaveBeenCalled());
    expect(paths).toEqual([
      `/api/folders/${folderId}/preview-basefile/`,
      `/api/folders/${folderId}/download-basefile/`,
    ]);
    expect(filePaths({})).toBeNull();
  });

  it('closes with the Close button and with Escape', async () => {
    previewReplies(() => HttpResponse.json(payload('image/png', 'a.png')));
    const { dialog, onClose, user } = show();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});

describe('Download (SPEC §7: opened in a new tab)', () => {
  const download = (reply: () => Response) =>
    server.use(
      http.get(`/api/preview/${taskId}/`, () =>
        HttpResponse.json(payload('application/zip', 'photos.zip', false)),
      ),
      http.get(`/api/download/presign/${taskId}/`, reply),
    );

  it('opens the download URL in a new tab, without an opener', async () => {
    download(() => HttpResponse.json({ url: 'https://storage.test/objects/k1?dl=1' }));
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { dialog, paths, user } = show();
    await user.click(await within(dialog).findByRole('button', { name: 'Download to view' }));
    await waitFor(() => expect(open).toHaveBeenCalledOnce());
    expect(open).toHaveBeenCalledWith('https://storage.test/objects/k1?dl=1', '_blank', 'noopener');
    expect(paths).toContain(`/api/download/presign/${taskId}/`);
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    [
      '"Failed to download" for an error answer',
      () => HttpResponse.json({ message: 'no' }, { status: 404 }),
      'Failed to download',
    ],
    [
      '"No download URL returned" for an answer without url',
      () => HttpResponse.json({}),
      'No download URL returned',
    ],
    ['"Download failed" for a network failure', () => HttpResponse.error(), 'Download failed'],
  ])('alerts %s and opens nothing', async (_case, reply, message) => {
    download(reply);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { dialog, user } = show();
    await user.click(await within(dialog).findByRole('button', { name: 'Download to view' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(open).not.toHaveBeenCalled();
  });
});

describe('formatFileSize', () => {
  it('uses binary units with one decimal', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(1_258_291)).toBe('1.2 MB');
    expect(formatFileSize(26_214_400)).toBe('25 MB');
    expect(formatFileSize(3 * 1024 ** 3)).toBe('3 GB');
  });
});
