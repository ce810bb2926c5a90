import { readdirSync } from 'node:fs';
import { missingReleases, readEnvironment, readEnvironmentFile, remoteNames } from '@baton/gateway';
import { storeDirs } from './releases';

/**
 * What each environment runs: one line per environment, one column per remote (a release version, or
 * "dist" for this checkout's build), marking releases missing from the store.
 *
 *   npm run environments
 */
export function environmentsTable(environmentsDir: string, releasesDir: string) {
  const names = readdirSync(environmentsDir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length))
    .sort();
  const rows = names.map((name) => {
    const environment = readEnvironment(environmentsDir, name);
    const missing = missingReleases(environment, releasesDir);
    return [
      name,
      ...remoteNames.map((remote) => {
        const version = environment[remote];
        return missing.includes(`${remote}@${version}`) ? `${version} (missing)` : version;
      }),
      readEnvironmentFile(environmentsDir, name).description ?? '',
    ];
  });
  const table = [['environment', ...remoteNames, 'what it is'], ...rows];
  const widths =
    table[0]?.map((_, column) => Math.max(...table.map((row) => row[column]?.length ?? 0))) ?? [];
  return table.map((row) =>
    row
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd(),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { ENVIRONMENTS_DIR, RELEASES_DIR } = storeDirs();
  console.log(environmentsTable(ENVIRONMENTS_DIR, RELEASES_DIR).join('\n'));
}
