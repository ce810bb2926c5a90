import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mail } from './mailer';
import { digestMail } from './templates/DigestMail';
import { eventMail } from './templates/EventMail';
import { launchChromium, mailViolations, sampleDigest, sampleEvent } from './testing';

const mails: [string, () => Promise<Mail>][] = [
  ['an event mail with an action', () => eventMail(sampleEvent)],
  ['an event mail without one', () => eventMail({ ...sampleEvent, action: undefined })],
  ['a digest', () => digestMail(sampleDigest)],
  ['an empty digest', () => digestMail({ ...sampleDigest, items: [] })],
];

describe('mail HTML in Chromium, checked by axe-core (WCAG 2.1 AA, contrast included)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser.close());

  describe.each(['light', 'dark'] as const)('%s', (scheme) => {
    it.each(mails)('%s has no violations', async (_, make) => {
      expect(await mailViolations(browser, (await make()).html ?? '', scheme)).toEqual([]);
    });
  });
});
