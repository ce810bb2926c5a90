import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type RemoteName, readEnvironment, remoteNames, repoRoot } from '@baton/gateway';
import { contentVersion, pointEnvironment, promotionRefusal, storeDirs } from './releases';

/**
 * Releases from the command line (deploy/README.md "Environments"):
 *
 *   npm run release -- version <remote>
 *     the version this checkout's build of <remote> would be released as (build it first)
 *   npm run release -- promote <remote> --from <environment> --to <environment> [--version <release>]
 *     points --to at the release --from runs, refused (exit 1, one line why) when that release is not in the
 *     store, is not what --from runs, or needs another shell/remote contract than this checkout's shell
 */
const usage = [
  'usage: npm run release -- version <remote>',
  '       npm run release -- promote <remote> --from <environment> --to <environment> [--version <release>]',
].join('\n');
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { from: { type: 'string' }, to: { type: 'string' }, version: { type: 'string' } },
});
const [command, name] = positionals;
const remote = remoteNames.find((candidate) => candidate === name) as RemoteName | undefined;

function fail(reason: string, status = 1): never {
  console.error(reason);
  process.exit(status);
}

if (!remote) fail(`${usage}\n(remotes: ${remoteNames.join(', ')})`, 2);
if (command === 'version') {
  try {
    console.log(contentVersion(join(repoRoot, remote, 'dist')));
  } catch {
    fail(`${remote} has no build: run npm run build -w @baton/${remote} first.`);
  }
} else if (command === 'promote' && values.from && values.to) {
  const { ENVIRONMENTS_DIR: environmentsDir, RELEASES_DIR: releasesDir } = storeDirs();
  const running = readEnvironment(environmentsDir, values.from)[remote];
  const version = values.version ?? running;
  const refusal = promotionRefusal({ remote, version, running, from: values.from, releasesDir });
  if (refusal) fail(refusal);
  const before = readEnvironment(environmentsDir, values.to)[remote];
  pointEnvironment(environmentsDir, values.to, remote, version);
  console.log(`${values.to}: ${remote} ${before} → ${version} (from ${values.from})`);
} else fail(usage, 2);
