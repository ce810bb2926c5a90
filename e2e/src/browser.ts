/// <reference lib="dom" />
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { chromiumPath, fullChromiumPath } from '@baton/test-kit';
import { type Browser, chromium, type Page } from 'playwright-core';
import { repoRoot } from './process';

/** Chromium's headless shell, or (`full`) the whole browser. */
export function launchBrowser({ full = false } = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: full ? fullChromiumPath() : chromiumPath(),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** The shell and every remote in the repo (`mf-*`), as the gateway serves them. */
export const frontEndApps = () =>
  ['shell', ...readdirSync(repoRoot).filter((name) => name.startsWith('mf-'))].filter((name) =>
    existsSync(join(repoRoot, name, 'package.json')),
  );

/**
 * Builds the front-end apps from the current source, so the browser never tests a stale dist/ (once per run:
 * the e2e project's global setup). All at once: one build keeps about one core busy, so on 2 cores the five
 * took 12 s together against 21 s one after another.
 */
export async function buildFrontEnds() {
  await Promise.all(
    frontEndApps().map((app) =>
      promisify(execFile)('npm', ['run', 'build'], {
        cwd: join(repoRoot, app),
        maxBuffer: 64 * 2 ** 20,
      }).catch((error: { stdout?: string; stderr?: string }) => {
        throw new Error(`${app} build failed:\n${error.stdout}\n${error.stderr}`);
      }),
    ),
  );
}

const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** axe-core's serious and critical violations on the page as it is now, once its transitions have ended (WCAG 2.1 AA rules). */
export async function seriousViolations(page: Page) {
  // Once per document: a page the app moved within keeps it (parsing axe's half megabyte again costs more
  // than a run of its rules on a slow machine).
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axeSource });
  // Colours as they settle: a check during a transition (an item becoming the active one) sees a mixture.
  // Endless ones (a spinner) never end: not waited for, and no wait beyond 2 s.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter(
            (animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY,
          )
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
  const results = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (o: object) => Promise<AxeResults> } }).axe;
    return axe.run({
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      // Every rule runs as before; only the violations are described node by node.
      resultTypes: ['violations'],
    });
  });
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

interface AxeResults {
  violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
}
