/// <reference lib="dom" />
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eventually, jsonRequest, type Mailbox, readJson, signUp } from '@baton/test-kit';
import i18next from 'i18next';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { assignWhenKnown } from './flows';
import { repoRoot } from './process';
import { card, type Person, type SignedUp, useAppInBrowser } from './stack';

/**
 * The German UI on `npm start` in a Chromium whose language is German: a person signs up in German, makes and
 * delegates tasks, and walks the main screens; none may show an English sentence of the message books (the
 * sentences whose German differs), in visible text or in accessible names. Screenshots at 1280 and 390 px, light
 * and dark.
 */
const stack = useAppInBrowser();
const shots = process.env.SHOTS_DIR ?? '/tmp/shots-german';
mkdirSync(shots, { recursive: true });

/** Every front end's source file that defines a message book (the shell, the remotes, web-platform). */
function bookFiles() {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : walk(path);
      return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
    });
  const roots = [
    'shell',
    'packages/web-platform',
    ...readdirSync(repoRoot).filter((d) => d.startsWith('mf-')),
  ];
  return roots
    .flatMap((root) => walk(join(repoRoot, root, 'src')))
    .filter((file) => /\bdefineMessages\(/.test(readFileSync(file, 'utf8')));
}

/**
 * The English phrases a German screen must not show: each English sentence whose German differs, split at
 * its `{{placeholders}}` into the literal parts, keeping those with a word of three letters or more.
 */
async function englishPhrases() {
  for (const file of bookFiles()) await import(file);
  const { en = {}, de = {} } = i18next.store.data as Record<string, Record<string, Record<string, string>>>;
  const phrases = new Set<string>();
  for (const [namespace, sentences] of Object.entries(en))
    for (const [key, english] of Object.entries(sentences)) {
      if (typeof english !== 'string' || english === de[namespace]?.[key]) continue;
      for (const part of english.split(/\{\{[^}]+\}\}/)) {
        const phrase = part.replace(/\s+/g, ' ').trim();
        if (/[A-Za-z]{3,}/.test(phrase)) phrases.add(phrase);
      }
    }
  return [...phrases];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The phrase as a whole: not inside another word (so "Tag" in "Dienstag" is not "Tag"). */
const asWhole = (phrase: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(phrase)}(?![\\p{L}\\p{N}])`, 'u');

/** What a person (or a screen reader) meets on the page: visible text, and names, titles and hints. */
const whatIsSaid = (page: Page) =>
  page.evaluate(() => {
    const attributes = ['aria-label', 'title', 'placeholder', 'alt', 'aria-valuetext', 'aria-description'];
    const said = [document.title, document.body.innerText];
    for (const element of document.querySelectorAll('*'))
      for (const name of attributes) {
        const value = element.getAttribute(name);
        if (value) said.push(value);
      }
    return said.join('\n');
  });

let phrases: string[];
beforeAll(async () => {
  phrases = await englishPhrases();
  // The books are there: the check is not vacuous.
  expect(phrases.length).toBeGreaterThan(300);
}, 60_000);

/** Fails with every English phrase the page still says, named with the screen. */
async function expectGerman(page: Page, screen: string) {
  const said = await whatIsSaid(page);
  const english = phrases.filter((phrase) => asWhole(phrase).test(said));
  expect(english, `English on ${screen}`).toEqual([]);
}

/** The screen at both widths, in the light theme and then the dark one (the system's scheme, which it follows). */
async function shoot(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width > 400 ? 900 : 844 });
    // A layout that a long German word breaks scrolls sideways.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${width} px is wider than the window`).toBeLessThanOrEqual(0);
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await page.screenshot({
        path: `${shots}/de-${name}-${theme}-${width}.png`,
        animations: 'disabled',
        fullPage: true,
      });
    }
    await page.emulateMedia({ colorScheme: 'light' });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The catcher's mails with their subjects (the app runs in another process). */
const mailbox = (): Mailbox & { subjectOf: (to: string) => Promise<string> } => {
  const mails = async () =>
    (await readJson(fetch(`${stack.mailBase}/api/messages`))) as {
      to: string[];
      subject: string;
      text: string;
    }[];
  return {
    waitFor: (to, { match } = {}) =>
      eventually(async () =>
        (await mails()).find((m) => m.to.includes(to.toLowerCase()) && (match?.(m) ?? true)),
      ),
    subjectOf: async (to) =>
      (await eventually(async () => (await mails()).find((m) => m.to.includes(to.toLowerCase())))).subject,
  };
};

/** Signs up through the API as a German browser does (its Accept-Language), from an address of its own. */
async function germanPerson(overrides: Partial<Person> = {}): Promise<Person & SignedUp> {
  const fromGermany = (path: string, init?: RequestInit) =>
    fetch(`${stack.base}${path}`, {
      ...init,
      headers: { ...init?.headers, 'accept-language': 'de-DE,de;q=0.9', 'x-forwarded-for': '10.88.0.1' },
    });
  return signUp(fromGermany, overrides, { mailbox: mailbox() });
}

const api = (path: string, method: string, body: unknown, token: string) =>
  fetch(`${stack.base}${path}`, jsonRequest(method, body, token));

