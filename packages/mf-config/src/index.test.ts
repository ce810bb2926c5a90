import { describe, expect, it } from 'vitest';
import { proxiedToGateway } from './index';

describe("the host dev server's proxy", () => {
  it.each([
    ['/login/', 'application/json', true],
    ['/api/settings/trusted-users/', '*/*', true],
    ['/remotes.json', '*/*', true],
    ['/mf/mf-settings/mf-manifest.json', '*/*', true],
    ['/ws/notifications/', '', true],
    ['/ws/tasks/', '', true],
    ['/ws', '', false],
    ['/home', 'text/html,application/xhtml+xml', false],
    ['/static/js/main.js', '*/*', false],
    ['/main.3f2a.hot-update.json', '*/*', false],
  ])('%s (accept %j) goes to the gateway: %s', (path, accept, proxied) => {
    expect(proxiedToGateway(path, accept)).toBe(proxied);
  });
});

describe('precompressed bundles', () => {
  it('a production build writes a brotli and a gzip copy of each text bundle of 1 KiB or more', async () => {
    const { mkdtemp, readFile, readdir, rm, writeFile } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    const { rspack } = await import('@rspack/core');
    const { PrecompressPlugin } = await import('./index');
    const dir = await mkdtemp(join(tmpdir(), 'baton-precompress-'));
    try {
      await writeFile(join(dir, 'big.js'), `console.log(${JSON.stringify('baton '.repeat(500))});`);
      await writeFile(join(dir, 'small.js'), 'console.log(1);');
      const compiler = rspack({
        mode: 'production',
        context: dir,
        entry: { big: './big.js', small: './small.js' },
        output: { path: join(dir, 'dist') },
        plugins: [new PrecompressPlugin()],
      });
      await new Promise<void>((resolve, reject) =>
        compiler.run((error, stats) =>
          error || stats?.hasErrors() ? reject(error ?? stats?.toString()) : resolve(),
        ),
      );
      const files = (await readdir(join(dir, 'dist'))).sort();
      expect(files).toEqual(['big.js', 'big.js.br', 'big.js.gz', 'small.js']);
      const original = await readFile(join(dir, 'dist/big.js'));
      expect(brotliDecompressSync(await readFile(join(dir, 'dist/big.js.br')))).toEqual(original);
      expect(gunzipSync(await readFile(join(dir, 'dist/big.js.gz')))).toEqual(original);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('shared singletons', () => {
  it('require ^ the installed version, strictly', async () => {
    const { sharedConfig } = await import('./index');
    const { readFileSync } = await import('node:fs');
    const appDir = new URL('../../../mf-settings/', import.meta.url).pathname;
    const platform = JSON.parse(
      readFileSync(new URL('../../web-platform/package.json', import.meta.url), 'utf8'),
    ) as { version: string };
    expect(sharedConfig(appDir)['@baton/web-platform']).toEqual({
      singleton: true,
      strictVersion: true,
      requiredVersion: `^${platform.version}`,
      version: platform.version,
    });
  });
});

describe('a page for a lazy chunk', () => {
  it('is index.html with preloads of every file of the chunk, after the main bundle, and a placeholder', async () => {
    const { mkdtemp, readFile, rm, writeFile } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { rspack } = await import('@rspack/core');
    const { ChunkPagePlugin } = await import('./index');
    const dir = await mkdtemp(join(tmpdir(), 'baton-chunk-page-'));
    try {
      await writeFile(
        join(dir, 'index.html'),
        '<!doctype html><html><head><title>T</title></head><body><div id="root"></div></body></html>',
      );
      await writeFile(
        join(dir, 'main.js'),
        'import(/* webpackChunkName: "later" */ \'./later.js\').then((m) => m.run());',
      );
      await writeFile(
        join(dir, 'later.js'),
        "import './later.css';\nexport const run = () => console.log('later');",
      );
      await writeFile(join(dir, 'later.css'), 'p { color: red; }');
      const compiler = rspack({
        mode: 'production',
        context: dir,
        entry: { main: './main.js' },
        output: {
          path: join(dir, 'dist'),
          publicPath: '/',
          filename: '[name].js',
          chunkFilename: '[name].js',
          cssChunkFilename: '[name].css',
        },
        module: { rules: [{ test: /\.css$/, type: 'css/auto' }] },
        plugins: [
          new rspack.HtmlRspackPlugin({ template: './index.html', inject: 'head', scriptLoading: 'defer' }),
          new ChunkPagePlugin({
            filename: 'later.html',
            chunk: 'later',
            head: '<meta name="x" content="y">',
            placeholder: '<p>Loading…</p>',
          }),
        ],
      });
      await new Promise<void>((resolve, reject) =>
        compiler.run((error, stats) =>
          error || stats?.hasErrors() ? reject(error ?? stats?.toString()) : resolve(),
        ),
      );
      const page = await readFile(join(dir, 'dist/later.html'), 'utf8');
      const head = page.slice(0, page.indexOf('</head>'));
      expect(head.indexOf('src="/main.js"')).toBeGreaterThan(0);
      expect(
        head.indexOf('<link rel="preload" as="script" href="/later.js" fetchpriority="low">'),
      ).toBeGreaterThan(head.indexOf('src="/main.js"'));
      expect(head).toContain('<link rel="preload" as="style" href="/later.css" fetchpriority="low">');
      expect(head).toContain('<meta name="x" content="y">');
      expect(page).toContain('<div id="root"><p>Loading…</p></div>');
      // index.html itself is unchanged.
      expect(await readFile(join(dir, 'dist/index.html'), 'utf8')).not.toContain('preload');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
