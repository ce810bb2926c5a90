/// <reference lib="dom" />
import { readJson } from '@baton/test-kit';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './browser';
import { addTask, card, openCategory, openWorkspace, useAppInBrowser } from './stack';

/**
 * The tasks remote (mf-tasks) in Chromium against the real stack, with two people in two browser contexts:
 * personal tasks, an assignment accepted through the mailed link, progress with a note seen by the owner,
 * trust that makes the next assignment arrive accepted without mail, and axe-core on every view.
 */
const stack = useAppInBrowser();
const { newPage, existingPerson } = stack;

const titles = (page: Page) => page.getByRole('article').getByRole('heading', { level: 3 }).allTextContents();

/** The owner's side of assignments: Assigned Tasks, then its "Delegated" item. */
async function openDelegatedAssigned(page: Page) {
  await page.getByRole('button', { name: 'Assigned Tasks', exact: true }).click();
  await page.getByRole('button', { name: 'Delegated' }).click();
  await page.getByRole('heading', { level: 1, name: 'Assigned by me' }).waitFor();
}

async function mailsTo(email: string) {
  const mails: { to: string[]; text: string }[] = await readJson(fetch(`${stack.mailBase}/api/messages`));
  return mails.filter((m) => m.to.includes(email));
}

describe('tasks in the browser, two people', () => {
  it('A keeps personal tasks: create, sort, complete, delete', async () => {
    const ana = await existingPerson();
    const { context, page } = await newPage({ bypassCSP: true });
    await openWorkspace(page, ana);
    await page.getByText('No tasks here yet').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await addTask(page, 'Add Tasks', { title: 'Renew the domain', due: '2054-12-20', priority: 'Lenient' });
    await addTask(page, 'Add Tasks', { title: 'Pay the invoice', due: '2054-12-01', priority: 'Immediate' });
    await addTask(page, 'Add Tasks', { title: 'Book the venue', due: '2054-12-10', priority: 'Moderate' });
    expect(await titles(page)).toEqual(['Book the venue', 'Pay the invoice', 'Renew the domain']);
    await page.getByRole('button', { name: 'Sort: Newly Added' }).click();
    await page.getByRole('menuitem', { name: 'Priority' }).click();
    await expect.poll(() => titles(page)).toEqual(['Pay the invoice', 'Book the venue', 'Renew the domain']);
    await page.getByRole('button', { name: 'Sort: Priority' }).click();
    await page.getByRole('menuitem', { name: 'Due Date' }).click();
    await expect.poll(() => titles(page)).toEqual(['Pay the invoice', 'Book the venue', 'Renew the domain']);

    await card(page, 'Pay the invoice').getByRole('button', { name: 'Complete' }).click();
    await page.getByRole('tab', { name: 'Completed (1)' }).click();
    await card(page, 'Pay the invoice').getByText('100% · Done').waitFor();
    await page.getByRole('tab', { name: 'Due Now (2)' }).click();
    // Compact cards (the default) keep Delete task in their "More actions" menu.
    await card(page, 'Renew the domain')
      .getByRole('button', { name: /^More actions/ })
      .click();
    await page.getByRole('menuitem', { name: 'Delete task' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete task?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await card(page, 'Renew the domain').waitFor({ state: 'detached' });
    await page.reload();
    await card(page, 'Book the venue').waitFor();
    expect(await titles(page)).toEqual(['Book the venue']);

    // The form dialog and the dashboard pass axe too.
    await page.getByRole('button', { name: 'Add Tasks' }).first().click();
    await page.getByRole('dialog', { name: 'Add Tasks' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await openCategory(page, 'Dashboard');
    await page.getByText('Task Progress Overview').waitFor();
    expect(await page.getByText('Total Tasks').locator('xpath=..').textContent()).toContain('2');
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('A assigns, B accepts through the mail and reports progress, A sees it; after trust no mail is needed', async () => {
    const ana = await existingPerson();
    const ben = await existingPerson();
    const a = await newPage();
    const b = await newPage({ bypassCSP: true });
    await openWorkspace(a.page, ana);
    await openWorkspace(b.page, ben);

    await openDelegatedAssigned(a.page);
    await addTask(a.page, 'Assign Task', {
      title: 'Review the slides',
      due: '2054-12-05',
      priority: 'Immediate',
      to: ben.email,
    });
    await card(a.page, 'Review the slides').getByText('Not accepted yet').waitFor();

    const link = await stack.linkMailedTo(ben.email, /https?:\/\/\S+accept-task\S*/);
    // A tampered link is refused.
    await b.page.goto(link.replace(/token=[^&]+/, 'token=tampered'));
    await b.page.getByText('Invalid or expired link.').waitFor();
    await b.page.goto(link);
    await b.page.getByRole('heading', { name: "You've been assigned a task!" }).waitFor();
    expect(await b.page.getByText('From:').locator('xpath=..').textContent()).toContain(ana.email);
    expect(await seriousViolations(b.page)).toEqual([]);
    await b.page.getByRole('button', { name: 'Accept the Assignment' }).click();
    await b.page.waitForURL('**/home/tasks/*');

    await openCategory(b.page, 'Assigned Tasks');
    const mine = card(b.page, 'Review the slides');
    await mine.getByRole('button', { name: 'Update progress' }).click();
    await mine.getByRole('slider', { name: 'Progress' }).fill('60');
    const progress = b.page.getByRole('dialog', { name: 'Update progress' });
    await progress.getByText('0% -> 60%').waitFor();
    await progress.getByLabel('Note (optional)').fill('Slides 1-6 checked');
    await progress.getByRole('button', { name: 'Save' }).click();
    await mine.getByText('60% · Half way').waitFor();
    expect(await seriousViolations(b.page)).toEqual([]);

    await a.page.reload();
    await openDelegatedAssigned(a.page);
    const theirs = card(a.page, 'Review the slides');
    await theirs.getByText('60% · Half way').waitFor();
    await theirs.getByRole('button', { name: /^More actions/ }).click();
    await a.page.getByRole('menuitem', { name: 'History' }).click();
    const history = a.page.getByRole('dialog', { name: 'Progress history' });
    await history.getByText('Slides 1-6 checked').waitFor();
    expect(await history.textContent()).toContain('set it to 60%');
    await history.getByRole('button', { name: 'Close' }).click();

    // B trusts A (in Settings); A's next assignment arrives accepted, and no mail is sent for it.
    await openCategory(b.page, 'Settings');
    await b.page.getByRole('region', { name: 'Manage Trusted Users' }).getByLabel('Email').fill(ana.email);
    await b.page.getByRole('button', { name: 'Add User' }).click();
    await b.page.getByText(`${ana.email} added as trusted.`).waitFor();
    const mailsBefore = (await mailsTo(ben.email)).length;
    await addTask(a.page, 'Assign Task', {
      title: 'Print the handouts',
      due: '2054-12-06',
      priority: 'Moderate',
      to: ben.email,
    });
    await openCategory(b.page, 'Assigned Tasks');
    const trusted = card(b.page, 'Print the handouts');
    await expect
      .poll(async () => {
        await b.page.reload();
        await openCategory(b.page, 'Assigned Tasks');
        await b.page.getByText(/Loading tasks/).waitFor({ state: 'detached' });
        return trusted.getByRole('button', { name: 'Complete' }).count();
      })
      .toBe(1);
    expect(await trusted.getByText('Trusted').count()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await mailsTo(ben.email)).length).toBe(mailsBefore);
    await a.context.close();
    await b.context.close();
  });
});
