import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openApiDocument } from '@baton/contracts';
import { createLogger } from '@baton/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGatewayApp } from './app';
import { directoryStore } from './release-store';

let dir: string;
let app: ReturnType<typeof createGatewayApp>;

beforeAll(async () => {
  // A built shell answers every page path with its index.html: /docs must still be the docs page.
  dir = await mkdtemp(join(tmpdir(), 'baton-docs-'));
  await mkdir(join(dir, 'shell'), { recursive: true });
  await writeFile(join(dir, 'shell/index.html'), '<!doctype html><title>Baton shell</title>');
  app = createGatewayApp({
    upstreams: {},
    verifyAccess: async () => {
      throw new Error('no tokens here');
    },
    logger: createLogger({ name: 'gateway' }),
    allowedOrigins: ['http://localhost:8080'],
    static: {
      shellDir: join(dir, 'shell'),
      environment: 'production',
      remoteDirs: {},
      remotes: {},
      overrideOrigins: [],
      releases: directoryStore(join(dir, 'releases')),
    },
  });
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const html = { headers: { accept: 'text/html' } };

/** The CSP's directives by name: `script-src 'self'` -> { 'script-src': ["'self'"] }. */
const cspOf = (res: Response) =>
  Object.fromEntries(
    (res.headers.get('content-security-policy') ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name, values]),
  );

describe('/docs', () => {
  it('is the API docs page under the app’s CSP, with no inline script', async () => {
    const res = await app.request('/docs', html);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const page = await res.text();
    expect(page).toContain('<h1>Baton API documentation</h1>');
    expect(page).toContain('How to authenticate');
    expect(page).toContain('Authorization: Bearer');
    expect(page).toContain('<code>POST /login/</code>');
    const csp = cspOf(res);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    // Every script is a file of this origin: the CSP above would block an inline one.
    const scripts = [...page.matchAll(/<script([^>]*)>/g)].map((m) => m[1] ?? '');
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toMatch(/^ src="\/docs\//);
  });

  it('serves each script and style the page loads, with its type and the same CSP', async () => {
    const page = await (await app.request('/docs', html)).text();
    const urls = [...page.matchAll(/<(?:script src|link rel="stylesheet" href)="([^"]+)"/g)].map(
      (m) => m[1] ?? '',
    );
    expect(urls).toHaveLength(4);
    for (const url of urls) {
      const res = await app.request(url);
      expect(res.status, url).toBe(200);
      const type = url.endsWith('.css') ? /^text\/css/ : /^text\/javascript/;
      expect(res.headers.get('content-type'), url).toMatch(type);
      expect(cspOf(res)['script-src'], url).toEqual(["'self'"]);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect((await res.text()).length, url).toBeGreaterThan(100);
    }
    // Swagger UI's files are named by its version: cached for good. The initializer is revalidated.
    const bundle = urls.find((u) => u.endsWith('swagger-ui-bundle.js')) ?? '';
    expect(bundle).toMatch(/^\/docs\/assets\/\d+\.\d+\.\d+\//);
    expect((await app.request(bundle)).headers.get('cache-control')).toContain('immutable');
    expect(await (await app.request('/docs/docs.js')).text()).toContain("url: '/openapi.json'");
  });

  it('serves no other file of swagger-ui-dist', async () => {
    const page = await (await app.request('/docs', html)).text();
    const base = /href="(\/docs\/assets\/[^"]+)\/swagger-ui\.css"/.exec(page)?.[1];
    expect(base).toBeDefined();
    for (const file of ['index.html', 'swagger-initializer.js', 'package.json', '../../docs.ts'])
      expect((await app.request(`${base}/${file}`)).status, file).not.toBe(200);
  });

  it('renders the very document the contracts lint (/openapi.json is openApiDocument())', async () => {
    const served = await (await app.request('/openapi.json')).json();
    expect(served).toEqual(JSON.parse(JSON.stringify(openApiDocument())));
  });

  it('sends /docs/ to /docs', async () => {
    const res = await app.request('/docs/', html);
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/docs');
  });
});
