import { mockServer } from '@baton/web-platform/testing/msw';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { remotesOnce, takeManifest } from './config';

const asked: string[] = [];
mockServer(
  http.get('/remotes.json', ({ request }) => {
    asked.push(new URL(request.url).pathname);
    return HttpResponse.json({
      remotes: { 'mf-tasks': '/mf/mf-tasks/mf-manifest.json' },
      overrideOrigins: [],
    });
  }),
  http.get('/mf/:remote/mf-manifest.json', ({ request, params }) => {
    asked.push(new URL(request.url).pathname);
    return HttpResponse.json({ name: String(params.remote).replace('-', '_') });
  }),
);

describe('the remotes of a page', () => {
  it('are read once, and each manifest is asked for at once and handed to the runtime once', async () => {
    const remotes = await remotesOnce();
    expect(remotes).toEqual({ 'mf-tasks': '/mf/mf-tasks/mf-manifest.json' });
    expect(await remotesOnce()).toBe(remotes);
    const manifest = await takeManifest('/mf/mf-tasks/mf-manifest.json');
    expect(await manifest?.json()).toEqual({ name: 'mf_tasks' });
    // A second ask (a retry after a failure) goes to the network again.
    expect(takeManifest('http://localhost:3000/mf/mf-tasks/mf-manifest.json')).toBeUndefined();
    expect(asked).toEqual(['/remotes.json', '/mf/mf-tasks/mf-manifest.json']);
  });
});

describe('the remotes of a page the gateway composed (a page inside a session)', () => {
  it('come from the page itself: neither /remotes.json nor the manifests it holds are asked for', async () => {
    const data = {
      remotes: {
        'mf-tasks': '/mf/mf-tasks/mf-manifest.json',
        'mf-folders': '/mf/mf-folders/mf-manifest.json',
      },
      overrideOrigins: [],
      manifests: { '/mf/mf-tasks/mf-manifest.json': { name: 'mf_tasks', from: 'page' } },
    };
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = 'baton-remotes';
    block.textContent = JSON.stringify(data);
    document.head.append(block);
    asked.length = 0;
    vi.resetModules();
    try {
      const fresh = await import('./config');
      expect(await fresh.remotesOnce()).toEqual(data.remotes);
      expect(await (await fresh.takeManifest('/mf/mf-tasks/mf-manifest.json'))?.json()).toEqual({
        name: 'mf_tasks',
        from: 'page',
      });
      // What the page does not hold is fetched as before.
      expect(await (await fresh.takeManifest('/mf/mf-folders/mf-manifest.json'))?.json()).toEqual({
        name: 'mf_folders',
      });
      expect(asked).toEqual(['/mf/mf-folders/mf-manifest.json']);
    } finally {
      block.remove();
    }
  });
});
