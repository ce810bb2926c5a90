/// <reference lib="dom" />

import { identityMessages } from '@baton/contracts';
import { jsonRequest, readJson } from '@baton/test-kit';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './browser';
import { logIn, openWorkspace, useAppInBrowser } from './stack';

/**
 * The workspace as people use it, at a desktop width (the sidebar beside) and a phone's (the sidebar behind the
 * Menu button): views have URLs (reload, Back and Forward, bookmarks), a list opened again shows what arrived
 * meanwhile, a pending task is accepted from its card, offline is said, refused and recovered from, tasks have
 * pages, folders work both ways by drag, and mailed links work for every case a person meets (an accept link
 * opened as someone else: no loop; one already used; a used reset link said before the form). One app serves
 * them all.
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
    await heading(page, 'Assigned to me');
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
    await heading(page, 'Assigned to me');
    expect(path(page)).toBe('/home/assigned');
    await page.goForward();
    await heading(page, 'Dashboard');
    await page.reload();
    await heading(page, 'Dashboard');

    // A bookmark of a delegated list opens it; a path that names no view becomes the default one.
    await page.goto('/home/invited/delegated');
    await heading(page, 'Invitations I sent');
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
    const form = { title: 'Sign the lease', dueDate: '2054-12-12', priority: 'Immediate', email: ben.email };
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
    await fileTask(
      person,
      work.id,
      await personalTask(person, { title: 'Fix the tap', dueDate: '2054-12-03' }),
    );
    const { context, page } = await stack.newPage({ viewport });
    await openWorkspace(page, person);
    await page.goto(`/home/folders/${work.id}`);
    const card = page.getByRole('article', { name: 'Fix the tap' });
    // Compact cards (the default) keep the folder moves in their "More actions" menu.
    await card.getByRole('button', { name: 'More actions for “Fix the tap”' }).click();
    await page.getByRole('menuitem', { name: 'Remove from folder' }).click();
    await card.waitFor({ state: 'detached' });
    // In the app, as a person goes there: the folders' count arrives on the socket the page already has. (A page
    // just loaded opens its socket while its lists load; an event in between is not replayed to it.)
    await choose(page, 'Personal Tasks', narrow);
    await heading(page, 'Personal Tasks');
    await card.getByRole('button', { name: 'More actions for “Fix the tap”' }).click();
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
    const form = { title: 'Water the plants', dueDate: '2054-12-01', priority: 'Lenient' };
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

type Point = { x: number; y: number };

/** The middle of what `locator` finds, on the page. */
async function middleOf(locator: ReturnType<Page['locator']>): Promise<Point> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** A mouse drag from one point to another, in steps (dnd-kit starts after a few pixels). */
async function dragByMouse(page: Page, from: Point, to: Point) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 10, from.y + 10, { steps: 3 });
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.mouse.up();
}

/** A finger's long press, then a drag (Chromium's touch input, as a phone sends it). */
async function dragByTouch(page: Page, from: Point, to: Point) {
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', at?: Point) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: at ? [{ x: at.x, y: at.y }] : [] });
  await touch('touchStart', from);
  // The press becomes a drag after the long-press delay (a card marks itself data-dragging): wait for that, not
  // a fixed time, which a busy machine can overrun (a move before it would scroll instead).
  await page.locator('[data-dragging]').first().waitFor();
  for (let i = 1; i <= 12; i++)
    await touch('touchMove', {
      x: from.x + ((to.x - from.x) * i) / 12,
      y: from.y + ((to.y - from.y) * i) / 12,
    });
  await touch('touchEnd');
  await cdp.detach();
}

async function personalTask(person: { access: string }, form: Record<string, unknown>) {
  const made = await fetch(
    `${stack.base}/create_list`,
    jsonRequest('POST', { dueDate: '2054-12-20', priority: 'Moderate', ...form }, person.access),
  );
  expect(made.status).toBe(201);
  return (await readJson(made)).id as string;
}

/** Files a task by the folders service itself (a new folder may not have reached the tasks service yet). */
async function fileTask(person: { access: string }, folderId: string, taskId: string) {
  const filed = await fetch(
    `${stack.base}/api/folders/${folderId}/attach-tasks/`,
    jsonRequest('POST', { task_ids: [taskId] }, person.access),
  );
  expect(filed.status).toBe(200);
}

