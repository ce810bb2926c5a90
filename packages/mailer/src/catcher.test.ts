import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailCatcher } from './catcher';
import { createMailer, type Mailer } from './mailer';
import { eventMail } from './templates/EventMail';
import { launchChromium, sampleEvent } from './testing';

describe('the mail catcher page', () => {
  let catcher: MailCatcher;
  let mailer: Mailer;
  let browser: Browser;
  // A tracking pixel's server: counts the requests that reach it.
  let tracker: Server;
  let pixelHits = 0;

  beforeAll(async () => {
    tracker = createServer((_, res) => {
      pixelHits += 1;
      res.end();
    });
    await new Promise<void>((resolve) => tracker.listen(0, '127.0.0.1', resolve));
    const pixel = `http://127.0.0.1:${(tracker.address() as AddressInfo).port}/pixel.png`;
    catcher = await new MailCatcher().start();
    mailer = createMailer({ smtpUrl: catcher.smtpUrl, from: 'baton@baton.test' });
    browser = await launchChromium();
    await mailer.send(await eventMail({ ...sampleEvent, to: 'reader@example.com' }));
    // A mail that tries to run a script and to load a remote image (a tracking pixel).
    await mailer.send({
      to: 'hostile@example.com',
      subject: 'Hostile',
      text: 'hostile',
      html: `<p id="said">unchanged</p><script>document.getElementById("said").textContent = "ran"</script><img src="${pixel}" alt="">`,
    });
    await catcher.waitFor('hostile@example.com');
  });
  afterAll(async () => {
    await browser?.close();
    mailer.close();
    await catcher.stop();
    await new Promise((resolve) => tracker.close(resolve));
  });

  it('is served with a policy that allows no script and no remote content', async () => {
    const res = await fetch(catcher.webUrl);
    expect(res.headers.get('content-security-policy')).toMatch(
      /^default-src 'none'; style-src 'unsafe-inline'; img-src data:;/,
    );
    expect(await res.text()).toContain('<iframe sandbox="" srcdoc="');
  });

  it("lists the mails as JSON at /api/messages, or one recipient's with ?to=", async () => {
    const subjects = async (query: string) =>
      ((await (await fetch(`${catcher.webUrl}api/messages${query}`)).json()) as { subject: string }[]).map(
        (m) => m.subject,
      );
    expect(await subjects('')).toHaveLength(2);
    expect(await subjects('?to=HOSTILE@example.com')).toEqual(['Hostile']);
    expect(await subjects('?to=nobody@example.com')).toEqual([]);
  });

  it('shows each mail as HTML in a sandboxed frame, with its text part and headers a click away', async () => {
    const page = await browser.newPage();
    await page.goto(catcher.webUrl); // resolves once every frame and its images have loaded (or failed)

    const article = page.locator('article', { hasText: sampleEvent.subject });
    const frame = article.frameLocator('iframe');
    await expect.poll(() => frame.getByRole('heading', { level: 1 }).textContent()).toBe(sampleEvent.heading);
    expect(await frame.getByRole('link', { name: 'Open the task' }).getAttribute('href')).toBe(
      'https://baton.test/home?task=t-1&from=mail',
    );

    const text = article.locator('details', { hasText: 'Text part' });
    expect(await text.locator('pre').isVisible()).toBe(false);
    await text.getByText('Text part').click();
    expect(await text.locator('pre').textContent()).toContain('https://baton.test/home?task=t-1&from=mail');
    const link = (url: string) =>
      text.getByRole('link', { name: url, exact: true }).getAttribute('href', { timeout: 5_000 });
    expect(await link('https://baton.test/home?task=t-1&from=mail')).toBe(
      'https://baton.test/home?task=t-1&from=mail',
    );
    // The text part writes a labelled link as `label <address>`: the link stops before the bracket.
    expect(await link('https://baton.test/settings')).toBe('https://baton.test/settings');

    const headers = article.locator('details', { hasText: 'Headers' });
    await headers.getByText('Headers').click();
    expect(await headers.locator('pre').textContent()).toContain(
      'list-unsubscribe: <https://baton.test/api/unsubscribe/one-click-token/>',
    );

    const hostile = page.locator('article', { hasText: 'Hostile' }).frameLocator('iframe');
    expect(await hostile.locator('#said').textContent()).toBe('unchanged');
    expect(pixelHits).toBe(0);
    await page.close();
  });
});
