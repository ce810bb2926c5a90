import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { type Configuration, rspack } from '@rspack/core';

/**
 * One Module Federation setup for the host and every remote, so they agree on what is shared.
 * Shared packages are singletons: one React, one store, one UI kit on the page, whoever loads first.
 */
const singletons = [
  'react',
  'react-dom',
  // The trailing slash shares deep imports such as react-dom/client.
  'react-dom/',
  'react/jsx-runtime',
  // Development builds import this one instead of jsx-runtime.
  'react/jsx-dev-runtime',
  'react-redux',
  '@reduxjs/toolkit',
  '@baton/ui',
  '@baton/web-platform',
] as const;

/**
 * What each shared singleton is and needs: the installed version, and `^` it, strictly: a remote whose needs
 * the page's copy does not meet fails to load (the shell shows its area's fallback and logs why) instead of
 * running against a React, store or platform it was not built for.
 */
export function sharedConfig(appDir: string) {
  const require = createRequire(resolve(appDir, 'package.json'));
  // Not every package exports ./package.json: find it upwards from the resolved entry.
  const versionOf = (name: string) => {
    const pkg = name
      .replace(/\/$/, '')
      .split('/')
      .slice(0, name.startsWith('@') ? 2 : 1)
      .join('/');
    for (let dir = dirname(require.resolve(pkg)); dir !== dirname(dir); dir = dirname(dir)) {
      const file = join(dir, 'package.json');
      if (!existsSync(file)) continue;
      const json = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version: string };
      if (json.name === pkg) return json.version;
    }
    throw new Error(`No package.json found for ${pkg}`);
  };
  return Object.fromEntries(
    singletons.map((name) => [
      name,
      {
        singleton: true,
        strictVersion: true,
        requiredVersion: `^${versionOf(name)}`,
        version: versionOf(name),
      },
    ]),
  );
}

/** The dev server's own live-reload socket (rspack-dev-server's default path). */
const devServerSocket = '/ws';

/**
 * What a host's dev server forwards to the gateway: API calls, the app's sockets (/ws/…) and /remotes.json.
 * Pages, bundles, hot updates and the dev server's own socket stay on the dev server.
 */
export function proxiedToGateway(path: string, accept = '') {
  if (path.startsWith('/ws/')) return true;
  return !(
    path === devServerSocket ||
    path.startsWith('/static/') ||
    path.includes('.hot-update.') ||
    accept.includes('text/html')
  );
}

/** Text bundles worth compressing ahead of time (source maps are fetched by developers only). */
const precompressed = /\.(js|css|html|json|svg)$/;

/**
 * Writes a brotli (best) and a gzip (best) copy beside each text bundle of a production build, which the
 * gateway serves as they are (serveStatic `precompressed`): smaller than compressing per request, and free.
 */
export class PrecompressPlugin {
  apply(compiler: import('@rspack/core').Compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // After every other step has written its files (the HTML page, the federation manifest).
        { name: 'PrecompressPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        (assets) => {
          for (const [name, source] of Object.entries(assets)) {
            if (!precompressed.test(name)) continue;
            const content = source.buffer();
            if (content.length < 1024) continue;
            compilation.emitAsset(
              `${name}.br`,
              new RawSource(
                brotliCompressSync(content, {
                  params: {
                    [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                    [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
                  },
                }),
              ),
            );
            compilation.emitAsset(`${name}.gz`, new RawSource(gzipSync(content, { level: 9 })));
          }
        },
      );
    });
  }
}

/** A second page of a host, for routes that go straight to one lazy chunk (the shell's workspace). */
export interface ChunkPage {
  /** The page's file name beside index.html, e.g. 'workspace.html'. */
  filename: string;
  /** The chunk group the page needs at once, named by a `webpackChunkName` comment in its `import()`. */
  chunk: string;
  /** Markup shown in #root until the app renders (plain text: no script, the CSP forbids inline ones). */
  placeholder: string;
  /** More markup for the page's head. */
  head?: string;
}

/**
 * Writes `page.filename`: index.html with `<link rel="preload">` for every file of the chunk group, and a
 * placeholder in #root. A browser opening such a route then fetches that chunk beside the main bundle, not
 * after it has run, and paints something before any script does.
 */
export class ChunkPagePlugin {
  constructor(private readonly page: ChunkPage) {}

  apply(compiler: import('@rspack/core').Compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('ChunkPagePlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // After the HTML page is written, before PrecompressPlugin compresses what there is.
        { name: 'ChunkPagePlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE },
        () => {
          const index = compilation.getAsset('index.html')?.source.source().toString();
          const group = compilation.namedChunkGroups.get(this.page.chunk);
          if (!index || !group) {
            compilation.errors.push(
              new compiler.webpack.WebpackError(
                `ChunkPagePlugin: ${index ? `no chunk group named "${this.page.chunk}"` : 'no index.html'}`,
              ),
            );
            return;
          }
          const publicPath = String(compilation.outputOptions.publicPath ?? '/');
          const links = group
            .getFiles()
            .filter((file) => /\.(js|css)$/.test(file))
            // Low, as the main bundle's deferred script is: it runs first and must not wait behind these.
            .map(
              (file) =>
                `<link rel="preload" as="${file.endsWith('.css') ? 'style' : 'script'}" href="${publicPath}${file}" fetchpriority="low">`,
            )
            .join('');
          const html = index
            .replace('</head>', `${this.page.head ?? ''}${links}</head>`)
            .replace('<div id="root"></div>', `<div id="root">${this.page.placeholder}</div>`);
          compilation.emitAsset(this.page.filename, new RawSource(html));
        },
      );
    });
  }
}

