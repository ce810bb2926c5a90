import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs, stripVTControlCharacters } from 'node:util';
import { repoRoot } from '@baton/gateway';
import type { FileTime } from '../../vitest.file-times.mts';

/**
 * Each area (workspace) on its own.
 *
 *   npm run areas                          each workspace's `npm test -w <name>` alone, in a fresh clone of
 *                                          HEAD with nothing built: the matrix of results and times
 *   npm run areas -- --report <json>       the time and tests per area of one vitest run, and its ten slowest
 *                                          files (CI's .vitest-file-times.json: vitest.file-times.mts)
 */
interface Area {
  dir: string;
  name: string;
}

/** The workspaces that have tests, in the order the root package.json lists their folders. */
function areasOf(root: string): Area[] {
  const out = execFileSync('npm', ['query', '.workspace'], { cwd: root, encoding: 'utf8' });
  return (JSON.parse(out) as { name: string; location: string; scripts?: Record<string, string> }[])
    .filter((w) => w.scripts?.test)
    .map((w) => ({ dir: w.location, name: w.name }));
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const table = (rows: string[][]) => {
  const widths = rows[0]?.map((_, c) => Math.max(...rows.map((row) => row[c]?.length ?? 0))) ?? [];
  return rows
    .map((row) =>
      row
        .map((cell, c) => cell.padEnd(widths[c] ?? 0))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
};

/**
 * This environment without what `npm run` adds (npm_config_local_prefix would point the clone's npm at this
 * checkout, an empty npm_config_allow_scripts would skip the install scripts the root package.json allows).
 */
const plainEnv = () =>
  Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('npm_')));

/** Runs every area's tests alone in a clean clone of HEAD. */
function matrix() {
  const clone = mkdtempSync(join(tmpdir(), 'baton-areas-'));
  // Embedded Postgres runs as another user when this one is root: it must be able to reach the clone.
  chmodSync(clone, 0o755);
  try {
    execFileSync('git', ['clone', '--quiet', repoRoot, clone]);
    execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--silent'], {
      cwd: clone,
      stdio: 'inherit',
      env: plainEnv(),
    });
    const rows = [['area', 'result', 'tests', 'time']];
    for (const area of areasOf(clone)) {
      const started = Date.now();
      const run = spawnSync('npm', ['test', '-w', area.name], {
        cwd: clone,
        encoding: 'utf8',
        env: process.env,
      });
      const output = stripVTControlCharacters(`${run.stdout}${run.stderr}`);
      const tests = output.match(/Tests\s+(.+?)\s*\(\d+\)/)?.[1] ?? '?';
      rows.push([area.name, run.status === 0 ? 'pass' : 'FAIL', tests, seconds(Date.now() - started)]);
      console.log(rows.at(-1)?.join('  '));
      if (run.status !== 0) console.log(output.slice(-3000));
    }
    console.log(
      `\nEach area alone (npm test -w <area>, fresh clone of HEAD, nothing built):\n${table(rows)}`,
    );
    return rows.slice(1).every((row) => row[1] === 'pass');
  } finally {
    rmSync(clone, { recursive: true, force: true });
  }
}

/**
 * The time and tests of each area in one vitest run, from each file's whole time (vitest.file-times.mts:
 * setup, import, hooks and tests; files run in parallel, so times overlap), and the ten slowest files.
 */
function report(file: string) {
  const files = JSON.parse(readFileSync(file, 'utf8')) as FileTime[];
  const areas = areasOf(repoRoot);
  const totals = new Map<string, { files: number; tests: number; failed: number; ms: number }>();
  for (const result of files) {
    const path = relative(repoRoot, result.file);
    const area = areas.find((a) => path.startsWith(`${a.dir}/`))?.name ?? 'other';
    const total = totals.get(area) ?? { files: 0, tests: 0, failed: 0, ms: 0 };
    total.files += 1;
    total.tests += result.tests;
    total.failed += result.failed;
    total.ms += result.ms;
    totals.set(area, total);
  }
  const rows = [...totals.entries()]
    .sort((a, b) => b[1].ms - a[1].ms)
    .map(([area, t]) => [
      area,
      String(t.files),
      `${t.tests}${t.failed ? ` (${t.failed} failed)` : ''}`,
      seconds(t.ms),
    ]);
  console.log(
    `Time per area (sum of its test files' whole times):\n${table([['area', 'files', 'tests', 'time'], ...rows])}`,
  );
  const slowest = [...files]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 10)
    .map((r) => [relative(repoRoot, r.file), String(r.tests), seconds(r.ms)]);
  console.log(
    `\nThe ten slowest test files (setup, import, hooks and tests):\n${table([['file', 'tests', 'time'], ...slowest])}`,
  );
}

const { values } = parseArgs({ options: { report: { type: 'string' } } });
if (values.report) report(values.report);
else process.exitCode = matrix() ? 0 : 1;
