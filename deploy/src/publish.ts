import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { readEnvironment, releaseDir, remoteNames, repoRoot } from '@baton/gateway';
import { pointEnvironment, storeDirs, writeRelease } from './releases';

/**
 * Publishes one remote to one environment: builds it, runs its tests, writes the build as an immutable
 * release and names that release in the environment's file. With `--version`, points the environment at a
 * release that exists already (a rollback), building nothing.
 *
 *   npm run publish-remote -- mf-settings --to staging
 *   npm run publish-remote -- mf-settings --to staging --version 4277290ce897
 */
const usage =
  'usage: npm run publish-remote -- <remote> --to <environment> [--version <release>] [--skip-tests]';
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    to: { type: 'string' },
    version: { type: 'string' },
    'skip-tests': { type: 'boolean', default: false },
  },
});
const remote = remoteNames.find((name) => name === positionals[0]);
if (!remote || !values.to) {
  console.error(`${usage}\n(remotes: ${remoteNames.join(', ')})`);
  process.exit(2);
}
const { ENVIRONMENTS_DIR: environmentsDir, RELEASES_DIR: releasesDir } = storeDirs();
// The environment must exist before anything is built for it.
const before = readEnvironment(environmentsDir, values.to)[remote];

function step(what: string, args: string[]) {
  console.log(`${what}…`);
  const result = spawnSync('npm', args, { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`${what} failed: nothing was published.`);
    process.exit(1);
  }
}

let version = values.version;
if (version === undefined) {
  step(`Building ${remote}`, ['run', 'build', '-w', remote]);
  if (!values['skip-tests']) step(`Testing ${remote}`, ['test', '-w', remote]);
  version = writeRelease(remote, join(repoRoot, remote, 'dist'), releasesDir);
  console.log(`Release ${remote}@${version} is in ${releaseDir(releasesDir, remote, version)}`);
}
pointEnvironment(environmentsDir, values.to, remote, version);
console.log(`${values.to}: ${remote} ${before} → ${version}`);