describe('the German UI', () => {
  it('walks the main screens with no English sentence left, in a browser set to German', async () => {
    const ana = await germanPerson({ firstname: 'Anja', lastname: 'Bauer' });
    // Her confirmation mail came in German: the sign-up came from a German browser.
    expect(await mailbox().subjectOf(ana.email)).toBe('Bestätige deine E-Mail-Adresse für Baton');
    const ben = await stack.existingPerson({ firstname: 'Ben' });
    // Her mails and notifications in German too (what Settings' language picker stores).
    expect(
      (await api('/api/settings/notification-preferences/', 'PUT', { language: 'de' }, ana.access)).status,
    ).toBe(200);
    // Ben hands her a task; a folder holds one of her own.
    const handed = await assignWhenKnown(stack.base, ben.access, {
      title: 'Quartalsbericht prüfen',
      dueDate: '2054-12-18',
      priority: 'Immediate',
      email: ana.email,
    });
    const folder = await readJson(api('/api/folders/', 'POST', { name: 'Verwaltung' }, ana.access));
    const filing = {
      title: 'Steuererklärung',
      dueDate: '2054-12-30',
      priority: 'Lenient',
      folder_id: folder.id,
    };
    // tasks learns of the folder from its event: until then the folder is unknown there (404).
    await eventually(async () => (await api('/create_list', 'POST', filing, ana.access)).status === 201);

    const { context, page } = await stack.newPage({ locale: 'de-DE' });
    expect(await page.evaluate(() => navigator.language)).toBe('de-DE');

    await page.goto('/');
    await page.locator('main, #root').first().waitFor();
    await page.waitForLoadState('networkidle');
    await expectGerman(page, 'the landing page');
    await shoot(page, 'landing');

    await page.goto('/login');
    await page.locator('input[type="email"]').waitFor();
    await expectGerman(page, 'the login page');
    await page.locator('input[type="email"]').fill(ana.email);
    await page.locator('input[type="password"]').first().fill(ana.password);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL('**/home');
    await page.locator('#workspace-content').waitFor();

    // A personal task made in the form, and a task delegated to Ben.
    await page.getByRole('button', { name: 'Aufgabe anlegen' }).first().click();
    const form = page.getByRole('dialog', { name: 'Aufgabe anlegen' });
    await form.getByLabel('Titel').fill('Angebot schreiben');
    await form.getByLabel('Fällig am').fill('2054-12-21');
    await form.getByLabel('Priorität').selectOption('Moderate');
    await expectGerman(page, 'the task form');
    await shoot(page, 'task-form');
    await form.getByRole('button', { name: 'Aufgabe anlegen' }).click();
    await form.waitFor({ state: 'detached' });
    await card(page, 'Angebot schreiben').waitFor();
    await page.waitForLoadState('networkidle');
    await expectGerman(page, 'Personal Tasks');
    await shoot(page, 'personal-tasks');

    // A card's edit dialog.
    // Compact cards (the default) keep their actions in one menu.
    await card(page, 'Angebot schreiben')
      .getByRole('button', { name: 'Weitere Aktionen für „Angebot schreiben“' })
      .click();
    await page.getByRole('menuitem', { name: 'Bearbeiten' }).click();
    await page.getByRole('dialog', { name: 'Aufgabe bearbeiten' }).waitFor();
    await expectGerman(page, 'the edit dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'Abbrechen' }).click();

    await page.goto('/home/assigned/delegated');
    await page.getByRole('button', { name: 'Aufgabe zuweisen' }).first().click();
    const assign = page.getByRole('dialog', { name: 'Aufgabe zuweisen' });
    await assign.getByLabel('Titel').fill('Kundentermin vorbereiten');
    await assign.getByLabel('Fällig am').fill('2054-12-22');
    await assign.getByLabel('Priorität').selectOption('Immediate');
    await assign.getByRole('combobox', { name: 'E-Mail des Empfängers' }).fill(ben.email);
    await assign.getByRole('button', { name: 'Aufgabe zuweisen' }).click();
    await assign.waitFor({ state: 'detached' });
    await card(page, 'Kundentermin vorbereiten').waitFor();
    await expectGerman(page, 'Tasks Delegated - Assigned');

    const screens: [string, string, () => Promise<unknown>][] = [
      ['assigned', '/home/assigned', () => card(page, 'Quartalsbericht prüfen').waitFor()],
      ['invited', '/home/invited', () => page.getByRole('tabpanel').first().waitFor()],
      ['waiting', '/home/waiting', () => page.getByText('Kundentermin vorbereiten').first().waitFor()],
      [
        'dashboard',
        '/home/dashboard',
        () => page.getByRole('heading', { name: 'Letzte Aktivitäten' }).waitFor(),
      ],
      ['task-page', `/home/tasks/${handed}`, () => card(page, 'Quartalsbericht prüfen').waitFor()],
      ['folder', `/home/folders/${folder.id}`, () => page.getByRole('tabpanel').first().waitFor()],
    ];
    for (const [name, path, ready] of screens) {
      await page.goto(path);
      await ready();
      await page.waitForLoadState('networkidle');
      await expectGerman(page, path);
      await shoot(page, name);
    }

    // The notifications panel (the bell), with Ben's task in it.
    await page.goto('/home');
    const bell = page.locator('.workspace__bell button').first();
    await bell.click();
    await page.getByRole('dialog').first().waitFor();
    await page.waitForLoadState('networkidle');
    await expectGerman(page, 'the notifications panel');
    await shoot(page, 'notifications');

    for (const section of [
      'account',
      'appearance',
      'notifications',
      'trusted',
      'storage',
      'data',
      'danger',
    ]) {
      await page.goto(`/home/settings/${section}`);
      await page.locator('#workspace-content h2').first().waitFor();
      await page.waitForLoadState('networkidle');
      await expectGerman(page, `Settings → ${section}`);
      if (section === 'account' || section === 'notifications') await shoot(page, `settings-${section}`);
    }
    await context.close();
  }, 300_000);
});
