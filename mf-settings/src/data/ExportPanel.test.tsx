import { gate, renderWithPlatform } from '@baton/web-platform/testing';
import { mockServer } from '@baton/web-platform/testing/msw';
import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fileNameOf } from './download';
import { ExportPanel } from './ExportPanel';

const server = mockServer();

/** What the page handed to the browser as downloads: the link's name and the blob behind its URL. */
const saved: { name: string; blob: Blob }[] = [];
const blobs = new Map<string, Blob>();
beforeEach(() => {
  saved.length = 0;
  let next = 0;
  // The test records the object URLs and downloads it would make instead of making them.
  URL.createObjectURL = (blob: Blob) => {
    next += 1;
    blobs.set(`blob:test/${next}`, blob);
    return `blob:test/${next}`;
  };
  URL.revokeObjectURL = (url: string) => void blobs.delete(url);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href) as Blob });
  });
});
afterEach(() => vi.restoreAllMocks());

const csv = 'Title,Due date\nPay rent,2030-01-01\n';

describe('the file name of a download', () => {
  it("is the server's, from filename* (UTF-8) first, else filename, else the fallback", () => {
    expect(fileNameOf('attachment; filename="baton-tasks-2026-11-28.csv"', 'x.csv')).toBe(
      'baton-tasks-2026-11-28.csv',
    );
    expect(fileNameOf('attachment; filename="a.csv"; filename*=UTF-8\'\'t%C3%A2ches.csv', 'x.csv')).toBe(
      'tâches.csv',
    );
    expect(fileNameOf('attachment; filename=plain.json', 'x.json')).toBe('plain.json');
    expect(fileNameOf('attachment', 'x.json')).toBe('x.json');
    expect(fileNameOf(null, 'x.json')).toBe('x.json');
    // Never a path: only its last part.
    expect(fileNameOf('attachment; filename="../../etc/passwd"', 'x.csv')).toBe('passwd');
  });
});

describe('Export your tasks', () => {
  it('downloads the CSV with the session, under the name the server gives, saying "Downloading CSV…" meanwhile', async () => {
    const call = gate();
    const seen: (string | null)[] = [];
    server.use(
      http.get('/api/export/tasks.csv', async ({ request }) => {
        seen.push(request.headers.get('Authorization'));
        await call.opened;
        return new HttpResponse(csv, {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="baton-tasks-2026-11-28.csv"',
          },
        });
      }),
    );
    const { user } = renderWithPlatform(<ExportPanel />);
    await user.click(screen.getByRole('button', { name: 'Export as CSV' }));
    expect(await screen.findByRole('button', { name: 'Downloading CSV…' })).toBeDisabled();
    // One download at a time.
    expect(screen.getByRole('button', { name: 'Export as JSON' })).toBeDisabled();
    call.open();
    expect(await screen.findByRole('status')).toHaveTextContent('baton-tasks-2026-11-28.csv downloaded.');
    expect(seen).toEqual([expect.stringMatching(/^Bearer .+/)]);
    expect(saved.map((s) => s.name)).toEqual(['baton-tasks-2026-11-28.csv']);
    expect(await saved[0]?.blob.text()).toBe(csv);
    expect(screen.getByRole('button', { name: 'Export as CSV' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Export as JSON' })).toBeEnabled();
  });

  it('downloads the JSON, named by the fallback when the server names none', async () => {
    const body = JSON.stringify({ tasks: [{ title: 'Pay rent' }] });
    server.use(
      http.get('/api/export/tasks.json', () =>
        HttpResponse.text(body, { headers: { 'Content-Type': 'application/json' } }),
      ),
    );
    const { user } = renderWithPlatform(<ExportPanel />);
    await user.click(screen.getByRole('button', { name: 'Export as JSON' }));
    expect(await screen.findByRole('status')).toHaveTextContent('baton-tasks.json downloaded.');
    expect(saved.map((s) => s.name)).toEqual(['baton-tasks.json']);
    expect(JSON.parse(await (saved[0] as { blob: Blob }).blob.text())).toEqual({
      tasks: [{ title: 'Pay rent' }],
    });
  });

  it("says the server's sentence when it refuses, and saves nothing", async () => {
    server.use(
      http.get('/api/export/tasks.csv', () =>
        HttpResponse.json({ error: 'Too many exports. Please wait a minute.' }, { status: 429 }),
      ),
    );
    const { user } = renderWithPlatform(<ExportPanel />);
    await user.click(screen.getByRole('button', { name: 'Export as CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many exports. Please wait a minute.');
    expect(saved).toEqual([]);
    expect(screen.getByRole('button', { name: 'Export as CSV' })).toBeEnabled();
  });

  it('says its own sentence when the network fails or the server gives none', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.get('/api/export/tasks.json', () => HttpResponse.error()));
    const { user } = renderWithPlatform(<ExportPanel />);
    await user.click(screen.getByRole('button', { name: 'Export as JSON' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not export your tasks. Please try again.',
    );

    server.use(http.get('/api/export/tasks.csv', () => new HttpResponse(null, { status: 500 })));
    await user.click(screen.getByRole('button', { name: 'Export as CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not export your tasks. Please try again.',
    );
    expect(saved).toEqual([]);
  });
});