describe.each(widths)('tasks and folders by hand at $name', ({ viewport, narrow }) => {
  it('a task has its own page: the dashboard opens it, reload keeps it, another person’s says so', async () => {
    const [ana, ben] = [await stack.existingPerson(), await stack.existingPerson()];
    const id = await personalTask(ana, { title: 'Renew the passport', dueDate: '2054-12-02' });
    const bens = await personalTask(ben, { title: 'Ben’s secret' });
    const { context, page } = await stack.newPage({ viewport, bypassCSP: true });
    await openWorkspace(page, ana);
    await choose(page, 'Dashboard', narrow);
    await page
      .getByRole('region', { name: 'Upcoming Deadlines' })
      .getByRole('link', { name: 'Renew the passport' })
      .click();
    await page.waitForURL(`**/home/tasks/${id}`);
    const task = page.getByRole('region', { name: 'Task: Renew the passport' });
    await task.getByText('In Personal Tasks').waitFor();
    await task.getByRole('article', { name: 'Renew the passport' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.reload();
    await task.getByRole('article', { name: 'Renew the passport' }).waitFor();
    await page.goBack();
    await page.waitForURL('**/home/dashboard');

    // Another person's task, by its short link: not found or not theirs, with a way on.
    await page.goto(`/tasks/${bens}`);
    await page.waitForURL(`**/home/tasks/${bens}`);
    await page.getByRole('heading', { name: 'This task was not found, or it is not yours' }).waitFor();
    expect(await page.getByText('Ben’s secret').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `/tmp/baton-task-missing-${viewport.width}.png` });
    await page.getByRole('button', { name: 'Go to your tasks' }).click();
    await page.waitForURL((url) => url.pathname === '/home');
    await context.close();
  });

  it(`a filed task is dragged out of its folder${narrow ? ' by a long press' : ''}`, async () => {
    const person = await stack.existingPerson();
    const work = await readJson(
      fetch(`${stack.base}/api/folders/`, jsonRequest('POST', { name: 'Work' }, person.access)),
    );
    await fileTask(person, work.id, await personalTask(person, { title: 'Book the venue' }));
    const { context, page } = await stack.newPage({ viewport, hasTouch: narrow });
    await openWorkspace(page, person);
    await page.goto(`/home/folders/${work.id}`);
    const card = page.getByRole('article', { name: 'Book the venue' });
    const from = await middleOf(card.getByRole('heading', { name: 'Book the venue' }));
    const to = await middleOf(page.getByText(/Drop tasks here to take them out of this folder/));
    await (narrow ? dragByTouch : dragByMouse)(page, from, to);
    await card.waitFor({ state: 'detached' });
    await page.goto('/home');
    await card.waitFor();
    await context.close();
  });
});

describe('dragging near the edge', () => {
  it('scrolls the page up to the folders while a card is dragged near the top, and files it there', async () => {
    const person = await stack.existingPerson();
    await readJson(
      fetch(`${stack.base}/api/folders/`, jsonRequest('POST', { name: 'Later' }, person.access)),
    );
    for (let i = 1; i <= 14; i++) await personalTask(person, { title: `Chore ${i}` });
    const { context, page } = await stack.newPage({ viewport: { width: 1280, height: 700 } });
    await openWorkspace(page, person);
    // The oldest card is at the bottom of the newest-first list, which renders only what is near the screen.
    await page.getByRole('article', { name: 'Chore 14', exact: true }).waitFor();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const last = page.getByRole('article', { name: 'Chore 1', exact: true });
    await last.scrollIntoViewIfNeeded();
    const folder = page.getByRole('button', { name: /^Later 0 tasks/ });
    expect(((await folder.boundingBox())?.y ?? 0) < 0).toBe(true);

    const from = await middleOf(last.getByRole('heading', { name: 'Chore 1' }));
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + 10, from.y - 10, { steps: 3 });
    // One move to the top edge, then held there (Playwright's stepped moves stall while the page auto-scrolls).
    await page.mouse.move(from.x, 8);
    // The page scrolls until the strip is in view; the dragged card has left the (virtual) list by then. It
    // goes on to the top while the pointer stays at the edge: the folder is aimed at once it has stopped.
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 10_000 }).toBe(0);
    expect((await folder.boundingBox())?.y ?? -1).toBeGreaterThan(0);
    expect(await last.count()).toBe(0);
    const over = await middleOf(folder);
    await page.mouse.move(over.x, over.y);
    await page.mouse.move(over.x + 2, over.y + 2);
    await page.mouse.up();
    await page.getByRole('button', { name: /^Later 1 task/ }).waitFor();
    await context.close();
  });
});

describe.each(widths)('mailed links at $name', ({ viewport }) => {
  it('an accept link opened as someone else asks once, names nobody, and signs out to continue as the recipient', async () => {
    const [ana, ben, cleo] = [
      await stack.existingPerson(),
      await stack.existingPerson(),
      await stack.existingPerson(),
    ];
    const form = {
      title: 'Check the invoices',
      dueDate: '2054-12-10',
      priority: 'Moderate',
      email: ben.email,
    };
    const sent = await fetch(`${stack.base}/send_email/assign_user/`, jsonRequest('POST', form, ana.access));
    expect((await readJson(sent)).invitation_sent).toBe(false);
    const link = await stack.linkMailedTo(ben.email, /https?:\/\/\S+accept-task\S*/);
    const { context, page } = await stack.newPage({ viewport, bypassCSP: true });
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
    const person = await stack.existingPerson();
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
    const { context, page } = await stack.newPage({ viewport, bypassCSP: true });
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByRole('alert').getByText(identityMessages.resetInvalid).waitFor();
    expect(await page.getByLabel('New password').count()).toBe(0);
    await page.getByRole('link', { name: 'Request a new link' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
