/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { folderPalette } from '@baton/contracts/constants';
import { jsonRequest, readJson } from '@baton/test-kit';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './browser';
import { card, openCategory, openWorkspace, type Person, type SignedUp, useAppInBrowser } from './stack';

/**
 * Dark mode in Chromium against the real stack: the main screens (landing, login, the lists with tasks of every
 * priority and folders of every palette colour, a folder, the task form, the dashboard, the notifications
 * panel, Settings, the command palette) pass axe-core (WCAG 2 A and AA: zero serious or critical violations)
 * in the light and the dark theme, each reached both ways: the system's scheme (Chromium's emulated
 * `prefers-color-scheme`) and the explicit choice of Settings › Appearance against the system's. Screenshots of
 * each screen in both themes at 1280 and 390 px go to /tmp/shots-themes (SHOTS_DIR) to be looked at.
 */
const stack = useAppInBrowser();
const { newPage, existingPerson } = stack;
const shots = process.env.SHOTS_DIR ?? '/tmp/shots-themes';
mkdirSync(shots, { recursive: true });

type Theme = 'light' | 'dark';
/** The body's background in each theme (the --b-color-bg token), as Chromium computes it. */
const background: Record<Theme, string> = { light: 'rgb(247, 250, 252)', dark: 'rgb(17, 22, 29)' };

const api = (path: string, body: unknown, token: string) =>
  readJson(fetch(`${stack.base}${path}`, jsonRequest('POST', body, token)));

