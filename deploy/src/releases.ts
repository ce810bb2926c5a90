import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join, relative } from 'node:path';
import {
  environmentFile,
  gatewayEnvSchema,
  type RemoteName,
  readEnvironmentFile,
  releaseDir,
  releaseVersion,
  repoRoot,
} from '@baton/gateway';
import { satisfies } from 'semver';

/**
 * Writing releases and pointing environments at them (deploy/README.md "Environments"). The gateway reads
 * both (gateway/src/environments.ts).
 */

/** Where the environments and the releases are (ENVIRONMENTS_DIR, RELEASES_DIR: the gateway's settings). */
export const storeDirs = () =>
  gatewayEnvSchema.pick({ ENVIRONMENTS_DIR: true, RELEASES_DIR: true }).parse(process.env);

/** Source maps stay with the build (for the people debugging it); everything else is the release. */
const inRelease = (path: string) => !path.endsWith('.map');

function releaseFiles(dir: string) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .filter(inRelease)
    .sort();
}

/** Every string in a manifest that names a file of the build (assets live under static/). */
function assetsNamed(value: unknown): string[] {
  if (typeof value === 'string') return value.startsWith('static/') ? [value] : [];
  if (Array.isArray(value)) return value.flatMap(assetsNamed);
  if (value && typeof value === 'object') return Object.values(value).flatMap(assetsNamed);
  return [];
}

/** A JSON value written with sorted keys and sorted arrays: the same manifest however the build ordered it. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).sort().join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

interface Manifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
}

/**
 * The content address of a build: 12 hex digits of the SHA-256 of exactly what the browser loads, the
 * manifest (canonical), its entry and every asset it names. Build statistics, source maps and precompressed
 * copies are left out, so the same source gives the same version on any machine (mf-stats.json's order did
 * not).
 */
export function contentVersion(dir: string) {
  const manifest = JSON.parse(readFileSync(join(dir, 'mf-manifest.json'), 'utf8')) as Manifest;
  const entry = manifest.metaData?.remoteEntry;
  const files = [
    ...new Set([join(entry?.path ?? '', entry?.name ?? 'remoteEntry.js'), ...assetsNamed(manifest)]),
  ].sort();
  const hash = createHash('sha256');
  hash.update(canonical(manifest));
  for (const path of files) {
    hash.update(`\0${path}\0`);
    hash.update(readFileSync(join(dir, path)));
  }
  return hash.digest('hex').slice(0, 12);
}

/**
 * Writes the build in `distDir` as the release `<releasesDir>/<remote>/<version>/` and returns its version.
 * A release that exists already is left as it is (same content, same version): releases never change.
 */
export function writeRelease(remote: RemoteName, distDir: string, releasesDir: string) {
  if (!existsSync(join(distDir, 'mf-manifest.json')))
    throw new Error(`${distDir} holds no build of ${remote}`);
  const version = contentVersion(distDir);
  const target = releaseDir(releasesDir, remote, version);
  if (existsSync(target)) return version;
  // Written beside, then renamed: a gateway never sees half a release.
  const partial = `${target}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  for (const path of releaseFiles(distDir)) {
    mkdirSync(join(partial, path, '..'), { recursive: true });
    cpSync(join(distDir, path), join(partial, path));
  }
  renameSync(partial, target);
  return version;
}

/** Sets one remote's version in one environment's file (the one line a release or a rollback changes). */
export function pointEnvironment(
  environmentsDir: string,
  environment: string,
  remote: RemoteName,
  version: string,
) {
  const file = readEnvironmentFile(environmentsDir, environment);
  const next = environmentFile.parse({ ...file, remotes: { ...file.remotes, [remote]: version } });
  writeFileSync(join(environmentsDir, `${environment}.json`), `${JSON.stringify(next, null, 2)}\n`);
}

/** The shell/remote contract's package, and the version this checkout's shell is built with. */
const contractPackage = '@baton/web-platform';
const shellContract = () =>
  (
    JSON.parse(readFileSync(join(repoRoot, 'packages/web-platform/package.json'), 'utf8')) as {
      version: string;
    }
  ).version;

/**
 * Why `version` of `remote` may not be promoted from the environment that runs `running`, or null: it must be
 * a release (not a checkout's build), be what that environment runs, be in the store, and ask for a contract
 * range this checkout's shell satisfies.
 */
export function promotionRefusal(options: {
  remote: RemoteName;
  version: string;
  running: string;
  from: string;
  releasesDir: string;
}) {
  const { remote, version, running, from, releasesDir } = options;
  if (version === 'dist')
    return `${from} runs this checkout's build of ${remote}, not a release: publish it first.`;
  if (!releaseVersion.safeParse(version).success)
    return `"${version}" is not a release version (12 hex digits).`;
  const manifestFile = join(releaseDir(releasesDir, remote, version), 'mf-manifest.json');
  if (!existsSync(manifestFile)) return `${remote}@${version} is not in the release store.`;
  if (version !== running) return `${remote}@${version} is not what ${from} runs (${running}).`;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
    shared?: { name: string; requiredVersion?: string }[];
  };
  const range = manifest.shared?.find((shared) => shared.name === contractPackage)?.requiredVersion;
  if (range && !satisfies(shellContract(), range))
    return `${remote}@${version} needs ${contractPackage} ${range}; the shell has ${shellContract()}.`;
  return null;
}
