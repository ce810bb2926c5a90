import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppConfig } from '@baton/mf-config';
import { rspack } from '@rspack/core';
import { bootText } from './src/app/boot';
import { mainAreas } from './src/workspace/areas';

export default (_env: unknown, argv: { mode?: 'development' | 'production' }) => {
  const config = createAppConfig(
    {
      dir: dirname(fileURLToPath(import.meta.url)),
      name: 'shell',
      port: Number(process.env.PORT ?? 3000),
      proxyTarget: process.env.GATEWAY_URL ?? 'http://localhost:8080',
      // A page per route inside a session (home.html, accept-task.html): it fetches the workspace's chunk beside
      // the main bundle and names its main view, whose files the gateway preloads (gateway/src/pages.ts).
      chunkPages: Object.entries(mainAreas).map(([path, area]) => ({
        filename: `${path.slice(1)}.html`,
        chunk: 'workspace',
        head: `<meta name="baton-remote-views" content="${area.remote}/${area.module}">`,
        placeholder: `<p class="boot" role="status">${bootText}</p>`,
      })),
    },
    argv.mode ?? (process.env.NODE_ENV === 'development' ? 'development' : 'production'),
  );
  // The installable app's files keep their names at the site's root (public/): the web app manifest and its
  // icons, and the service worker, whose scope is the folder it is served from.
  config.plugins = [
    ...(config.plugins ?? []),
    new rspack.CopyRspackPlugin({ patterns: [{ from: 'public' }] }),
  ];
  return config;
};
