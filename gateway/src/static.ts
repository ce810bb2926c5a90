import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppEnv } from '@baton/service-kit';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono, MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import { isRemoteName } from './environments';
import { composePage } from './pages';
import { immutableCaching as immutable, type ReleaseStore } from './release-store';

export interface StaticConfig {
  /** Built shell (index.html and assets); absent until the shell is built. */
  shellDir: string;
  /** Built remotes by name, served at /mf/<name>/. */
  remoteDirs: Record<string, string>;
  /** The environment the gateway runs (BATON_ENVIRONMENT): the shell names it to a tester overriding a remote. */
  environment: string;
  /** Remote name -> manifest URL, as /remotes.json tells the shell. */
  remotes: Record<string, string>;
  /** Origins from which a tester may load a remote for one tab (`?remote=name@url`). */
  overrideOrigins: string[];
  /** Immutable releases of the remotes, served at /mf/<remote>/<version>/. */
  releases: ReleaseStore;
}

/** Origins other than this one that the shell may load remote code from (for the CSP). */
export function remoteOriginsOf(config: Pick<StaticConfig, 'remotes' | 'overrideOrigins'>) {
  const origins = new Set(config.overrideOrigins);
  for (const url of Object.values(config.remotes)) {
    if (/^https?:\/\//.test(url)) origins.add(new URL(url).origin);
  }
  return [...origins];
}

const notBuiltPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Baton</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#1a202c}</style></head>
<body><h1>Baton is running</h1><p>The API answers on this address, but there is no built web app (shell) to show.
If this checkout has a <code>shell/</code> folder, run <code>npm run build</code> and reload.</p><p><a href="/openapi.json">API description (OpenAPI)</a></p></body></html>`;

/** Serves the shell at /, each remote at /mf/<name>/, /remotes.json, and index.html for the shell's routes. */
/** Pages are compressed per request: a page inside a session carries its remotes' manifests (pages.ts). */
const pageCompression = compress();

/** Files that keep their name from build to build: the browser asks each time whether they changed. */
const revalidated: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.res.ok) c.header('Cache-Control', 'no-cache');
};

export function mountStatic(app: Hono<AppEnv>, config: StaticConfig) {
  // Text assets go out compressed when the browser accepts it: the build's brotli or gzip copies where they
  // exist (precompressed), else gzip per request (about a quarter of the bytes).
  app.use('/static/*', compress());
  app.use('/mf/*', compress());
  app.use('/static/*', async (c, next) => {
    await next();
    if (c.res.ok) c.header('Cache-Control', immutable);
  });

  app.get('/remotes.json', (c) => {
    c.header('Cache-Control', 'no-cache');
    const { environment, remotes, overrideOrigins } = config;
    return c.json({ environment, remotes, overrideOrigins });
  });

  // A release never changes (its version is its content's hash): every file of it is cached for good, the
  // manifest and remoteEntry.js included. Any release in the store is served, so a tester can point one tab
  // at a staging release on the production origin. Bundles under static/ carry a hash in their names too.
  app.get('/mf/:remote/:version{[0-9a-f]{12}}/*', async (c, next) => {
    const { remote, version } = c.req.param();
    const dir = isRemoteName(remote) ? await config.releases.localDir(remote, version) : undefined;
    if (!dir) return c.notFound();
    c.header('Access-Control-Allow-Origin', '*');
    const served = await serveStatic({
      root: dir,
      precompressed: true,
      rewriteRequestPath: (path) => path.slice(`/mf/${remote}/${version}`.length),
    })(c, next);
    if (c.res.ok) c.header('Cache-Control', immutable);
    return served;
  });

  // Only what is built is mounted; rebuilding a remote needs no restart, building a new one does.
  for (const [name, dir] of Object.entries(config.remoteDirs).filter(([, d]) => existsSync(d))) {
    app.use(`/mf/${name}/*`, async (c, next) => {
      // The shell fetches manifests with fetch(); a staging shell on another origin may too.
      c.header('Access-Control-Allow-Origin', '*');
      await next();
      // A build's manifest and remoteEntry.js keep their names from build to build: always revalidated.
      if (c.res.ok) c.header('Cache-Control', c.req.path.includes('/static/') ? immutable : 'no-cache');
    });
    app.get(
      `/mf/${name}/*`,
      serveStatic({
        root: dir,
        precompressed: true,
        rewriteRequestPath: (path) => path.slice(`/mf/${name}`.length),
      }),
    );
  }

  // The installable app's files (shell/public) keep their names from build to build: always revalidated, so a
  // new service worker or icon reaches every browser at its next visit.
  app.use('/sw.js', revalidated);
  app.use('/theme.js', revalidated);
  app.use('/manifest.webmanifest', revalidated);
  app.use('/icons/*', revalidated);

  if (existsSync(config.shellDir)) app.get('/*', serveStatic({ root: config.shellDir, precompressed: true }));

  // Client-side routes get the shell's page named by their first segment where it built one (/home and the
  // views under it, /home/assigned…: home.html, with what its remote views need: pages.ts), else index.html
  // (/login, /reset-password?...).
  app.get('*', pageCompression, async (c, next) => {
    if (!(c.req.header('accept') ?? '').includes('text/html')) return next();
    const index = join(config.shellDir, 'index.html');
    if (!existsSync(index)) return c.html(notBuiltPage);
    const segment = /^\/([a-z][a-z-]*)(?:\/|$)/.exec(c.req.path)?.[1];
    const own = segment ? join(config.shellDir, `${segment}.html`) : undefined;
    const page = own && existsSync(own) ? own : index;
    c.header('Cache-Control', 'no-cache');
    return c.html(await composePage(await readFile(page, 'utf8'), config));
  });
}
