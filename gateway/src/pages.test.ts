import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composePage } from './pages';
import { directoryStore } from './release-store';
import type { StaticConfig } from './static';

let dir: string;
let config: StaticConfig;

const manifest = (name: string, exposes: Record<string, { js: string[]; css: string[] }>) => ({
  name,
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: Object.entries(exposes).map(([view, { js, css }]) => ({
    name: view,
    assets: { js: { sync: js, async: [] }, css: { sync: css, async: [] } },
  })),
});

const page = (views: string) =>
  `<!doctype html><html><head><title>Baton</title><meta name="baton-remote-views" content="${views}"></head><body></body></html>`;

/** The JSON data block of a composed page. */
function dataOf(html: string) {
  const text = /<script type="application\/json" id="baton-remotes">(.*?)<\/script>/.exec(html)?.[1];
  return text === undefined ? undefined : JSON.parse(text);
}

const preloads = (html: string) =>
  [...html.matchAll(/<link rel="preload" as="(\w+)" href="([^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`);

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'baton-pages-'));
  const tasks = manifest('mf_tasks', {
    TaskList: { js: ['static/js/1.js', 'static/js/list.js'], css: ['static/css/list.css'] },
    Dashboard: { js: ['static/js/dash.js'], css: [] },
  });
  await mkdir(join(dir, 'mf-tasks'), { recursive: true });
  await writeFile(join(dir, 'mf-tasks/mf-manifest.json'), JSON.stringify(tasks));
  await mkdir(join(dir, 'releases/mf-folders/0123456789ab'), { recursive: true });
  // A manifest whose text could close the data block if it went in as it is.
  const folders = {
    ...manifest('mf_folders', { FolderStrip: { js: ['static/js/strip.js'], css: [] } }),
    note: '</script><script>alert(1)</script>',
  };
  await writeFile(join(dir, 'releases/mf-folders/0123456789ab/mf-manifest.json'), JSON.stringify(folders));
  await mkdir(join(dir, 'broken'), { recursive: true });
  await writeFile(join(dir, 'broken/mf-manifest.json'), '{ not json');
  config = {
    shellDir: join(dir, 'shell'),
    environment: 'production',
    remoteDirs: { 'mf-tasks': join(dir, 'mf-tasks'), 'mf-settings': join(dir, 'broken') },
    remotes: {
      'mf-tasks': '/mf/mf-tasks/mf-manifest.json',
      'mf-folders': '/mf/mf-folders/0123456789ab/mf-manifest.json',
      'mf-settings': '/mf/mf-settings/mf-manifest.json',
      'mf-notifications': 'https://cdn.example/mf-notifications/mf-manifest.json',
    },
    overrideOrigins: ['https://qa.example'],
    releases: directoryStore(join(dir, 'releases')),
  };
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('a page of the shell that names its remote views', () => {
  it('preloads the files each named view loads first: its remote entry, scripts and styles', async () => {
    const html = await composePage(page('mf-tasks/TaskList mf-folders/FolderStrip'), config);
    expect(preloads(html)).toEqual([
      'script /mf/mf-tasks/remoteEntry.js',
      'script /mf/mf-tasks/static/js/1.js',
      'script /mf/mf-tasks/static/js/list.js',
      'style /mf/mf-tasks/static/css/list.css',
      'script /mf/mf-folders/0123456789ab/remoteEntry.js',
      'script /mf/mf-folders/0123456789ab/static/js/strip.js',
    ]);
  });

  it('carries the remotes document and every manifest this gateway serves, as data a closing tag cannot escape', async () => {
    const html = await composePage(page('mf-tasks/TaskList'), config);
    const data = dataOf(html);
    expect(data.remotes).toEqual(config.remotes);
    expect(data.overrideOrigins).toEqual(['https://qa.example']);
    // A build and a release are read from disk; an unreadable manifest and one served elsewhere are left out.
    expect(Object.keys(data.manifests)).toEqual([
      '/mf/mf-tasks/mf-manifest.json',
      '/mf/mf-folders/0123456789ab/mf-manifest.json',
    ]);
    expect(data.manifests['/mf/mf-folders/0123456789ab/mf-manifest.json'].note).toBe(
      '</script><script>alert(1)</script>',
    );
    expect(html.match(/<\/script>/g)).toHaveLength(1);
  });

  it('preloads nothing for a view or remote it does not know, and leaves pages without views as they are', async () => {
    const unknown = await composePage(
      page('mf-tasks/Nothing mf-settings/Settings mf-notifications/NotificationBell'),
      config,
    );
    expect(preloads(unknown)).toEqual([]);
    expect(dataOf(unknown)).toBeDefined();
    const plain = '<!doctype html><html><head><title>Baton</title></head><body></body></html>';
    expect(await composePage(plain, config)).toBe(plain);
  });
});
