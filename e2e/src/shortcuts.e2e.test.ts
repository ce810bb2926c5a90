/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { jsonRequest, readJson } from '@baton/test-kit';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './browser';
import { card, openWorkspace, type SignedUp, useAppInBrowser } from './stack';

/**
 * The list's single-key shortcuts in Chromium on `npm start`, from the keyboard alone: c, j/k, x, Shift+C, e,
 * Enter, m, / and ?; never while typing in a field; each announced in the list's live region.
 */
const stack = useAppInBrowser();
const { newPage, existingPerson } = stack;
const shots = process.env.SHOTS_DIR ?? '/tmp/shots-bulk';
mkdirSync(shots, { recursive: true });

const titles = (page: Page) => page.getByRole('article').getByRole('heading', { level: 3 }).allTextContents();
/** The title of the card holding focus, or null. */
const focusedCard = (page: Page) =>
  page.evaluate(() => {
    const cardEl = document.activeElement?.closest('[data-task-id]');
    return cardEl?.querySelector('h3')?.firstChild?.textContent ?? null;
  });
/** Everything the page's live regions say now. */
const spoken = (page: Page) => page.getByRole('status').allTextContents();
const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Actions for the selected tasks' });

async function personalTasks(owner: SignedUp, list: string[]) {
  for (const title of list) {
    const form = { title, dueDate: '2054-12-24', priority: 'Moderate' };
    expect((await fetch(`${stack.base}/create_list`, jsonRequest('POST', form, owner.access))).status).toBe(
      201,
    );
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('list shortcuts from the keyboard alone', () => {
  it('c, j/k, x, Escape, e, Enter, Shift+C, m, / and ?', async () => {
    const ana = await existingPerson();
    // Listed newest first: Order drinks, Book the hall, Print posters.
    await personalTasks(ana, ['Print posters', 'Book the hall', 'Order drinks']);
    const folder = await readJson(
      fetch(
        `${stack.base}/api/folders/`,
        jsonRequest('POST', { name: 'Party', color: '#4299E1' }, ana.access),
      ),
    );
    expect(folder.id ?? folder.folder?.id).toBeTruthy();
    const { context, page } = await newPage({ bypassCSP: true });
    // A step that cannot happen says which, well before the test's own time runs out.
    page.setDefaultTimeout(15_000);
    await openWorkspace(page, ana);
    await card(page, 'Print posters').waitFor();

    // ? shows every shortcut; Escape closes it.
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.waitFor();
    for (const action of ['Open the command palette', 'Create a task', 'Move to the next task', 'Search'])
      await help.getByRole('cell', { name: action }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${shots}/shortcuts-help-${width}.png`, animations: 'disabled' });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });

    // c opens the form to create a task, here as everywhere.
    await page.keyboard.press('c');
    const form = page.getByRole('dialog', { name: 'Add Tasks' });
    await form.waitFor();
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });

    // j and k move from card to card, said in the live region.
    await page.keyboard.press('j');
    await expect.poll(() => focusedCard(page)).toBe('Order drinks');
    await expect.poll(() => spoken(page)).toContain('Task 1 of 3: Order drinks');
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await expect.poll(() => focusedCard(page)).toBe('Print posters');
    await page.keyboard.press('k');
    await expect.poll(() => focusedCard(page)).toBe('Book the hall');

    // x selects, Escape clears.
    await page.keyboard.press('x');
    await expect.poll(() => toolbar(page).textContent()).toContain('1 task selected');
    await expect.poll(() => spoken(page)).toContain('1 task selected');
    await page.keyboard.press('Escape');
    await toolbar(page).waitFor({ state: 'detached' });

    // e edits the focused card.
    await page.keyboard.press('e');
    const edit = page.getByRole('dialog', { name: 'Edit task' });
    await edit.waitFor();
    expect(await edit.getByLabel('Title').inputValue()).toBe('Book the hall');
    // Typing in the form is typing: no shortcut fires.
    await edit.getByLabel('Title').focus();
    await page.keyboard.press('End');
    await page.keyboard.type(' jxm');
    expect(await edit.getByLabel('Title').inputValue()).toBe('Book the hall jxm');
    await page.keyboard.press('Escape');
    await edit.waitFor({ state: 'detached' });

    // Shift+C completes the focused card (one bulk request), with Undo in the toast.
    await page.keyboard.press('k');
    await expect.poll(() => focusedCard(page)).toBe('Order drinks');
    await page.keyboard.press('Shift+C');
    await expect.poll(() => titles(page)).toEqual(['Book the hall', 'Print posters']);
    await page.getByRole('region', { name: 'Notifications' }).getByText('1 task completed').waitFor();

    // m opens the folder menu for the focused card; Enter files it.
    await page.keyboard.press('j');
    await expect.poll(() => focusedCard(page)).toBe('Book the hall');
    await page.keyboard.press('m');
    await page.getByRole('menuitem', { name: 'Party' }).waitFor();
    await page.keyboard.press('Enter');
    await expect.poll(() => titles(page)).toEqual(['Print posters']);

    // / goes to the search box.
    await page.keyboard.press('/');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-shortcut')))
      .toBe('search');
    await page.keyboard.press('Escape');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

    // Enter opens the focused card's task on its own page.
    await page.keyboard.press('j');
    await expect.poll(() => focusedCard(page)).toBe('Print posters');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/home/tasks/*');
    await page.getByRole('heading', { name: 'Print posters' }).first().waitFor();
    await context.close();
  }, 120_000);
});
