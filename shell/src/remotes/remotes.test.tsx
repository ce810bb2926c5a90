import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { stubRemotes } from '../testing';
import { overrideStorageKey, parseOverrides, type RemotesDocument, resolveRemotes } from './config';
import type { LoadRemote } from './loader';
import { RemoteArea, RemoteLoaderContext } from './RemoteArea';

const doc: RemotesDocument = {
  remotes: { 'mf-tasks': '/mf/mf-tasks/mf-manifest.json', 'mf-settings': '/mf/mf-settings/mf-manifest.json' },
  overrideOrigins: ['https://staging.example'],
};
const page = 'http://localhost:8080';

describe('?remote= overrides', () => {
  it('accepts a known remote from an allowed origin', () => {
    const staging = 'https://staging.example/mf-tasks/mf-manifest.json';
    expect(parseOverrides(`?remote=mf-tasks@${staging}`, doc, page)).toEqual({
      accepted: { 'mf-tasks': staging },
      rejected: [],
    });
  });

  it('accepts a local dev server when its origin is allowed', () => {
    const dev = { ...doc, overrideOrigins: ['http://localhost:3004'] };
    const url = 'http://localhost:3004/mf-manifest.json';
    expect(parseOverrides(`?remote=mf-settings@${url}`, dev, 'https://baton.example').accepted).toEqual({
      'mf-settings': url,
    });
  });

  it("lets a page on this machine use the remotes' dev servers on it, and a page elsewhere not", () => {
    const url = 'http://localhost:3004/mf-manifest.json';
    expect(parseOverrides(`?remote=mf-settings@${url}`, doc, 'http://localhost:3000').accepted).toEqual({
      'mf-settings': url,
    });
    expect(parseOverrides(`?remote=mf-settings@${url}`, doc, 'https://baton.example')).toEqual({
      accepted: {},
      rejected: [`mf-settings@${url}`],
    });
  });

  it.each([
    ['an origin not allowed', 'mf-tasks@https://evil.example/mf-manifest.json'],
    ['plain http elsewhere', 'mf-tasks@http://staging.example/mf-manifest.json'],
    ['an unknown remote', 'mf-unknown@https://staging.example/mf-manifest.json'],
    ['a javascript: URL', 'mf-tasks@javascript:alert(1)'],
    ['no URL', 'mf-tasks'],
  ])('refuses %s', (_, value) => {
    expect(parseOverrides(`?remote=${encodeURIComponent(value)}`, doc, page)).toEqual({
      accepted: {},
      rejected: [value],
    });
  });

  it('keeps an override for the rest of the tab, and drops it when its origin is no longer allowed', () => {
    const location = { origin: page, search: '?remote=mf-tasks@https://staging.example/m.json' };
    expect(resolveRemotes(doc, location).remotes['mf-tasks']).toBe('https://staging.example/m.json');
    expect(resolveRemotes(doc, { origin: page, search: '' }).remotes['mf-tasks']).toBe(
      'https://staging.example/m.json',
    );
    const stricter = { ...doc, overrideOrigins: [] };
    expect(resolveRemotes(stricter, { origin: page, search: '' }).remotes['mf-tasks']).toBe(
      doc.remotes['mf-tasks'],
    );
    expect(sessionStorage.getItem(overrideStorageKey)).toBe('{}');
  });
});

describe('a remote area', () => {
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => vi.restoreAllMocks());

  const renderArea = (load: LoadRemote) =>
    render(
      <RemoteLoaderContext value={load}>
        <RemoteArea remote="mf-folders" module="FolderView" title="Folder" props={{ folderId: 'f1' }} />
        <p>rest of the workspace</p>
      </RemoteLoaderContext>,
    );

  it('shows loading, then the view with its props', async () => {
    renderArea(
      stubRemotes(async () => ({
        default: (props: { folderId: string }) => <p>folder view {props.folderId}</p>,
      })),
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading Folder…');
    expect(await screen.findByText('folder view f1')).toBeInTheDocument();
  });

  it('shows a fallback with Retry when loading fails, and Retry loads it again', async () => {
    let calls = 0;
    renderArea(
      stubRemotes(async () => {
        calls += 1;
        if (calls === 1) throw new Error('manifest 404');
        return { default: () => <p>folder view</p> };
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Folder is unavailable right now.');
    expect(screen.getByText('rest of the workspace')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry loading Folder' }));
    expect(await screen.findByText('folder view')).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('gives a compact area (the bell) a short fallback that names it, with Retry', async () => {
    render(
      <RemoteLoaderContext
        value={stubRemotes(async () => {
          throw new Error('manifest 404');
        })}
      >
        <RemoteArea
          remote="mf-notifications"
          module="NotificationBell"
          title="Notifications"
          compact
          props={{}}
        />
      </RemoteLoaderContext>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^Notifications unavailableRetry$/);
    expect(screen.getByRole('button', { name: 'Retry loading Notifications' })).toBeInTheDocument();
  });

  it('offline, says that is why, and loads by itself when the connection returns; online, waits for Retry', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    onTestFinished(() => online.mockRestore());
    let calls = 0;
    renderArea(
      stubRemotes(async () => {
        calls += 1;
        if (calls <= 2) throw new Error('net::ERR_INTERNET_DISCONNECTED');
        return { default: () => <p>folder view</p> };
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "You're offline. Folder will load when the connection returns.",
    );
    // Back online: one new try by itself (it fails again here: the service, not the connection).
    online.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Folder is unavailable right now.'),
    );
    await new Promise((r) => setTimeout(r, 100));
    expect(calls).toBe(2);
    await userEvent.click(screen.getByRole('button', { name: 'Retry loading Folder' }));
    expect(await screen.findByText('folder view')).toBeInTheDocument();
  });

  it('keeps a view that throws while rendering inside its own area', async () => {
    renderArea(
      stubRemotes(async () => ({
        default: () => {
          throw new Error('boom');
        },
      })),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Folder is unavailable right now.');
    expect(screen.getByText('rest of the workspace')).toBeInTheDocument();
  });
});
