import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { routes } from '@baton/contracts';
import type { AppEnv } from '@baton/service-kit';
import type { Hono } from 'hono';
import { compress } from 'hono/compress';
import { immutableCaching } from './release-store';

/** Swagger UI's built files (the swagger-ui-dist package) and its version, which names their URLs. */
const swaggerDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const { version: swaggerVersion } = createRequire(import.meta.url)('swagger-ui-dist/package.json') as {
  version: string;
};
const swaggerBase = `/docs/assets/${swaggerVersion}`;
/** The page's own initializer and styles (no inline script: the app's CSP allows none). */
const ownDir = fileURLToPath(new URL('./docs/', import.meta.url));

/** The files the page loads: URL path -> file and type. Nothing else of either folder is served. */
const assets: Record<string, { file: string; type: string; cache: string }> = {
  [`${swaggerBase}/swagger-ui.css`]: {
    file: join(swaggerDir, 'swagger-ui.css'),
    type: 'text/css; charset=utf-8',
    cache: immutableCaching,
  },
  [`${swaggerBase}/swagger-ui-bundle.js`]: {
    file: join(swaggerDir, 'swagger-ui-bundle.js'),
    type: 'text/javascript; charset=utf-8',
    cache: immutableCaching,
  },
  // Named the same from release to release: the browser asks each time whether they changed.
  '/docs/docs.js': {
    file: join(ownDir, 'docs.js'),
    type: 'text/javascript; charset=utf-8',
    cache: 'no-cache',
  },
  '/docs/docs.css': { file: join(ownDir, 'docs.css'), type: 'text/css; charset=utf-8', cache: 'no-cache' },
};

const code = (text: string) => `<code>${text}</code>`;

/** The page: a short how-to-authenticate, then Swagger UI rendering /openapi.json. */
export const docsPage = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Baton API documentation</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${swaggerBase}/swagger-ui.css">
<link rel="stylesheet" href="/docs/docs.css">
</head>
<body>
<header class="docs-intro">
<h1>Baton API documentation</h1>
<p>Every operation of Baton's REST API, from <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1).</p>
<h2>How to authenticate</h2>
<ol>
<li>Open ${code(`POST ${routes.login.path}`)} below, choose <em>Try it out</em>, send your e-mail and password,
and copy ${code('tokens.access')} from the answer.</li>
<li>Choose <em>Authorize</em> and paste that access token: the operations with a lock then send
${code('Authorization: Bearer &lt;access&gt;')}.</li>
<li>Access tokens are short-lived: ${code(`POST ${routes.tokenRefresh.path}`)} trades the ${code('refresh')}
token for a new pair. WebSockets take the subprotocols ${code('jwt')} and the access token (more in the
description below).</li>
</ol>
</header>
<main id="swagger-ui"></main>
<noscript><p class="docs-intro">The interactive reference needs JavaScript; <a href="/openapi.json">/openapi.json</a> holds it all.</p></noscript>
<script src="${swaggerBase}/swagger-ui-bundle.js"></script>
<script src="/docs/docs.js"></script>
</body>
</html>
`;

/** Serves /docs (and /docs/) with its assets; mounted before the shell, whose pages would answer any path. */
export function mountDocs(app: Hono<AppEnv>) {
  const compression = compress();
  app.get('/docs', compression, (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(docsPage);
  });
  app.get('/docs/', (c) => c.redirect('/docs', 301));
  for (const [path, { file, type, cache }] of Object.entries(assets)) {
    app.get(path, compression, async (c) => {
      c.header('Content-Type', type);
      c.header('Cache-Control', cache);
      return c.body(await readFile(file));
    });
  }
}
