/// <reference lib="dom" />
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './browser';
import { openCategory, openWorkspace, useAppInBrowser } from './stack';

/**
 * Notifications end to end in Chromium: B watches /home while A assigns B a task through the UI; the event
 * travels tasks → outbox → bus → notifications → push → gateway → B's bell; then A's edit reaches B's card.
 */
const stack = useAppInBrowser();
const { newPage, existingPerson } = stack;

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const card = (page: Page, title: string) => page.getByRole('article', { name: title });

describe('notifications in the browser, two people', () => {
  it('B’s bell rises within 2 s of A’s assignment, reads well, marks read and deletes; A’s edit changes B’s card live', async () => {
    const ana = await existingPerson({ firstname: 'Ana' });
    const ben = await existingPerson({ firstname: 'Ben' });
    const a = await newPage({ bypassCSP: true });
    const b = await newPage({ bypassCSP: true });
    const chimes: number[] = [];
    b.page.on('response', (res) => {
      if (res.url().endsWith('.wav')) chimes.push(res.status());
    });
    await openWorkspace(b.page, ben);
    await expect.poll(() => bell(b.page).getAttribute('aria-label')).toBe('Notifications');

    // A assigns B a task through the form.
    await openWorkspace(a.page, ana);
    await a.page.getByRole('button', { name: 'Assigned Tasks', exact: true }).click();
    await a.page.getByRole('button', { name: 'Delegated' }).click();
    await a.page.getByRole('heading', { level: 1, name: 'Assigned by me' }).waitFor();
    await a.page.getByRole('button', { name: 'Assign Task' }).first().click();
    const form = a.page.getByRole('dialog', { name: 'Assign Task' });
    await form.getByLabel('Title').fill('Quarterly report');
    await form.getByLabel('Due date').fill('2054-11-28');
    await form.getByLabel('Priority').selectOption('Moderate');
    await form.getByRole('combobox', { name: 'Recipient email' }).fill(ben.email);
    await form.getByRole('button', { name: 'Assign Task' }).click();
    await form.waitFor({ state: 'detached' });
    const assignedAt = Date.now();

    // B's badge rises without a reload, within 2 s.
    await bell(b.page).and(b.page.getByLabel('Notifications, 1 unread')).waitFor({ timeout: 2_000 });
    const risenAfter = Date.now() - assignedAt;
    expect(risenAfter).toBeLessThan(2_000);
    expect(await b.page.locator('.nb-bell__badge').textContent()).toBe('1');
    // The chime was fetched from the remote's own static files to be played.
    await expect.poll(() => chimes).toContainEqual(expect.any(Number));
    expect(chimes.every((status) => status === 200 || status === 206)).toBe(true);

    await bell(b.page).click();
    const panel = b.page
      .getByRole('region', { name: 'Notifications' })
      .or(b.page.getByRole('dialog', { name: 'Notifications' }));
    await panel.getByText('New task assigned').waitFor();
    await panel
      .getByText(
        'Ana assigned you “Quarterly report”, due Sat 28 Nov 2054. Accept it here or from the e-mail we sent you.',
      )
      .waitFor();
    await panel.getByText('Today').waitFor();
    await panel.getByText('just now').waitFor();
    await panel.getByRole('tab', { name: 'Unread (1)' }).waitFor();
    expect(await seriousViolations(b.page)).toEqual([]);

    // The assignment is accepted from the bell; the person lands on the task's page, in its list.
    await panel.getByRole('button', { name: 'Accept: New task assigned' }).click();
    await b.page.waitForURL('**/home/tasks/*');
    await b.page
      .getByRole('region', { name: 'Task: Quarterly report' })
      .getByText('In Assigned to me')
      .waitFor();
    await panel.getByText('Accepted').waitFor();

    // Accepting read it (Mark all read is for the rest).
    await expect.poll(() => bell(b.page).getAttribute('aria-label')).toBe('Notifications');
    await panel.getByRole('tab', { name: 'Unread (0)' }).waitFor();
    await panel.getByRole('button', { name: 'Delete: New task assigned' }).click();
    await panel.getByText('You’re all caught up.').waitFor();
    await panel.getByText('New alerts will appear here.').waitFor();
    await b.page.keyboard.press('Escape');
    // Read and deleted on the server too: a reload brings back nothing.
    await b.page.reload();
    await bell(b.page).click();
    await b.page.getByText('You’re all caught up.').waitFor();
    await b.page.keyboard.press('Escape');

    // B looks at the task; A edits it; B's card changes without a reload.
    await openCategory(b.page, 'Assigned Tasks');
    await card(b.page, 'Quarterly report').waitFor();
    const edited = card(a.page, 'Quarterly report');
    await edited.getByRole('button', { name: /^More actions/ }).click();
    await a.page.getByRole('menuitem', { name: 'Edit' }).click();
    const editForm = a.page.getByRole('dialog', { name: 'Edit task' });
    await editForm.getByLabel('Title').fill('Quarterly report, final');
    await editForm.getByLabel('Priority').selectOption('Immediate');
    await editForm.getByRole('button', { name: 'Save changes' }).click();
    await editForm.waitFor({ state: 'detached' });
    await card(b.page, 'Quarterly report, final').waitFor({ timeout: 2_000 });
    await b.page.getByLabel('Notifications, 1 unread').waitFor({ timeout: 2_000 });

    await a.context.close();
    await b.context.close();
  });
});
