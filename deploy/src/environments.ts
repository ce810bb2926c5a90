import {
  environmentNames,
  missingReleases,
  type ReleaseStore,
  readEnvironment,
  readEnvironmentSettings,
  remoteNames,
} from '@baton/gateway';
import { releaseSettings } from './releases';

/**
 * What each environment runs: one line per environment, one column per remote (a release version, or
 * "dist" for this checkout's build), marking releases missing from the store.
 *
 *   npm run environments
 */
export async function environmentsTable(environmentsDir: string, store: ReleaseStore) {
  const rows = await Promise.all(
    environmentNames(environmentsDir).map(async (name) => {
      const environment = readEnvironment(environmentsDir, name);
      const missing = await missingReleases(environment, store.has);
      return [
        name,
        ...remoteNames.map((remote) => {
          const version = environment[remote];
          return missing.includes(`${remote}@${version}`) ? `${version} (missing)` : version;
        }),
        readEnvironmentSettings(environmentsDir, name).description ?? '',
      ];
    }),
  );
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
  const { environmentsDir, store } = releaseSettings();
  console.log(`releases: ${store.location}`);
  console.log((await environmentsTable(environmentsDir, store)).join('\n'));
}
