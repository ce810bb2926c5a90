/// <reference lib="dom" />
import { jsonRequest, readJson } from '@baton/test-kit';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './browser';
import { openWorkspace, useAppInBrowser } from './stack';

/**
 * The command palette in Chromium against the real stack, from the keyboard alone: Ctrl+K (or Cmd+K) from
 * anywhere, a task found by a word of its description through the search route and opened, "Toggle theme",
 * a list, and Escape giving focus back.
 */
const stack = useAppInBrowser();
const { newPage, existingPerson } = stack;

describe('the command palette, from the keyboard alone', () => {
  it('finds a task by a word and opens it, toggles the theme, goes to a list, and closes with Escape', async () => {
    const ana = await existingPerson();
    const task = await readJson(
      fetch(
        `${stack.base}/create_list`,
        jsonRequest(
          'POST',
          {
            title: 'Call the printer',
            description: 'Ask about the brochures and the invoice.',
            dueDate: '2054-12-20',
            priority: 'Moderate',
          },
          ana.access,
        ),
      ),
    );
    const { context, page } = await newPage({ bypassCSP: true });
    await page.emulateMedia({ colorScheme: 'light' });
    await openWorkspace(page, ana);
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    const field = palette.getByRole('combobox', { name: 'Search tasks, folders, views and actions' });

    // Opened from the page, and again from inside a text field (as palettes do); Escape gives focus back.
    await page.keyboard.press('Control+k');
    await field.waitFor();
    expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await palette.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Add Tasks' }).first().focus();
    await page.keyboard.press('Meta+k');
    await field.waitFor();
    await page.keyboard.press('Escape');
    await palette.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Add Tasks');

    // A word of the description (not of the title) finds the task; Enter opens it on its own page.
    await page.keyboard.press('Control+k');
    await page.keyboard.type('brochures');
    const found = palette.getByRole('option', { name: /Call the printer/ });
    await found.waitFor();
    expect(await found.getByText('brochures', { exact: true }).evaluate((el) => el.tagName)).toBe('MARK');
    expect(await found.getAttribute('aria-selected')).toBe('true');
    await palette
      .getByRole('status')
      .getByText(/^\d+ results?$/)
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/home/tasks/${task.id}`);
    await page.getByRole('region', { name: 'Task: Call the printer' }).waitFor();

    // Toggle theme: the light page turns dark, and stays so after a reload.
    await page.keyboard.press('Control+k');
    await page.keyboard.type('toggle theme');
    await palette.getByRole('option', { name: 'Toggle theme' }).waitFor();
    await page.keyboard.press('Enter');
    await palette.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
      'rgb(17, 22, 29)',
    );

    // A list, chosen with the arrow keys among what the words find.
    await page.keyboard.press('Control+k');
    await page.keyboard.type('assigned');
    await palette.getByRole('option', { name: 'Assigned Tasks', exact: true }).waitFor();
    // Once the task search has answered too, the list stays as it is.
    await palette
      .getByRole('status')
      .getByText(/^\d+ results?$/)
      .waitFor();
    const options = await palette.getByRole('option').allTextContents();
    for (const _ of options.slice(0, options.indexOf('Assigned Tasks')))
      await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/home/assigned');
    await page.getByRole('heading', { level: 1, name: 'Assigned to me' }).waitFor();

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Assigned to me' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await context.close();
  }, 120_000);
});
