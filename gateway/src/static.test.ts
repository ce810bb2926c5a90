import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { createLogger } from '@baton/service-kit';
import { readJson } from '@baton/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayApp } from './app';
import { directoryStore } from './release-store';

let dir: string;
let app: ReturnType<typeof createGatewayApp>;
const remotes = {
  'mf-tasks': '/mf/mf-tasks/mf-manifest.json',
  'mf-settings': 'https://staging.example/mf-manifest.json',
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'baton-static-'));
  await mkdir(join(dir, 'shell/assets'), { recursive: true });
  await mkdir(join(dir, 'shell/static/js'), { recursive: true });
  await writeFile(join(dir, 'shell/static/js/main.0123abcd.js'), `const text = "${'baton '.repeat(2000)}";`);
  await writeFile(join(dir, 'shell/static/js/lean.0123abcd.js'), 'const lean = 1;');
  await writeFile(join(dir, 'shell/static/js/lean.0123abcd.js.br'), brotliCompressSync('const lean = 1;'));
  await mkdir(join(dir, 'mf-tasks/static'), { recursive: true });
  await writeFile(join(dir, 'mf-tasks/static/view.js'), 'export {};');
  await writeFile(join(dir, 'mf-tasks/static/view.js.br'), brotliCompressSync('export {};'));
  await writeFile(join(dir, 'shell/index.html'), '<!doctype html><title>Baton shell</title>');
  await writeFile(join(dir, 'shell/home.html'), '<!doctype html><title>Baton home</title>');
  await writeFile(join(dir, 'shell/assets/app.js'), 'console.log(1)');
  await mkdir(join(dir, 'shell/icons'), { recursive: true });
  await writeFile(join(dir, 'shell/sw.js'), "self.addEventListener('push', () => {});");
  await writeFile(join(dir, 'shell/theme.js'), "document.documentElement.dataset.theme = 'dark';");
  await writeFile(join(dir, 'shell/manifest.webmanifest'), '{"name":"Baton"}');
  await writeFile(join(dir, 'shell/icons/icon-192.png'), Buffer.from('89504e470d0a1a0a', 'hex'));
  await writeFile(join(dir, 'mf-tasks/mf-manifest.json'), '{"name":"mf_tasks"}');
  await mkdir(join(dir, 'releases/mf-settings/0123456789ab/static/js'), { recursive: true });
  await writeFile(join(dir, 'releases/mf-settings/0123456789ab/mf-manifest.json'), '{"name":"mf_settings"}');
  await writeFile(join(dir, 'releases/mf-settings/0123456789ab/static/js/view.js'), 'export {};');
  app = createGatewayApp({
    upstreams: {},
    verifyAccess: async () => {
      throw new Error('no tokens here');
    },
    logger: createLogger({ name: 'gateway' }),
    allowedOrigins: ['https://baton.example', 'http://localhost:8080'],
    static: {
      shellDir: join(dir, 'shell'),
      environment: 'production',
      remoteDirs: { 'mf-tasks': join(dir, 'mf-tasks'), 'mf-folders': join(dir, 'missing') },
      remotes,
      overrideOrigins: ['https://qa.example'],
      releases: directoryStore(join(dir, 'releases')),
    },
  });
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('static serving', () => {
  it('serves the shell at / and its assets', async () => {
    expect(await (await app.request('/')).text()).toContain('Baton shell');
    expect(await (await app.request('/assets/app.js')).text()).toBe('console.log(1)');
  });

  it('compresses hashed bundles and lets browsers keep them for good', async () => {
    const res = await app.request('/static/js/main.0123abcd.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = new Uint8Array(await res.arrayBuffer()).byteLength;
    expect(bytes).toBeLessThan(1000);
  });

  it("sends the build's brotli copy as it is to browsers that take brotli, the file itself to others", async () => {
    for (const path of ['/static/js/lean.0123abcd.js', '/mf/mf-tasks/static/view.js']) {
      const br = await app.request(path, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
      expect(br.headers.get('content-encoding'), path).toBe('br');
      expect(br.headers.get('content-type'), path).toMatch(/javascript/);
      expect(br.headers.get('vary'), path).toMatch(/accept-encoding/i);
      const plain = path.endsWith('view.js') ? 'export {};' : 'const lean = 1;';
      expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(plain);
      const identity = await app.request(path);
      expect(identity.headers.get('content-encoding'), path).toBeNull();
      expect(await identity.text()).toBe(plain);
    }
  });

  it("answers the shell's client routes with the page their first segment names where the shell built one, else index.html", async () => {
    const pages = {
      '/login': 'Baton shell',
      '/reset-password?uid=u&token=t': 'Baton shell',
      '/accept-task?taskId=1': 'Baton shell',
      '/homeward': 'Baton shell',
      '/home': 'Baton home',
      '/home?remote=x': 'Baton home',
      '/home/assigned/delegated': 'Baton home',
      '/home/folders/7b0c3c1e-0f7e-4d53-9d49-5f3f0b1a2c3d': 'Baton home',
    };
    for (const [path, title] of Object.entries(pages)) {
      const res = await app.request(path, { headers: { accept: 'text/html' } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
      expect(await res.text(), path).toContain(title);
    }
  });

  it('serves a built remote at /mf/<name>/ readable from other origins, and 404 for one not built', async () => {
    const res = await app.request('/mf/mf-tasks/mf-manifest.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await readJson(res)).toEqual({ name: 'mf_tasks' });
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect((await app.request('/mf/mf-folders/mf-manifest.json')).status).toBe(404);
  });

  it('serves every release in the store at /mf/<name>/<version>/, all of it cached for good', async () => {
    for (const path of ['mf-manifest.json', 'static/js/view.js']) {
      const res = await app.request(`/mf/mf-settings/0123456789ab/${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('access-control-allow-origin'), path).toBe('*');
    }
    expect(await readJson(await app.request('/mf/mf-settings/0123456789ab/mf-manifest.json'))).toEqual({
      name: 'mf_settings',
    });
    for (const path of [
      '/mf/mf-settings/ba9876543210/mf-manifest.json',
      '/mf/mf-tasks/0123456789ab/mf-manifest.json',
      '/mf/mf-settings/0123456789ab/..%2F..%2F..%2Fshell%2Findex.html',
      '/mf/mf-bogus/0123456789ab/mf-manifest.json',
    ])
      expect((await app.request(path)).status, path).toBe(404);
  });

  it('serves /remotes.json from configuration, uncached', async () => {
    const res = await app.request('/remotes.json');
    expect(await readJson(res)).toEqual({
      environment: 'production',
      remotes,
      overrideOrigins: ['https://qa.example'],
    });
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('lets the page run code from remote and override origins, and from nowhere else', async () => {
    const csp = (await app.request('/')).headers.get('content-security-policy') ?? '';
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'));
    expect(scriptSrc?.trim().split(/\s+/).sort()).toEqual(
      ['script-src', "'self'", 'https://staging.example', 'https://qa.example'].sort(),
    );
  });

  it('tells browsers to keep to https for half a year (browsers heed it only on an https answer)', async () => {
    const hsts = (await app.request('/')).headers.get('strict-transport-security');
    expect(hsts).toBe('max-age=15552000; includeSubDomains');
  });

  it('lets pages open sockets to the app only, not to any host', async () => {
    const csp = (await app.request('/')).headers.get('content-security-policy') ?? '';
    const connectSrc = csp.split(';').find((d) => d.trim().startsWith('connect-src'));
    expect(connectSrc?.trim().split(/\s+/)).toEqual(
      expect.arrayContaining(['wss://baton.example', 'ws://localhost:8080']),
    );
    expect(connectSrc?.trim().split(/\s+/)).not.toEqual(expect.arrayContaining(['ws:']));
    expect(connectSrc?.trim().split(/\s+/)).not.toEqual(expect.arrayContaining(['wss:']));
  });

  it('serves the installable app (service worker, theme script, manifest, icons) at the root, revalidated on each visit', async () => {
    const types = {
      '/sw.js': /^text\/javascript/,
      '/theme.js': /^text\/javascript/,
      '/manifest.webmanifest': /^application\/manifest\+json/,
      '/icons/icon-192.png': /^image\/png/,
    };
    for (const [path, type] of Object.entries(types)) {
      const res = await app.request(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toMatch(type);
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
    }
    // The page may use this origin's manifest and service worker, and no other's.
    const csp = (await app.request('/')).headers.get('content-security-policy') ?? '';
    const directive = (name: string) =>
      csp
        .split(';')
        .find((d) => d.trim().startsWith(`${name} `))
        ?.trim();
    expect(directive('manifest-src')).toBe("manifest-src 'self'");
    expect(directive('worker-src')).toBe("worker-src 'self'");
  });

  it('keeps API 404s as JSON', async () => {
    const res = await app.request('/no/such/route', { method: 'POST' });
    expect(res.status).toBe(404);
    expect((await readJson(res)).code).toBe('not_found');
  });
});
