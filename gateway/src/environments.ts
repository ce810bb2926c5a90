import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * Environments and releases of the remotes (deploy/README.md "Environments").
 *
 * A release is an immutable folder `<releases>/<remote>/<version>/`, the version being the content hash of
 * its files; the gateway serves it at `/mf/<remote>/<version>/`. An environment is a file
 * `<environments>/<name>.json` naming the version of each remote, or `"dist"` for the remote's own build
 * in this checkout (`<remote>/dist`, served at `/mf/<remote>/`). `extends` starts from another
 * environment, so a per-remote staging file names only the remote it stages.
 */
export const remoteNames = ['mf-tasks', 'mf-folders', 'mf-notifications', 'mf-settings'] as const;
export type RemoteName = (typeof remoteNames)[number];

/** A release version: 12 hex digits of the SHA-256 of its files. */
export const releaseVersion = z.string().regex(/^[0-9a-f]{12}$/, 'a release version is 12 hex digits');
/** What an environment names for a remote: a release, or this checkout's build. */
const remoteSource = z.union([z.literal('dist'), releaseVersion]);

export const environmentFile = z
  .object({
    /** One line for people: what this environment is for. */
    description: z.string().optional(),
    extends: z.string().optional(),
    remotes: z.partialRecord(z.enum(remoteNames), remoteSource).default({}),
  })
  .strict();
export type EnvironmentFile = z.infer<typeof environmentFile>;

export type Environment = Record<RemoteName, string>;

const environmentName = /^[a-z0-9][a-z0-9-]*$/;

export function readEnvironmentFile(dir: string, name: string): EnvironmentFile {
  if (!environmentName.test(name)) throw new Error(`"${name}" is not an environment name`);
  const file = join(dir, `${name}.json`);
  if (!existsSync(file)) throw new Error(`no environment "${name}" (${file})`);
  const parsed = environmentFile.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** What environment `name` runs: each remote's version or "dist", following `extends`. */
export function readEnvironment(dir: string, name: string, seen: string[] = []): Environment {
  if (seen.includes(name))
    throw new Error(`environments extend each other in a loop: ${[...seen, name].join(' → ')}`);
  const file = readEnvironmentFile(dir, name);
  const base = file.extends ? readEnvironment(dir, file.extends, [...seen, name]) : {};
  const remotes = { ...base, ...file.remotes };
  const missing = remoteNames.filter((remote) => !(remote in remotes));
  if (missing.length > 0) throw new Error(`environment "${name}" names no version of ${missing.join(', ')}`);
  return remotes as Environment;
}

export const releaseDir = (releasesDir: string, remote: string, version: string) =>
  join(releasesDir, remote, version);

/** The remotes an environment names that are neither a release in `releasesDir` nor "dist". */
export function missingReleases(environment: Environment, releasesDir: string) {
  return Object.entries(environment)
    .filter(
      ([remote, version]) =>
        version !== 'dist' && !existsSync(join(releaseDir(releasesDir, remote, version), 'mf-manifest.json')),
    )
    .map(([remote, version]) => `${remote}@${version}`);
}

/** The manifest URL of each remote, as /remotes.json gives them to the shell. */
export function manifestUrls(environment: Environment) {
  return Object.fromEntries(
    Object.entries(environment).map(([remote, version]) => [
      remote,
      version === 'dist' ? `/mf/${remote}/mf-manifest.json` : `/mf/${remote}/${version}/mf-manifest.json`,
    ]),
  );
}
