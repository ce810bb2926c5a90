import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { StaticConfig } from './static';

/**
 * A page of the shell that names the remote views it opens with (`<meta name="baton-remote-views"
 * content="mf-tasks/TaskList">`, written by shell/rspack.config.ts) is sent with what those views need, so the
 * browser asks for it beside the shell's own bundles instead of a round trip at a time:
 * - the remotes document of /remotes.json and the manifests it names, inline as a JSON data block
 *   (`<script type="application/json" id="baton-remotes">`: data, not a script, so the CSP allows it);
 * - a `<link rel="preload">` for each file the named views load first (the remote entry, the view's scripts
 *   and styles).
 * Manifests served from elsewhere (an https remote) are left to the shell to fetch.
 */
export async function composePage(html: string, config: StaticConfig) {
  const named = /<meta name="baton-remote-views" content="([^"]*)">/.exec(html)?.[1];
  if (named === undefined) return html;
  const manifests: Record<string, Manifest> = {};
  for (const url of Object.values(config.remotes)) {
    const manifest = await readManifest(url, config);
    if (manifest) manifests[url] = manifest;
  }
  const files = named
    .split(/\s+/)
    .filter(Boolean)
    .flatMap((view) => {
      const [remote = '', name = ''] = view.split('/');
      const url = config.remotes[remote];
      const manifest = url ? manifests[url] : undefined;
      return manifest && url
        ? viewFiles(manifest, name).map((file) => new URL(file, `http://page${url}`).pathname)
        : [];
    });
  const links = files
    .map(
      (file) =>
        `<link rel="preload" as="${file.endsWith('.css') ? 'style' : 'script'}" href="${file}" fetchpriority="low">`,
    )
    .join('');
  // `<` is escaped so no value can close the data block.
  const data = JSON.stringify({
    environment: config.environment,
    remotes: config.remotes,
    overrideOrigins: config.overrideOrigins,
    manifests,
  }).replace(/</g, '\\u003c');
  return html.replace(
    '</head>',
    `${links}<script type="application/json" id="baton-remotes">${data}</script></head>`,
  );
}

/** What an mf-manifest.json says about where a remote's files are (remotes are built with publicPath auto). */
interface Manifest {
  metaData: { remoteEntry: { name: string; path: string } };
  exposes: { name: string; assets: { js: { sync: string[] }; css: { sync: string[] } } }[];
}

/** The files `view` loads first, relative to its manifest: the remote entry, then the view's own. */
export function viewFiles(manifest: Manifest, view: string) {
  const { remoteEntry } = manifest.metaData;
  const assets = manifest.exposes.find((exposed) => exposed.name === view)?.assets;
  if (!assets) return [];
  return [join(remoteEntry.path, remoteEntry.name), ...assets.js.sync, ...assets.css.sync];
}

/** The manifest behind a URL this gateway serves (a build at /mf/<name>/ or a release), if it reads as one. */
async function readManifest(url: string, config: StaticConfig): Promise<Manifest | undefined> {
  const match = /^\/mf\/([a-z0-9-]+)\/(?:([0-9a-f]{12})\/)?mf-manifest\.json$/.exec(url);
  if (!match) return undefined;
  const [, remote = '', version] = match;
  const dir = version ? await config.releases.localDir(remote, version) : config.remoteDirs[remote];
  if (!dir) return undefined;
  try {
    const manifest = JSON.parse(await readFile(join(dir, 'mf-manifest.json'), 'utf8')) as Manifest;
    return Array.isArray(manifest.exposes) && typeof manifest.metaData?.remoteEntry?.name === 'string'
      ? manifest
      : undefined;
  } catch {
    // Not built, or not a manifest: the shell's own fetch of it reports the problem.
    return undefined;
  }
}
