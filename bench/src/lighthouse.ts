/// <reference lib="dom" />
/**
 * Lighthouse (mobile: its default throttled phone) on `/`, `/login` and `/home` of a running app: performance
 * and accessibility scores with the metrics behind them, each page on a cold cache. /home needs a session: a
 * person is signed up through the API and their tokens stored in the browser profile Lighthouse drives.
 * Lighthouse 12 is fetched by npx (it is not a dependency of the repository: it is a tool, not part of the app).
 *
 * One run of Lighthouse moves by a few points (its simulation starts from the CPU times it observed), so each page
 * is audited LIGHTHOUSE_RUNS times (default 5, as Lighthouse's own guidance on variability suggests) and the run
 * with the median performance score is shown, with the lowest and highest. LIGHTHOUSE_PAGES picks pages.
 *
 *   BASE_URL=http://localhost:8080 [LIGHTHOUSE_RUNS=5] [LIGHTHOUSE_PAGES=/home] [LIGHTHOUSE_REPORTS=/tmp/lh] \
 *     npm run bench:lighthouse -w bench
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort, signUp } from '@baton/test-kit';
import { chromium } from 'playwright-core';

const base = process.env.BASE_URL ?? 'http://localhost:8080';
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const lighthouse = process.env.LIGHTHOUSE ?? 'lighthouse@12';
const run = promisify(execFile);
/** A folder to keep each page's full report in (LIGHTHOUSE_REPORTS), for a closer look. */
const reports = process.env.LIGHTHOUSE_REPORTS;
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const pages = (process.env.LIGHTHOUSE_PAGES ?? '/,/login,/home').split(',');
const metrics = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
] as const;

interface Report {
  lighthouseVersion: string;
  categories: Record<string, { score: number; auditRefs: { id: string }[] }>;
  audits: Record<string, { score: number | null; displayValue?: string; title: string }>;
}

// /home needs a session: sign up and in through the API, then keep its tokens where login would (Remember me).
const person = await signUp((path, init) => fetch(`${base}${path}`, init));
const tokens = { access: person.access, refresh: person.refresh };

const profile = mkdtempSync(join(tmpdir(), 'baton-lighthouse-'));
const port = await freePort();
const browser = await chromium.launchPersistentContext(profile, {
  executablePath: chromePath,
  args: ['--headless=new', '--no-sandbox', '--disable-gpu', `--remote-debugging-port=${port}`],
});
try {
  const page = browser.pages()[0] ?? (await browser.newPage());
  const cdp = await browser.newCDPSession(page);

  /** Lighthouse on `path` in this browser (its profile, so a stored session counts), on an emptied cache. */
  async function lighthouseOn(path: string, out: string) {
    // The profile keeps the session (no storage reset), so the cache is emptied by hand first.
    await cdp.send('Network.clearBrowserCache');
    const lighthouseRun = () =>
      run(
        'npx',
        [
          '-y',
          lighthouse,
          `${base}${path}`,
          `--port=${port}`,
          '--disable-storage-reset',
          '--only-categories=performance,accessibility',
          '--output=json',
          `--output-path=${out}`,
          '--quiet',
        ],
        { env: { ...process.env, CHROME_PATH: chromePath }, maxBuffer: 64 * 1024 * 1024 },
      );
    // Lighthouse now and then loses the trace (NO_NAVSTART): one more try.
    await lighthouseRun().catch(lighthouseRun);
    return JSON.parse(readFileSync(out, 'utf8')) as Report;
  }

  /** `runs` audits of `path`; prints the median run (its report kept as <page>.json) and the range. */
  async function audit(path: string) {
    const name = path.replace(/\W/g, '') || 'landing';
    const performanceOf = (report: Report) => Math.round((report.categories.performance?.score ?? 0) * 100);
    const done: { report: Report; out: string }[] = [];
    for (let n = 1; n <= runs; n += 1) {
      const out = join(reports ?? profile, `${name}-${n}.json`);
      done.push({ report: await lighthouseOn(path, out), out });
    }
    done.sort((a, b) => performanceOf(a.report) - performanceOf(b.report));
    const [lowest, median, highest] = [0, Math.floor((done.length - 1) / 2), done.length - 1].map(
      (at) => done[at] as (typeof done)[number],
    ) as [(typeof done)[number], (typeof done)[number], (typeof done)[number]];
    copyFileSync(median.out, join(reports ?? profile, `${name}.json`));
    const report = median.report;
    const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
    const range = `(${performanceOf(lowest.report)}–${performanceOf(highest.report)} in ${runs} runs)`;
    const shown = metrics
      .map(([id, label]) => `${label} ${report.audits[id]?.displayValue ?? '?'}`)
      .join('  ');
    console.log(
      `  ${path.padEnd(7)} performance ${String(score('performance')).padStart(3)} ${range}   accessibility ${String(score('accessibility')).padStart(3)}   ${shown}`,
    );
    const failing = (report.categories.accessibility?.auditRefs ?? [])
      .map((ref) => report.audits[ref.id])
      .filter((result) => result && result.score !== null && result.score < 1);
    for (const result of failing) console.log(`          accessibility: ${result?.title}`);
  }

  console.log(`Lighthouse (${lighthouse}, mobile, cold cache, median of ${runs}) on ${base}`);
  // The public pages as a visitor without a session sees them.
  if (pages.includes('/')) await audit('/');
  if (pages.includes('/login')) await audit('/login');
  await page.goto(`${base}/terms`);
  await page.evaluate(
    ({ access, refresh, email }) => {
      localStorage.setItem('baton.accessToken', access);
      localStorage.setItem('baton.refreshToken', refresh);
      localStorage.setItem('baton.email', email);
      localStorage.setItem('baton.lastActive', String(Date.now()));
    },
    { ...tokens, email: person.email },
  );
  if (pages.includes('/home')) await audit('/home');
} finally {
  await browser.close();
  rmSync(profile, { recursive: true, force: true });
}
