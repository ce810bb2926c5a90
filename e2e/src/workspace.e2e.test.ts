/// <reference lib="dom" />

import { jsonRequest, readJson } from '@baton/test-kit';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './browser';
import { openWorkspace, useAppInBrowser } from './stack';

/**
 * The workspace as people use it, at a desktop width (the sidebar beside) and a phone's (the sidebar behind the
 * Menu button): views have URLs (reload, Back and Forward, bookmarks), a list opened again shows what arrived
 * meanwhile, a pending task is accepted from its card, and offline is said, refused and recovered from.
 */
const stack = useAppInBrowser();

const widths = [
  { name: '1280 px', viewport: { width: 1280, height: 900 }, narrow: false },
  { name: '390 px', viewport: { width: 390, height: 844 }, narrow: true },
];

/** Picks a view in the sidebar, opening the menu first on a narrow screen. */
async function choose(page: Page, name: string, narrow: boolean) {
  if (narrow) await page.getByRole('button', { name: 'Menu' }).click();
  await page
    .getByRole('navigation', { name: 'Categories' })
    .getByRole('button', { name, exact: true })
    .click();
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name }).waitFor();
const path = (page: Page) => new URL(page.url()).pathname;

describe.each(widths)('workspace URLs at $name', ({ viewport, narrow }) => {
  it('each view has a path: reload keeps it, Back and Forward move between views, a bookmark opens one', async () => {
    const person = await stack.existingPerson();
    const { context, page } = await stack.newPage({ viewport });
    await openWorkspace(page, person);
    expect(path(page)).toBe('/home');

    await choose(page, 'Assigned Tasks', narrow);
    await heading(page, 'Assigned Tasks');
    expect(path(page)).toBe('/home/assigned');
    await choose(page, 'Dashboard', narrow);
    await heading(page, 'Dashboard');
    expect(path(page)).toBe('/home/dashboard');
    await choose(page, 'Settings', narrow);
    await heading(page, 'Settings');
    expect(path(page)).toBe('/home/settings');

    // Reload keeps the place.
    await page.reload();
    await heading(page, 'Settings');
    expect(path(page)).toBe('/home/settings');

    // Back and Forward stay in the app, view by view.
    await page.goBack();
    await heading(page, 'Dashboard');
    expect(path(page)).toBe('/home/dashboard');
    await page.goBack();
    await heading(page, 'Assigned Tasks');
    expect(path(page)).toBe('/home/assigned');
    await page.goForward();
    await heading(page, 'Dashboard');
    await page.reload();
    await heading(page, 'Dashboard');

    // A bookmark of a delegated list opens it; a path that names no view becomes the default one.
    await page.goto('/home/invited/delegated');
    await heading(page, 'Tasks Delegated - Invitation');
    await page.goto('/home/nowhere');
    await heading(page, 'Personal Tasks');
    expect(path(page)).toBe('/home');
    await context.close();
  });

  it('a task assigned while the person is on Settings is in Assigned Tasks when they open it, and its card accepts it', async () => {
    const [ana, ben] = [await stack.existingPerson(), await stack.existingPerson()];
    const { context, page } = await stack.newPage({ viewport });
    await openWorkspace(page, ben);
    await choose(page, 'Assigned Tasks', narrow);
    await page
      .getByText(/No tasks here yet|No tasks/)
      .first()
      .waitFor();
    await choose(page, 'Settings', narrow);
    await heading(page, 'Settings');
    const form = { title: 'Sign the lease', dueDate: '2026-12-12', priority: 'Immediate', email: ben.email };
    const sent = await fetch(`${stack.base}/send_email/assign_user/`, jsonRequest('POST', form, ana.access));
    expect((await readJson(sent)).invitation_sent).toBe(false);

    await choose(page, 'Assigned Tasks', narrow);
    const card = page.getByRole('article', { name: 'Sign the lease' });
    await card.getByText('Awaiting your acceptance').waitFor();
    await card.getByRole('button', { name: 'Accept', exact: true }).click();
    await card.getByRole('button', { name: 'Complete' }).waitFor();
    expect(await card.getByText('Awaiting your acceptance').count()).toBe(0);
    await context.close();
  });

  it('a filed task moves out of its folder and into another from its Folder menu', async () => {
    const person = await stack.existingPerson();
    const folder = async (name: string) =>
      readJson(fetch(`${stack.base}/api/folders/`, jsonRequest('POST', { name }, person.access)));
    const [work, home] = [await folder('Work'), await folder('Home')];
    const form = { title: 'Fix the tap', dueDate: '2026-12-03', priority: 'Moderate', folder_id: work.id };
    expect((await fetch(`${stack.base}/create_list`, jsonRequest('POST', form, person.access))).status).toBe(
      201,
    );
    const { context, page } = await stack.newPage({ viewport });
    await openWorkspace(page, person);
    await page.goto(`/home/folders/${work.id}`);
    const card = page.getByRole('article', { name: 'Fix the tap' });
    await card.getByRole('button', { name: 'Folder of “Fix the tap”' }).click();
    await page.getByRole('menuitem', { name: 'Remove from folder' }).click();
    await card.waitFor({ state: 'detached' });
    await page.goto('/home');
    await card.getByRole('button', { name: 'Folder of “Fix the tap”' }).click();
    await page.getByRole('menuitem', { name: 'Move to Home' }).click();
    await card.waitFor({ state: 'detached' });
    // Once folders has counted the move (an event later), the empty list says where the tasks went.
    await page.getByText('All your tasks are in folders').waitFor();
    await page.goto(`/home/folders/${home.id}`);
    await card.waitFor();
    await context.close();
  });

  it('offline: a banner, a completion refused with the reason (the task stays), and all back by itself', async () => {
    const person = await stack.existingPerson();
    const form = { title: 'Water the plants', dueDate: '2026-12-01', priority: 'Lenient' };
    const made = await fetch(`${stack.base}/create_list`, jsonRequest('POST', form, person.access));
    expect(made.status).toBe(201);
    const { context, page } = await stack.newPage({ viewport, bypassCSP: true });
    await openWorkspace(page, person);
    const card = page.getByRole('article', { name: 'Water the plants' });
    await card.waitFor();

    await context.setOffline(true);
    const banner = page.getByText(/^You're offline\. What you see may be out of date/);
    await banner.waitFor();
    await card.getByRole('button', { name: 'Complete' }).click();
    await page
      .getByRole('alert')
      .getByText("“Water the plants”: You're offline: this was not saved.", { exact: false })
      .waitFor();
    await card.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `/tmp/baton-offline-${viewport.width}.png` });

    await context.setOffline(false);
    await banner.waitFor({ state: 'detached' });
    // Nothing is left blaming a service: the folder strip shows its (empty) folders again.
    await page.getByText('No folders yet. Create one to group your tasks.').waitFor();
    await card.getByRole('button', { name: 'Complete' }).click();
    await page.getByRole('tab', { name: 'Completed (1)' }).waitFor();
    await context.close();
  });
});