interface AppOptions {
  /** The app's folder (where its package.json and src/ are). */
  dir: string;
  /** Module Federation name: 'shell' or the remote's name, e.g. 'mf-settings'. */
  name: string;
  /** Dev server port: shell 3000, mf-tasks 3001, mf-folders 3002, mf-notifications 3003, mf-settings 3004. */
  port: number;
  /** Remotes only: what they expose, e.g. { './Settings': './src/Settings.tsx' }. */
  exposes?: Record<string, string>;
  /** Host only: where the dev server forwards API, WebSocket and /remotes.json calls. */
  proxyTarget?: string;
  /** Host only: pages for routes that need one lazy chunk at once (see ChunkPagePlugin). */
  chunkPages?: ChunkPage[];
}

/** The Rspack configuration of a Baton front-end app (host when it exposes nothing, remote otherwise). */
export function createAppConfig(options: AppOptions, mode: 'development' | 'production'): Configuration {
  const isHost = !options.exposes;
  const production = mode === 'production';
  return {
    mode,
    context: options.dir,
    target: ['web', 'es2022'],
    entry: { main: './src/index.ts' },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    output: {
      path: resolve(options.dir, 'dist'),
      // The host is served at /; a remote does not know where it will be served from.
      publicPath: isHost ? '/' : 'auto',
      uniqueName: options.name,
      filename: production ? 'static/js/[name].[contenthash:8].js' : 'static/js/[name].js',
      chunkFilename: production ? 'static/js/[name].[contenthash:8].js' : 'static/js/[name].js',
      cssFilename: production ? 'static/css/[name].[contenthash:8].css' : 'static/css/[name].css',
      cssChunkFilename: production ? 'static/css/[name].[contenthash:8].css' : 'static/css/[name].css',
      // Sounds and images carry their hash too, under static/, so the gateway caches them for good.
      assetModuleFilename: 'static/media/[hash][ext]',
      // SPEC §7: a chunk load times out after 120 seconds.
      chunkLoadTimeout: 120_000,
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              // Evergreen browsers only: no down-levelling, no polyfills.
              target: 'es2022',
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !production } },
            },
          },
          type: 'javascript/auto',
        },
        { test: /\.css$/, type: 'css/auto' },
        { test: /\.(svg|png|woff2?)$/, type: 'asset' },
      ],
    },
    plugins: [
      ...(production ? [new PrecompressPlugin()] : []),
      ...(isHost
        ? [
            // The host is a plain app: public pages ship no federation runtime. The workspace starts one when
            // it opens (shell/src/remotes/federation.ts), sharing the host's copies at these versions.
            new rspack.DefinePlugin({
              __BATON_SHARED__: JSON.stringify(sharedConfig(options.dir)),
              // What the federation plugin defines for a browser build: the runtime's Node paths drop out.
              ENV_TARGET: JSON.stringify('web'),
            }),
            new rspack.HtmlRspackPlugin({
              template: './src/index.html',
              // In the head, deferred: the main bundle is asked for before any preload a page adds after it.
              inject: 'head',
              scriptLoading: 'defer',
            }),
            ...(options.chunkPages ?? []).map((page) => new ChunkPagePlugin(page)),
          ]
        : [
            new ModuleFederationPlugin({
              name: options.name.replace(/-/g, '_'),
              filename: 'remoteEntry.js',
              exposes: options.exposes,
              shared: sharedConfig(options.dir),
              // With the default ('version-first') one unreachable remote blanks the whole host before any error
              // boundary runs (#RUNTIME-003 Failed to get manifest).
              shareStrategy: 'loaded-first',
              manifest: true,
              // The types plugin needs the TypeScript compiler API, which TypeScript 7 no longer has.
              dts: false,
              experiments: {
                // One federation runtime on the page: the host's; remotes leave theirs out.
                externalRuntime: true,
                // Browsers only: the runtime's Node loading paths are left out.
                optimization: { target: 'web' },
              },
            }),
          ]),
    ],
    performance: { hints: false },
    // `rspack dev` would compile dynamic imports on first use, through a trigger URL on the dev server that a
    // remote's chunks, running in the host's page, cannot reach: everything is compiled up front instead.
    lazyCompilation: false,
    devServer: {
      port: options.port,
      historyApiFallback: isHost,
      // Remotes' manifests and chunks are fetched from the host's origin.
      headers: { 'Access-Control-Allow-Origin': '*' },
      ...(options.proxyTarget
        ? {
            proxy: [
              {
                context: (path: string, req: { headers: { accept?: string } }) =>
                  proxiedToGateway(path, req.headers.accept),
                target: options.proxyTarget,
                ws: true,
              },
            ],
          }
        : {}),
    },
  };
}
