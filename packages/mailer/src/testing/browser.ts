import { createRequire } from 'node:module';
import { chromiumPath } from '@baton/test-kit';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mail } from '../mailer';

/** Debian's Chromium, headless (test-kit's `chromiumPath`). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });
}

const axeSource = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/**
 * axe-core's WCAG 2.1 AA and best-practice violations of a mail's HTML as a client shows it, light or dark
 * (dark runs the mail's `prefers-color-scheme` rules, so contrast is checked in both). The landmark rules
 * are left out: a mail is shown inside a mail client's page, whose landmarks are the client's.
 */
export async function mailViolations(browser: Browser, html: string, colorScheme: 'light' | 'dark') {
  const page = await browser.newPage({ colorScheme });
  try {
    await page.setContent(html);
    await page.addScriptTag({ path: axeSource });
    const results = await page.evaluate(async () => {
      const axe = (globalThis as unknown as { axe: { run: (o: object) => Promise<AxeResults> } }).axe;
      return axe.run({
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
        rules: { region: { enabled: false }, 'landmark-one-main': { enabled: false } },
      });
    });
    return results.violations.map(
      (v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
  } finally {
    await page.close();
  }
}

interface AxeResults {
  violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
}

/** Declares one test per mail of `mails` (name, builder first): no axe violations, light or dark. */
export function describeAxeChecks(
  mails: ReadonlyArray<readonly [string, () => Promise<Mail>, ...unknown[]]>,
) {
  describe('in Chromium, checked by axe-core (WCAG 2.1 AA, contrast included)', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchChromium();
    });
    afterAll(() => browser.close());

    const named = mails.map(([name, make]) => ({ name, make }));
    it.each(named)('$name has no violations, light or dark', async ({ make }) => {
      const html = (await make()).html ?? '';
      expect(await mailViolations(browser, html, 'light')).toEqual([]);
      expect(await mailViolations(browser, html, 'dark')).toEqual([]);
    });
  });
}
