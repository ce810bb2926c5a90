/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { jsonRequest, readJson } from '@baton/test-kit';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './browser';
import { card, openCategory, openWorkspace, type SignedUp, useAppInBrowser } from './stack';

/**
 * Search, filters and saved views in Chromium on `npm start`: filters kept in the address (a reload keeps
 * them, Back undoes one), a filtered list saved by name to the sidebar and opened from there, and the search
 * box finding a task by a misspelt word with the word marked.
 */
const stack = useAppInBrowser();
const { newPage, existingPerson } = stack;
const shots = process.env.SHOTS_DIR ?? '/tmp/shots-find';
mkdirSync(shots, { recursive: true });

const titles = (page: Page) => page.getByRole('article').getByRole('heading', { level: 3 }).allTextContents();
const path = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

/** A personal task made through the API (the browser is for finding it). */
async function personalTask(
  owner: SignedUp,
  fields: { title: string; priority: string; description?: string },
) {
  const form = { description: '', dueDate: '2054-12-24', ...fields };
  const res = await fetch(`${stack.base}/create_list`, jsonRequest('POST', form, owner.access));
  expect(res.status).toBe(201);
  return (await readJson(res)).id as string;
}

async function screenshots(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, animations: 'disabled' });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('finding tasks in the browser', () => {
  it('filters live in the address: a reload keeps them, Back undoes one, Clear all lifts them', async () => {
    const ana = await existingPerson();
    await personalTask(ana, { title: 'Pay the invoice', priority: 'Immediate' });
    await personalTask(ana, { title: 'Renew the domain', priority: 'Lenient' });
    await personalTask(ana, { title: 'Book the venue', priority: 'Immediate' });
    const { context, page } = await newPage({ bypassCSP: true });
    await openWorkspace(page, ana);
    await card(page, 'Renew the domain').waitFor();

    await page.getByRole('combobox', { name: 'Priority' }).selectOption('Immediate');
    await expect.poll(() => path(page)).toBe('/home?priority=Immediate');
    await expect
      .poll(() => titles(page).then((t) => t.sort()))
      .toEqual(['Book the venue', 'Pay the invoice']);
    await page.getByRole('status').filter({ hasText: '2 tasks match these filters' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'filtered-list');

    await page.reload();
    await card(page, 'Pay the invoice').waitFor();
    expect(await page.getByRole('combobox', { name: 'Priority' }).inputValue()).toBe('Immediate');
    expect((await titles(page)).sort()).toEqual(['Book the venue', 'Pay the invoice']);

    // A second filter, then Back: the first alone again.
    await page.getByRole('combobox', { name: 'Due' }).selectOption('none');
    await expect.poll(() => path(page)).toBe('/home?priority=Immediate&due=none');
    await page.getByText('No tasks match these filters').waitFor();
    await page.goBack();
    await expect.poll(() => path(page)).toBe('/home?priority=Immediate');
    await expect
      .poll(() => titles(page).then((t) => t.sort()))
      .toEqual(['Book the venue', 'Pay the invoice']);
    expect(await page.getByRole('combobox', { name: 'Due' }).inputValue()).toBe('');

    await page.getByRole('button', { name: 'Clear all' }).click();
    await expect.poll(() => path(page)).toBe('/home');
    await expect.poll(() => titles(page).then((t) => t.length)).toBe(3);
    await context.close();
  }, 120_000);

  it('a filtered list saved as a view is in the sidebar, opens again from there, and can be deleted', async () => {
    const ana = await existingPerson();
    await personalTask(ana, { title: 'Pay the invoice', priority: 'Immediate' });
    await personalTask(ana, { title: 'Renew the domain', priority: 'Lenient' });
    const { context, page } = await newPage();
    await openWorkspace(page, ana);
    await card(page, 'Renew the domain').waitFor();

    await page.getByRole('combobox', { name: 'Priority' }).selectOption('Lenient');
    await expect.poll(() => titles(page)).toEqual(['Renew the domain']);
    await page.getByRole('button', { name: 'Save view' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save this view' });
    await dialog.getByLabel('Name').fill('Someday');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const views = page.getByRole('navigation', { name: 'Views' });
    await views.getByRole('button', { name: 'Someday', exact: true }).waitFor();

    await openCategory(page, 'Dashboard');
    await views.getByRole('button', { name: 'Someday', exact: true }).click();
    await expect.poll(() => path(page)).toBe('/home?priority=Lenient');
    await expect.poll(() => titles(page)).toEqual(['Renew the domain']);
    expect(
      await views.getByRole('button', { name: 'Someday', exact: true }).getAttribute('aria-current'),
    ).toBe('page');

    // Still there after a reload (the server keeps it), then deleted after a confirmation.
    await page.reload();
    await views.getByRole('button', { name: 'Delete view “Someday”' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete the view “Someday”?' })
      .getByRole('button', { name: 'Delete view' })
      .click();
    await views.waitFor({ state: 'detached' });
    await context.close();
  }, 120_000);

  it('the search box finds a task by a misspelt word, marks the word, and Enter opens the task', async () => {
    const ana = await existingPerson();
    const report = await personalTask(ana, { title: 'Quarterly report for the board', priority: 'Moderate' });
    await personalTask(ana, {
      title: 'Call the printer',
      priority: 'Lenient',
      description: 'Ask about the report binding and the paper',
    });
    await personalTask(ana, { title: 'Water the plants', priority: 'Lenient' });
    const { context, page } = await newPage({ bypassCSP: true });
    await openWorkspace(page, ana);
    await card(page, 'Water the plants').waitFor();

    const box = page.getByRole('combobox', { name: 'Search tasks' });
    await box.click();
    await box.pressSequentially('reprot', { delay: 30 });
    const results = page.getByRole('listbox', { name: 'Search results' });
    const first = results.getByRole('option').first();
    await first.waitFor();
    expect(await first.textContent()).toContain('Quarterly report for the board');
    expect(await first.locator('mark').allTextContents()).toEqual(['report']);
    const other = results.getByRole('option', { name: /Call the printer/ });
    expect(await other.locator('mark').allTextContents()).toEqual(['report']);
    expect(await other.textContent()).toContain('Match in Description');
    await page.getByRole('status').filter({ hasText: '2 results' }).waitFor();
    // The words narrow the list too, and are in the address.
    await expect.poll(() => path(page)).toBe('/home?q=reprot');
    await expect.poll(() => titles(page).then((t) => t.includes('Water the plants'))).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'search-results');

    await box.press('Enter');
    await expect.poll(() => path(page)).toBe(`/home/tasks/${report}`);
    await page.getByRole('heading', { name: 'Quarterly report for the board' }).first().waitFor();
    await context.close();
  }, 120_000);
});
