import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import {
  environmentDir,
  pointerFile,
  pointerFileName,
  type ReleaseStore,
  type RemoteName,
  readEnvironment,
  readPointers,
  releaseFiles,
  releaseStoreEnv,
  releaseStoreOf,
  releaseVersion,
  repoRoot,
  settingsFileName,
} from '@baton/gateway';
import { satisfies } from 'semver';
import { z } from 'zod';

/**
 * Releases and environments (deploy/README.md "Releases"): a remote's build goes into the release store once,
 * named by its content; environments point at releases, one pointer file per remote. The gateway reads both.
 */

/** Where the environments are and which release store to use: the gateway's own settings. */
export function releaseSettings(env: NodeJS.ProcessEnv = process.env) {
  const settings = releaseStoreEnv
    .extend({ ENVIRONMENTS_DIR: z.string().default(resolve(repoRoot, 'deploy/environments')) })
    .parse(env);
  return { environmentsDir: settings.ENVIRONMENTS_DIR, store: releaseStoreOf(settings, repoRoot) };
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
  shared?: { name: string; requiredVersion?: string }[];
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
 * Puts the build in `distDir` into the store as `<remote>/<version>/` and returns its version. A release that
 * is there already is left as it is (same content, same version): releases never change.
 */
export async function uploadRelease(remote: RemoteName, distDir: string, store: ReleaseStore) {
  if (!existsSync(join(distDir, 'mf-manifest.json')))
    throw new Error(`${distDir} holds no build of ${remote}`);
  const version = contentVersion(distDir);
  const outcome = await store.put(remote, version, distDir, releaseFiles(distDir));
  return { version, outcome };
}

/** How many earlier versions a pointer keeps for rollbacks. */
const historyKept = 10;

function writePointer(environmentsDir: string, environment: string, remote: RemoteName, value: unknown) {
  const pointer = pointerFile.parse(value);
  const folder = environmentDir(environmentsDir, environment);
  writeFileSync(join(folder, pointerFileName(remote)), `${JSON.stringify(pointer, null, 2)}\n`);
  writeEnvironmentKustomization(environmentsDir, environment);
}

/**
 * Points `environment` at `version` of `remote` (its own pointer file), keeping what it ran before for a
 * rollback. Returns what it ran before.
 */
export function pointEnvironment(
  environmentsDir: string,
  environment: string,
  remote: RemoteName,
  version: string,
) {
  const running = readEnvironment(environmentsDir, environment)[remote];
  const own = readPointers(environmentsDir, environment)[remote];
  if (own?.version === version) return running;
  const previous = own ? [own.version, ...own.previous].slice(0, historyKept) : [];
  writePointer(environmentsDir, environment, remote, { version, previous });
  return running;
}

/** Points `environment` back at the version of `remote` it ran before; a string says why it cannot. */
export function rollBackEnvironment(environmentsDir: string, environment: string, remote: RemoteName) {
  const own = readPointers(environmentsDir, environment)[remote];
  const [back, ...older] = own?.previous ?? [];
  if (!own || !back) return `${environment} has no earlier ${remote} to go back to.`;
  writePointer(environmentsDir, environment, remote, { version: back, previous: older });
  return { from: own.version, to: back };
}

/**
 * The Kustomize file of an environment's folder: its files as the ConfigMap `baton-environment-<name>`,
 * which the gateways that run it (or extend it) mount. A changed pointer is a new ConfigMap name, so a rollout.
 */
export function environmentKustomization(environmentsDir: string, environment: string) {
  const files = readdirSync(environmentDir(environmentsDir, environment))
    .filter((file) => file.endsWith('.json'))
    .sort((a, b) => Number(b === settingsFileName) - Number(a === settingsFileName) || a.localeCompare(b));
  return [
    "# Written by the release command (deploy/src/releases.ts): the environment as the gateways' ConfigMap.",
    'apiVersion: kustomize.config.k8s.io/v1beta1',
    'kind: Kustomization',
    'configMapGenerator:',
    `  - name: baton-environment-${environment}`,
    '    files:',
    ...files.map((file) => `      - ${file}`),
    '',
  ].join('\n');
}

export function writeEnvironmentKustomization(environmentsDir: string, environment: string) {
  const file = join(environmentDir(environmentsDir, environment), 'kustomization.yaml');
  writeFileSync(file, environmentKustomization(environmentsDir, environment));
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
 * Why `version` of `remote` may not go into an environment, or null: it must be a release in the store that
 * asks for a contract range this checkout's shell satisfies.
 */
export async function releaseRefusal(store: ReleaseStore, remote: RemoteName, version: string) {
  if (version === 'dist')
    return `"dist" is this checkout's build of ${remote}, not a release: upload it first.`;
  if (!releaseVersion.safeParse(version).success)
    return `"${version}" is not a release version (12 hex digits).`;
  const dir = await store.localDir(remote, version);
  if (!dir) return `${remote}@${version} is not in the release store (${store.location}).`;
  const manifest = JSON.parse(await readFile(join(dir, 'mf-manifest.json'), 'utf8')) as Manifest;
  const range = manifest.shared?.find((shared) => shared.name === contractPackage)?.requiredVersion;
  if (range && !satisfies(shellContract(), range))
    return `${remote}@${version} needs ${contractPackage} ${range}; the shell has ${shellContract()}.`;
  return null;
}

/**
 * Why `version` of `remote` may not be promoted from `from`, or null: it must pass `releaseRefusal` and be
 * what `from` runs or ran (its pointer's history).
 */
export async function promotionRefusal(options: {
  store: ReleaseStore;
  environmentsDir: string;
  remote: RemoteName;
  version: string;
  from: string;
}) {
  const { store, environmentsDir, remote, version, from } = options;
  const running = readEnvironment(environmentsDir, from)[remote];
  const history = readPointers(environmentsDir, from)[remote]?.previous ?? [];
  const refusal = await releaseRefusal(store, remote, version);
  if (refusal) return refusal;
  if (version !== running && !history.includes(version))
    return `${remote}@${version} was never in ${from} (it runs ${running}).`;
  return null;
}
