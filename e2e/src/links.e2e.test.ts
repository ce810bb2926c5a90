/// <reference lib="dom" />
import { identityMessages } from '@baton/contracts';
import { jsonRequest, readJson } from '@baton/test-kit';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './browser';
import { logIn, openWorkspace, useAppInBrowser } from './stack';

/**
 * Mailed links in Chromium against the real stack, for every case a person meets: an accept link opened while
 * signed in as someone else (no loop: the page offers to switch accounts), one already used, and a reset link
 * already used (it says so before the form). Each at a desktop and a phone width.
 */
const stack = useAppInBrowser();
const { newPage, existingPerson } = stack;

const widths = [
  { name: '1280 px', viewport: { width: 1280, height: 900 } },
  { name: '390 px', viewport: { width: 390, height: 844 } },
];

describe.each(widths)('mailed links at $name', ({ viewport }) => {
  it('an accept link opened as someone else asks once, names nobody, and signs out to continue as the recipient', async () => {
    const [ana, ben, cleo] = [await existingPerson(), await existingPerson(), await existingPerson()];
    const form = {
      title: 'Check the invoices',
      dueDate: '2026-12-10',
      priority: 'Moderate',
      email: ben.email,
    };
    const sent = await fetch(`${stack.base}/send_email/assign_user/`, jsonRequest('POST', form, ana.access));
    expect((await readJson(sent)).invitation_sent).toBe(false);
    const link = await stack.linkMailedTo(ben.email, /https?:\/\/\S+accept-task\S*/);
    const { context, page } = await newPage({ viewport, bypassCSP: true });
    await openWorkspace(page, cleo);
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/activate/')) asked.push(request.url());
    });
    await page.goto(link);
    const heading = page.getByRole('heading', { name: 'This link is for another account' });
    await heading.waitFor();
    await page.waitForTimeout(5_000);
    expect(asked).toHaveLength(1);
    expect(new URL(page.url()).pathname).toBe('/accept-task');
    expect(await page.locator('.accept').textContent()).not.toMatch(/@/);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `/tmp/baton-accept-other-${viewport.width}.png` });

    await page.getByRole('button', { name: 'Sign out and continue' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/login' && url.searchParams.get('next')?.startsWith('/accept-task') === true,
    );
    await logIn(page, ben);
    await page.getByRole('heading', { name: "You've been assigned a task!" }).waitFor();
    await page.getByRole('button', { name: 'Accept the Assignment' }).click();
    await page.waitForURL('**/home/tasks/*');
    // The accepted task's own page, highlighted, names the list that holds it now.
    await page
      .getByRole('region', { name: /^Task: / })
      .getByText('In Assigned to me')
      .waitFor();

    // The same link again: it did its work, and says so with a way on.
    await page.goto(link);
    await page.getByRole('heading', { name: 'Already accepted' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Go to your tasks' }).click();
    await page.waitForURL('**/home');
    await context.close();
  });

  it('a used reset link says so before any password is typed, and offers a new one', async () => {
    const person = await existingPerson();
    await fetch(
      `${stack.base}/api/auth/password-reset/request/`,
      jsonRequest('POST', { email: person.email }),
    );
    const link = new URL(await stack.linkMailedTo(person.email, /https?:\/\/\S+reset-password\S*/));
    const confirm = {
      uid: link.searchParams.get('uid'),
      token: link.searchParams.get('token'),
      newPassword: 'an entirely new phrase',
      confirmPassword: 'an entirely new phrase',
    };
    const used = await fetch(`${stack.base}/api/auth/password-reset/confirm/`, jsonRequest('POST', confirm));
    expect(used.status).toBe(200);
    const { context, page } = await newPage({ viewport, bypassCSP: true });
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByRole('alert').getByText(identityMessages.resetInvalid).waitFor();
    expect(await page.getByLabel('New password').count()).toBe(0);
    await page.getByRole('link', { name: 'Request a new link' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
