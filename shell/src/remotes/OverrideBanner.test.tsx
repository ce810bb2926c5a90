import { mockServer } from '@baton/web-platform/testing/msw';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderShell } from '../testing';
import { leaveOverrides, overrideStorageKey } from './config';
import { OverrideBanner, overrideSource } from './OverrideBanner';

const release = '/mf/mf-settings/4e21e4c6811f/mf-manifest.json';
const staging = 'https://staging.example/mf-tasks/mf-manifest.json';
let documents = 0;
mockServer(
  http.get('/remotes.json', () => {
    documents += 1;
    return HttpResponse.json({
      remotes: {
        'mf-tasks': '/mf/mf-tasks/mf-manifest.json',
        'mf-settings': '/mf/mf-settings/mf-manifest.json',
      },
      overrideOrigins: ['https://staging.example'],
      environment: 'staging',
    });
  }),
);

const banner = () => screen.findByRole('status', { name: 'Remote overrides in this tab' });

describe('the override banner', () => {
  beforeEach(() => {
    documents = 0;
  });

  it('names a release by its version, anything else by its URL', () => {
    const page = 'http://localhost:8080';
    expect(overrideSource(release, page)).toBe('version 4e21e4c6811f');
    expect(overrideSource(`https://cdn.example${release}`, page)).toBe(
      'version 4e21e4c6811f from https://cdn.example',
    );
    expect(overrideSource('http://localhost:3004/mf-manifest.json', page)).toBe(
      'http://localhost:3004/mf-manifest.json',
    );
  });

  it('is not there, and reads nothing, in a tab without overrides', async () => {
    await renderShell('/login');
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(screen.queryByRole('status', { name: 'Remote overrides in this tab' })).toBeNull();
    expect(documents).toBe(0);
  });

  it('names each overridden remote and where it runs from, on a public page too', async () => {
    sessionStorage.setItem(
      overrideStorageKey,
      JSON.stringify({ 'mf-settings': release, 'mf-tasks': staging }),
    );
    await renderShell('/login');
    const strip = await banner();
    expect(strip).toHaveTextContent(
      `Testing in this tab: mf-settings at version 4e21e4c6811f; mf-tasks at ${staging}.`,
    );
    // The page itself is still there, under it.
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it("goes back to the environment's versions: overrides forgotten, reloaded without ?remote=", async () => {
    sessionStorage.setItem(overrideStorageKey, JSON.stringify({ 'mf-settings': release }));
    const reload = vi.fn();
    render(<OverrideBanner reload={reload} />);
    const button = await screen.findByRole('button', { name: "Back to staging's versions" });
    await userEvent.tab();
    expect(button).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(sessionStorage.getItem(overrideStorageKey)).toBeNull();
    expect(reload).toHaveBeenCalledWith(window.location.href);
    expect(leaveOverrides('http://localhost:3000/home?remote=a%40b&remote=c%40d&tab=x')).toBe(
      'http://localhost:3000/home?tab=x',
    );
  });
});
