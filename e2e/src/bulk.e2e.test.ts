/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { jsonRequest, readJson } from '@baton/test-kit';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './browser';
import { assignWhenKnown } from './flows';
import { card, openWorkspace, type SignedUp, useAppInBrowser } from './stack';

/**
 * Bulk actions with undo in Chromium on `npm start`: several cards selected, completed in one request, and the
 * toast's Undo brings them back; several delegated tasks deleted, and Undo brings them back with their comments.
 */
const stack = useAppInBrowser();
const { newPage, existingPerson } = stack;
const shots = process.env.SHOTS_DIR ?? '/tmp/shots-bulk';
mkdirSync(shots, { recursive: true });

const titles = (page: Page) => page.getByRole('article').getByRole('heading', { level: 3 }).allTextContents();
const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Actions for the selected tasks' });
const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' });

/** A personal task made through the API (the browser is for the bulk actions). */
async function personalTask(owner: SignedUp, title: string, created: number) {
  const form = { title, dueDate: '2054-12-24', priority: 'Moderate' };
  const res = await fetch(`${stack.base}/create_list`, jsonRequest('POST', form, owner.access));
  expect(res.status).toBe(201);
  // Newest first: one task a few milliseconds after the other keeps the order plain.
  await new Promise((r) => setTimeout(r, created));
  return (await readJson(res)).id as string;
}

/** Every POST to the bulk routes the page makes, as path and body. */
function bulkCalls(page: Page) {
  const calls: { path: string; body: unknown }[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() === 'POST' && path.startsWith('/api/tasks/bulk/'))
      calls.push({ path, body: request.postDataJSON() });
  });
  return calls;
}

describe('bulk actions in the browser', () => {
  it('completes several selected cards in one request; Undo brings them back', async () => {
    const ana = await existingPerson();
    const ids: Record<string, string> = {};
    for (const title of ['Print posters', 'Book the hall', 'Order drinks', 'Send invitations'])
      ids[title] = await personalTask(ana, title, 5);
    const { context, page } = await newPage({ bypassCSP: true });
    // A step that cannot happen says which, well before the test's own time runs out.
    page.setDefaultTimeout(15_000);
    const calls = bulkCalls(page);
    await openWorkspace(page, ana);
    await card(page, 'Print posters').waitFor();

    await page.getByRole('checkbox', { name: 'Select “Order drinks”' }).check();
    await page.getByRole('checkbox', { name: 'Select “Print posters”' }).click({ modifiers: ['Shift'] });
    await expect.poll(() => toolbar(page).textContent()).toContain('3 tasks selected');
    expect(await page.getByRole('checkbox', { name: 'Select “Send invitations”' }).isChecked()).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${shots}/bulk-selection-${width}.png`, animations: 'disabled' });
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    await toolbar(page).getByRole('button', { name: 'Complete' }).click();
    await expect.poll(() => titles(page)).toEqual(['Send invitations']);
    expect(calls).toEqual([
      {
        path: '/api/tasks/bulk/',
        body: {
          task_ids: ['Order drinks', 'Book the hall', 'Print posters'].map((t) => ids[t]),
          action: 'complete',
          value: true,
        },
      },
    ]);
    await page.getByRole('tab', { name: 'Completed (3)' }).waitFor();
    await toasts(page).getByText('3 tasks completed').waitFor();

    await toasts(page).getByRole('button', { name: 'Undo' }).click();
    await expect
      .poll(() => titles(page))
      .toEqual(['Send invitations', 'Order drinks', 'Book the hall', 'Print posters']);
    expect(calls[1]?.path).toBe('/api/tasks/bulk/undo/');
    await page.getByRole('tab', { name: 'Completed (0)' }).waitFor();
    // The server undid it, not only the page.
    await page.reload();
    await card(page, 'Print posters').waitFor();
    expect(await titles(page)).toHaveLength(4);
    await context.close();
  }, 120_000);

  it('deletes several delegated tasks; Undo brings them back with their comments', async () => {
    const ana = await existingPerson();
    const ben = await existingPerson();
    const titlesMade = ['Check the budget', 'Call the caterer', 'Keep this one'];
    const ids: string[] = [];
    for (const title of titlesMade) {
      ids.push(
        await assignWhenKnown(stack.base, ana.access, {
          title,
          dueDate: '2054-12-24',
          priority: 'Moderate',
          email: ben.email,
        }),
      );
      await new Promise((r) => setTimeout(r, 5));
    }
    for (const [i, id] of ids.slice(0, 2).entries()) {
      const comment = { task_id: id, user_email: ana.email, content: `Remember note ${i + 1}` };
      const res = await fetch(`${stack.base}/api/add_comment/`, jsonRequest('POST', comment, ana.access));
      expect(res.status).toBe(201);
    }

    const { context, page } = await newPage();
    // A step that cannot happen says which, well before the test's own time runs out.
    page.setDefaultTimeout(15_000);
    const calls = bulkCalls(page);
    await openWorkspace(page, ana);
    await page.getByRole('button', { name: 'Assigned Tasks', exact: true }).click();
    await page.getByRole('button', { name: 'Delegated' }).click();
    await card(page, 'Check the budget').waitFor();

    await page.getByRole('checkbox', { name: 'Select “Check the budget”' }).check();
    await page.getByRole('checkbox', { name: 'Select “Call the caterer”' }).check();
    await toolbar(page).getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete 2 tasks?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect.poll(() => titles(page)).toEqual(['Keep this one']);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ task_ids: [ids[1], ids[0]], action: 'delete', value: null });
    await toasts(page).getByText('2 tasks deleted').waitFor();

    await toasts(page).getByRole('button', { name: 'Undo' }).click();
    await card(page, 'Check the budget').waitFor();
    await card(page, 'Call the caterer').waitFor();
    // Their comments came back with them.
    await page.reload();
    await card(page, 'Check the budget')
      .getByRole('button', { name: /^More actions/ })
      .click();
    await page.getByRole('menuitem', { name: 'Comments' }).click();
    const panel = page.getByRole('dialog', { name: 'Comments' });
    await panel.getByText('Remember note 1').waitFor();
    await context.close();
  }, 120_000);
});
