import { mockServer } from '@baton/web-platform/testing/msw';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
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
  http.get('/mf/mf-tasks/mf-manifest.json', ({ request }) => {
    asked.push(new URL(request.url).pathname);
    return HttpResponse.json({ name: 'mf_tasks' });
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
