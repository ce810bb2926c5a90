import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { repoRoot } from '@baton/gateway';

/**
 * `npm run test:parallel`: `npm test`'s tests as three vitest processes at once, then one JSON report of them (`.vitest-report.json`):
 *
 * - every project but the browser tests, with more workers than cores (TEST_WORKERS, default 3): most of those
 *   files wait on Postgres;
 * - the browser tests in two lanes, one file at a time each (each file starts whole apps). The first lane has the
 *   files that need the machine's Postgres and NATS (the distributed topology); the second runs the others on
 *   an embedded Postgres of its own (DATABASE_URL unset: the test kit's global setup starts one), so the two
 *   lanes' apps, which use the same database names, never share a database.
 *
 * In one process vitest runs a project whose files run one at a time as its own group after every other file,
 * and on 2 cores with one worker: everything one file after another, 41 minutes on CI (issue 37's note).
 * Arguments (a file filter, `-t <name>`) are handed to every process, and then the browser tests run in one lane.
 */
const sharedInfraFiles = ['chaos', 'distributed', 'releases', 'fuzz', 'themes', 'settings'].map(
  (name) => `${name}.e2e.test.ts`,
);
const reports = join(repoRoot, '.vitest-reports');
const vitest = join(repoRoot, 'node_modules/.bin/vitest');
const workers = process.env.TEST_WORKERS ?? '3';
const filters = process.argv.slice(2);
// A filter may leave a process without a file.
const extra = filters.length > 0 ? [...filters, '--passWithNoTests'] : [];

function run(name: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const child = spawn(
    vitest,
    [
      'run',
      ...args,
      '--reporter=default',
      '--reporter=blob',
      `--outputFile.blob=${join(reports, `${name}.json`)}`,
    ],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'], env: { FORCE_COLOR: '1', ...env } },
  );
  // Each line says which process wrote it: they write at once.
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => console.log(`${name.padEnd(5)}│ ${line}`));
  }
  return new Promise<number>((resolve) => child.once('exit', (code) => resolve(code ?? 1)));
}

/** The front ends, built once for both lanes (the e2e project's global setup would build them in each). */
function buildFrontEnds() {
  const child = spawn(
    join(repoRoot, 'node_modules/.bin/tsx'),
    ['-e', 'import("./e2e/src/browser.ts").then((b) => b.buildFrontEnds())'],
    {
      cwd: repoRoot,
      stdio: 'inherit',
    },
  );
  return new Promise<number>((resolve) => child.once('exit', (code) => resolve(code ?? 1)));
}

async function browserTests() {
  if (filters.length > 0) return [await run('e2e', ['--project', 'e2e', ...extra])];
  if ((await buildFrontEnds()) !== 0) return [1];
  const built: NodeJS.ProcessEnv = { ...process.env, E2E_FRONT_ENDS_BUILT: '1' };
  const ownPostgres = { ...built };
  delete ownPostgres.DATABASE_URL;
  return Promise.all([
    run('e2e-1', ['--project', 'e2e', ...sharedInfraFiles.map((file) => `src/${file}`)], built),
    run(
      'e2e-2',
      ['--project', 'e2e', ...sharedInfraFiles.flatMap((file) => ['--exclude', `**/${file}`])],
      ownPostgres,
    ),
  ]);
}

rmSync(reports, { recursive: true, force: true });
mkdirSync(reports);
const codes = (
  await Promise.all([
    run('unit', ['--project', '!e2e', `--maxWorkers=${workers}`, ...extra]).then((c) => [c]),
    browserTests(),
  ])
).flat();
// One report of every run, as CI reads it (.ci/run's summary, `npm run areas -- --report`).
const merged = await new Promise<number>((resolve) =>
  spawn(vitest, ['--merge-reports', reports, '--reporter=json', '--outputFile=.vitest-report.json'], {
    cwd: repoRoot,
    stdio: 'inherit',
  }).once('exit', (code) => resolve(code ?? 1)),
);
process.exitCode = codes.every((code) => code === 0) && merged === 0 ? 0 : 1;