let ana: Person & SignedUp;
beforeAll(async () => {
  ana = await existingPerson({ firstname: 'Ana' });
  const ben = await existingPerson({ firstname: 'Ben' });
  // A task of each priority, a folder of each palette colour (one with a task filed), a task Ben assigned her.
  const tasks: { id: string }[] = [];
  for (const [title, priority] of [
    ['Pay the invoice', 'Immediate'],
    ['Book the venue', 'Moderate'],
    ['Renew the domain', 'Lenient'],
  ])
    tasks.push(await api('/create_list', { title, dueDate: '2054-12-20', priority }, ana.access));
  const folders: { id: string }[] = [];
  for (const [name, color] of Object.entries(folderPalette))
    folders.push(await api('/api/folders/', { name, color }, ana.access));
  const blue = folders[0];
  // folders hears of the task through an event; until then it cannot file it.
  for (let tries = 0; ; tries += 1) {
    const res = await fetch(
      `${stack.base}/api/folders/${blue?.id}/attach-tasks/`,
      jsonRequest('POST', { task_ids: [tasks[0]?.id] }, ana.access),
    );
    if (res.status === 200) break;
    if (tries === 40) throw new Error(`could not file the task: ${res.status}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  await api(
    '/send_email/assign_user/',
    {
      title: 'Review the slides',
      description: 'Before Friday, please.',
      dueDate: '2054-12-18',
      priority: 'Moderate',
      email: ana.email,
      category: 'Tasks Delegated - Assigned',
    },
    ben.access,
  );
}, 60_000);

/** Every screen: how to get there from wherever the last one left the page. */
const publicScreens: [string, (page: Page) => Promise<void>][] = [
  ['landing', async (page) => void (await page.goto('/'))],
  ['login', async (page) => void (await page.goto('/login'))],
];
const workspaceScreens: [string, (page: Page) => Promise<void>][] = [
  [
    'personal-tasks',
    async (page) => {
      await openCategory(page, 'Personal Tasks');
      await card(page, 'Book the venue').waitFor();
      await page
        .getByRole('button', { name: /^Indigo/ })
        .first()
        .waitFor();
    },
  ],
  [
    'folder',
    async (page) => {
      await page.getByRole('button', { name: /^Blue/ }).first().click();
      await card(page, 'Pay the invoice').waitFor();
    },
  ],
  [
    'task-form',
    async (page) => {
      await openCategory(page, 'Personal Tasks');
      await page.getByRole('button', { name: 'Add Tasks' }).first().click();
      await page.getByRole('dialog', { name: 'Add Tasks' }).waitFor();
    },
  ],
  [
    'assigned',
    async (page) => {
      await page.keyboard.press('Escape');
      await openCategory(page, 'Assigned Tasks');
      await card(page, 'Review the slides').waitFor();
    },
  ],
  [
    'dashboard',
    async (page) => {
      await openCategory(page, 'Dashboard');
      await page.getByText('Task Progress Overview').waitFor();
    },
  ],
  [
    'notifications',
    async (page) => {
      await page.getByRole('button', { name: /^Notifications/ }).click();
      await page
        .getByRole('region', { name: 'Notifications' })
        .or(page.getByRole('dialog', { name: 'Notifications' }))
        .getByText('Review the slides', { exact: false })
        .first()
        .waitFor();
    },
  ],
  [
    'settings',
    async (page) => {
      await page.keyboard.press('Escape');
      await openCategory(page, 'Settings');
      await page.getByRole('region', { name: 'Appearance' }).waitFor();
    },
  ],
  [
    'palette',
    async (page) => {
      await page.keyboard.press('Control+k');
      await page.getByRole('dialog', { name: 'Command palette' }).waitFor();
      await page.keyboard.type('venue');
      await page.getByRole('option', { name: /Book the venue/ }).waitFor();
    },
  ],
];

/** Axe on the page as it is, then (for the system's themes) its screenshots at 1280 and 390 px. */
async function check(page: Page, name: string, theme: Theme, shoot: boolean) {
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(background[theme]);
  expect(await seriousViolations(page), `${name} (${theme})`).toEqual([]);
  if (!shoot) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${shots}/${name}-${theme}-${width}.png`, animations: 'disabled' });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Every screen in one theme, reached through the system's scheme or through the setting against it. */
async function walk(theme: Theme, through: 'system' | 'setting') {
  const other: Theme = theme === 'dark' ? 'light' : 'dark';
  const { context, page } = await newPage({ bypassCSP: true });
  await page.emulateMedia({ colorScheme: through === 'system' ? theme : other });
  const shoot = through === 'system';
  await page.goto('/login');
  if (through === 'setting') {
    // Chosen in Settings › Appearance, then every page of the site shows it, the public ones included.
    await openWorkspace(page, ana);
    await openCategory(page, 'Settings');
    await page.getByRole('radio', { name: theme === 'dark' ? 'Dark' : 'Light', exact: true }).check();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
  }
  for (const [name, open] of publicScreens) {
    await open(page);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await check(page, name, theme, shoot);
  }
  await openWorkspace(page, ana);
  for (const [name, open] of workspaceScreens) {
    await open(page);
    await check(page, name, theme, shoot);
  }
  await context.close();
}

describe('the light and the dark theme', () => {
  it(
    'follow the system: every main screen passes axe in the light scheme',
    () => walk('light', 'system'),
    180_000,
  );
  it(
    'follow the system: every main screen passes axe in the dark scheme',
    () => walk('dark', 'system'),
    180_000,
  );
  it(
    'Dark chosen in Settings wins over a light system, on every screen',
    () => walk('dark', 'setting'),
    180_000,
  );
  it(
    'Light chosen in Settings wins over a dark system, on every screen',
    () => walk('light', 'setting'),
    180_000,
  );

  it('the choice is on <html> before the first paint of a reload, and System gives the page back to the system', async () => {
    const { context, page } = await newPage();
    await page.emulateMedia({ colorScheme: 'light' });
    // What <html> says when <body> first appears: after the head's blocking scripts, before the bundles.
    await context.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.body) return;
        (window as unknown as { themeAtBody: string }).themeAtBody =
          document.documentElement.dataset.theme ?? 'none';
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await openWorkspace(page, ana);
    await openCategory(page, 'Settings');
    await page.getByRole('radio', { name: 'Dark', exact: true }).check();
    await page.reload();
    await page.getByRole('region', { name: 'Appearance' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { themeAtBody: string }).themeAtBody)).toBe(
      'dark',
    );
    expect(await page.getByRole('radio', { name: 'Dark', exact: true }).isChecked()).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(background.dark);

    await page.getByRole('radio', { name: 'System', exact: true }).check();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBeUndefined();
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(background.light);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor))
      .toBe(background.dark);
    await context.close();
  });
});
