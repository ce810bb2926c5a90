/// <reference lib="dom" />
/**
 * Lighthouse (mobile: its default throttled phone) on `/`, `/login` and `/home` of a running app: performance
 * and accessibility scores with the metrics behind them, each page on a cold cache. /home needs a session: a
 * person is signed up through the API and their tokens stored in the browser profile Lighthouse drives.
 * Lighthouse 12 is fetched by npx (it is not a dependency of the repository: it is a tool, not part of the app).
 *
 *   BASE_URL=http://localhost:8080 [LIGHTHOUSE_REPORTS=/tmp/lh] npm run bench:lighthouse -w bench
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort, makeUser } from '@baton/test-kit';
import { chromium } from 'playwright-core';

const base = process.env.BASE_URL ?? 'http://localhost:8080';
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const lighthouse = process.env.LIGHTHOUSE ?? 'lighthouse@12';
const run = promisify(execFile);
/** A folder to keep each page's full report in (LIGHTHOUSE_REPORTS), for a closer look. */
const reports = process.env.LIGHTHOUSE_REPORTS;
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

// /home needs a session: sign up through the API, then keep its tokens where login would (Remember me).
const person = makeUser();
const signup = await fetch(`${base}/user_signup/`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ ...person, confirmPassword: person.password }),
});
if (signup.status !== 201) throw new Error(`sign-up answered ${signup.status}`);
const { tokens } = (await signup.json()) as { tokens: { access: string; refresh: string } };

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
  async function audit(path: string) {
    // The profile keeps the session (no storage reset), so the cache is emptied by hand first.
    await cdp.send('Network.clearBrowserCache');
    const out = join(reports ?? profile, `${path.replace(/\W/g, '') || 'landing'}.json`);
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
    const report = JSON.parse(readFileSync(out, 'utf8')) as Report;
    const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
    const shown = metrics
      .map(([id, label]) => `${label} ${report.audits[id]?.displayValue ?? '?'}`)
      .join('  ');
    console.log(
      `  ${path.padEnd(7)} performance ${String(score('performance')).padStart(3)}   accessibility ${String(score('accessibility')).padStart(3)}   ${shown}`,
    );
    const failing = (report.categories.accessibility?.auditRefs ?? [])
      .map((ref) => report.audits[ref.id])
      .filter((result) => result && result.score !== null && result.score < 1);
    for (const result of failing) console.log(`          accessibility: ${result?.title}`);
  }

  console.log(`Lighthouse (${lighthouse}, mobile, cold cache) on ${base}`);
  // The public pages as a visitor without a session sees them.
  await audit('/');
  await audit('/login');
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
  await audit('/home');
} finally {
  await browser.close();
  rmSync(profile, { recursive: true, force: true });
}
