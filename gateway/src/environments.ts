import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * Environments of the remotes (deploy/README.md "Environments").
 *
 * An environment is a folder `<environments>/<name>/`: `environment.json` says what it is for and which
 * environment it starts from (`extends`), and one pointer file per remote it sets, `<remote>.json`, names
 * that remote's release (a version in the release store, served at `/mf/<remote>/<version>/`) or `"dist"`
 * (the remote's own build in this checkout, served at `/mf/<remote>/`), with the versions it ran before.
 * One file per remote per environment: two remotes promoted on two branches never touch the same file.
 */
export const remoteNames = ['mf-tasks', 'mf-folders', 'mf-notifications', 'mf-settings'] as const;
export type RemoteName = (typeof remoteNames)[number];
export const isRemoteName = (name: string): name is RemoteName =>
  (remoteNames as readonly string[]).includes(name);

/** A release version: 12 hex digits of the SHA-256 of what the browser loads. */
export const releaseVersion = z.string().regex(/^[0-9a-f]{12}$/, 'a release version is 12 hex digits');
/** What an environment names for a remote: a release, or this checkout's build. */
const remoteSource = z.union([z.literal('dist'), releaseVersion]);

export const environmentSettings = z
  .object({
    /** One line for people: what this environment is for. */
    description: z.string().optional(),
    extends: z.string().optional(),
  })
  .strict();
export type EnvironmentSettings = z.infer<typeof environmentSettings>;

/** `<environment>/<remote>.json`: what the environment runs of the remote, and what it ran before (newest first). */
export const pointerFile = z
  .object({ version: remoteSource, previous: z.array(remoteSource).default([]) })
  .strict();
export type Pointer = z.infer<typeof pointerFile>;

export type Environment = Record<RemoteName, string>;

const environmentName = /^[a-z0-9][a-z0-9-]*$/;
export const settingsFileName = 'environment.json';
export const pointerFileName = (remote: RemoteName) => `${remote}.json`;

function readJson<T>(file: string, schema: z.ZodType<T>): T {
  const parsed = schema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** The folder of environment `name`, which must exist. */
export function environmentDir(dir: string, name: string) {
  if (!environmentName.test(name)) throw new Error(`"${name}" is not an environment name`);
  const folder = join(dir, name);
  if (!existsSync(join(folder, settingsFileName))) throw new Error(`no environment "${name}" (${folder})`);
  return folder;
}

export const readEnvironmentSettings = (dir: string, name: string) =>
  readJson(join(environmentDir(dir, name), settingsFileName), environmentSettings);

/** The remotes environment `name` sets itself (not those it takes from the one it extends). */
export function readPointers(dir: string, name: string): Partial<Record<RemoteName, Pointer>> {
  const folder = environmentDir(dir, name);
  const files = readdirSync(folder).filter((file) => file.endsWith('.json') && file !== settingsFileName);
  const unknown = files.filter((file) => !isRemoteName(file.slice(0, -'.json'.length)));
  if (unknown.length > 0) throw new Error(`${folder}: no remote is called ${unknown.join(', ')}`);
  return Object.fromEntries(
    files.map((file) => [file.slice(0, -'.json'.length), readJson(join(folder, file), pointerFile)]),
  );
}

/** What environment `name` runs: each remote's version or "dist", following `extends`. */
export function readEnvironment(dir: string, name: string, seen: string[] = []): Environment {
  if (seen.includes(name))
    throw new Error(`environments extend each other in a loop: ${[...seen, name].join(' → ')}`);
  const settings = readEnvironmentSettings(dir, name);
  const base = settings.extends ? readEnvironment(dir, settings.extends, [...seen, name]) : {};
  const own = Object.entries(readPointers(dir, name)).map(([remote, pointer]) => [remote, pointer.version]);
  const remotes = { ...base, ...Object.fromEntries(own) };
  const missing = remoteNames.filter((remote) => !(remote in remotes));
  if (missing.length > 0) throw new Error(`environment "${name}" names no version of ${missing.join(', ')}`);
  return remotes as Environment;
}

/** Environment `name` and the ones it extends, nearest first. */
export function environmentChain(dir: string, name: string): string[] {
  const parent = readEnvironmentSettings(dir, name).extends;
  return [name, ...(parent ? environmentChain(dir, parent) : [])];
}

/** Every environment in `dir`, by name. */
export const environmentNames = (dir: string) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(dir, entry.name, settingsFileName)))
    .map((entry) => entry.name)
    .sort();

/** The manifest URL of each remote, as /remotes.json gives them to the shell. */
export function manifestUrls(environment: Environment) {
  return Object.fromEntries(
    Object.entries(environment).map(([remote, version]) => [
      remote,
      version === 'dist' ? `/mf/${remote}/mf-manifest.json` : `/mf/${remote}/${version}/mf-manifest.json`,
    ]),
  );
}
