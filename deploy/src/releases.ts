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
} from '@baton/gateway';

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

/** The content address of a build: 12 hex digits of the SHA-256 of its release files' paths and bytes. */
export function contentVersion(dir: string) {
  const hash = createHash('sha256');
  for (const path of releaseFiles(dir)) {
    hash.update(`${path}\0`);
    hash.update(readFileSync(join(dir, path)));
    hash.update('\0');
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
