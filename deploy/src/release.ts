import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type RemoteName, readEnvironment, remoteNames, repoRoot } from '@baton/gateway';
import {
  contentVersion,
  pointEnvironment,
  promotionRefusal,
  releaseRefusal,
  releaseSettings,
  rollBackEnvironment,
  uploadRelease,
} from './releases';

/**
 * Releases from the command line (deploy/README.md "Releases"). The store is RELEASE_STORE (a bucket
 * `s3://…` or a directory, `.data/releases` by default), the environments ENVIRONMENTS_DIR.
 *
 *   npm run release -- version <remote>
 *     the version this checkout's build of <remote> is released as (build it first)
 *   npm run release -- upload <remote> [--to <environment>] [--dir <build>]
 *     puts the build (<remote>/dist, or --dir: a CI artifact) into the store (once: releases never change)
 *     and, with --to, points the environment at it
 *   npm run release -- promote <remote> --from <environment> --to <environment> [--version <release>]
 *     points --to at the release --from runs (or ran, with --version)
 *   npm run release -- rollback <remote> --env <environment>
 *     points the environment back at the release of <remote> it ran before
 *
 * Every refusal exits 1 with one line saying why.
 */
const usage = [
  'usage: npm run release -- version <remote>',
  '       npm run release -- upload <remote> [--to <environment>] [--dir <build>]',
  '       npm run release -- promote <remote> --from <environment> --to <environment> [--version <release>]',
  '       npm run release -- rollback <remote> --env <environment>',
].join('\n');
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    from: { type: 'string' },
    to: { type: 'string' },
    env: { type: 'string' },
    dir: { type: 'string' },
    version: { type: 'string' },
  },
});
const [command, name] = positionals;
const remote = remoteNames.find((candidate) => candidate === name) as RemoteName | undefined;

function fail(reason: string, status = 1): never {
  console.error(reason);
  process.exit(status);
}

/** Points `environment` at `version` and says so. */
function point(environment: string, version: string, why = '') {
  const before = pointEnvironment(environmentsDir, environment, remote as RemoteName, version);
  console.log(`${environment}: ${remote} ${before} → ${version}${why}`);
}

if (!remote) fail(`${usage}\n(remotes: ${remoteNames.join(', ')})`, 2);
const distDir = values.dir ? resolve(values.dir) : join(repoRoot, remote, 'dist');
const { environmentsDir, store } = releaseSettings();
try {
  if (command === 'version') {
    console.log(contentVersion(distDir));
  } else if (command === 'upload') {
    // The environment must exist before anything is uploaded for it.
    if (values.to) readEnvironment(environmentsDir, values.to);
    const { version, outcome } = await uploadRelease(remote, distDir, store);
    console.log(
      `${remote}@${version} ${outcome === 'added' ? 'added to' : 'was already in'} ${store.location}`,
    );
    if (values.to) {
      const refusal = await releaseRefusal(store, remote, version);
      if (refusal) fail(refusal);
      point(values.to, version);
    }
  } else if (command === 'promote' && values.from && values.to) {
    const version = values.version ?? readEnvironment(environmentsDir, values.from)[remote];
    const refusal = await promotionRefusal({ store, environmentsDir, remote, version, from: values.from });
    if (refusal) fail(refusal);
    point(values.to, version, ` (from ${values.from})`);
  } else if (command === 'rollback' && values.env) {
    const outcome = rollBackEnvironment(environmentsDir, values.env, remote);
    if (typeof outcome === 'string') fail(outcome);
    console.log(`${values.env}: ${remote} ${outcome.from} → ${outcome.to} (rolled back)`);
  } else fail(usage, 2);
} catch (error) {
  const { code, message } = error as NodeJS.ErrnoException;
  fail(code === 'ENOENT' ? `${remote} has no build: run npm run build -w @baton/${remote} first.` : message);
}
