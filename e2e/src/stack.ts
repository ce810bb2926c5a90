/// <reference lib="dom" />
import { databaseUrl } from '@baton/service-kit';
import { eventually, type Mailbox, readJson, signUp } from '@baton/test-kit';
import pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { launchBrowser } from './browser';
import { type AppProcess, startApp } from './process';
import { appDatabases, claimOwnDatabasePrefix, claimSharedApp, type SharedApp } from './shared-app';

export interface Person {
  firstname: string;
  lastname: string;
  email: string;
  password: string;
}

/** What signing up gave the person: their id, and an access token for API calls beside the browser. */
export interface SignedUp {
  id: string;
  access: string;
}

/**
 * Clears the rate-limit counters an app keeps in Postgres (`kit_rate_limits`) in its databases
 * (`<prefix><service>`). They outlive the app on purpose, so on a shared server one file's sign-ups from
 * 127.0.0.1 counted against the next file's, and a file that started within the same minute was refused with 429.
 */
async function forgetRateLimits(server: string, prefix: string) {
  for (const database of appDatabases(prefix)) {
    const db = new pg.Client({ connectionString: databaseUrl(server, database) });
    // Not there yet: the app this file starts makes it.
    if (
      !(await db.connect().then(
        () => true,
        () => false,
      ))
    )
      continue;
    await db
      .query('delete from kit_rate_limits')
      .catch(() => undefined)
      .finally(() => db.end());
  }
}

/**
 * The whole app as `npm start` runs it (single process, real Postgres, the mail catcher), with the front ends
 * built for this run and one Chromium, for the browser tests of this file. Without `env`, a shared app no other
 * running file is on (shared-app.ts); `env` starts one for this file, with that added to its environment.
 * `fullBrowser`: the whole Chromium rather than its headless shell.
 */
export function useAppInBrowser(
  options: { env?: () => Promise<Record<string, string>>; fullBrowser?: boolean } = {},
) {
  let app: AppProcess | undefined;
  let browser: Browser | undefined;
  const urls = { base: '', mail: '' };
  let databasePrefix = '';
  let release: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const server = inject('databaseUrl');
    let shared: SharedApp | undefined;
    if (options.env) ({ prefix: databasePrefix, release } = await claimOwnDatabasePrefix(server));
    else {
      ({ app: shared, release } = await claimSharedApp(server, inject('sharedApps')));
      databasePrefix = shared.databasePrefix;
    }
    await forgetRateLimits(server, databasePrefix);
    browser = await launchBrowser({ full: options.fullBrowser });
    if (shared) {
      Object.assign(urls, { base: shared.base, mail: shared.mail });
      return;
    }
    const own = await startApp(server, databasePrefix, await options.env?.());
    app = own.app;
    Object.assign(urls, own.urls);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    await release?.();
  });

  /** `bypassCSP` only for axe-core, which is injected as an inline script the app's CSP rightly refuses. */
  async function newPage({
    bypassCSP = false,
    viewport = { width: 1280, height: 900 },
    hasTouch = false,
    locale = undefined as string | undefined,
  } = {}): Promise<{
    context: BrowserContext;
    page: Page;
  }> {
    if (!browser) throw new Error('the browser is not running');
    // A locale also sets the browser's languages and its Accept-Language header.
    const context = await browser.newContext({
      baseURL: urls.base,
      bypassCSP,
      viewport,
      hasTouch,
      ...(locale ? { locale } : {}),
    });
    return { context, page: await context.newPage() };
  }

  /** The catcher's mails, read over its web API (the app runs in another process). */
  let people = 0;
  const mailbox: Mailbox = {
    waitFor: (to, { match } = {}) =>
      eventually(async () => {
        const mails: { to: string[]; text: string }[] = await readJson(
          fetch(`${urls.mail}/api/messages?to=${encodeURIComponent(to)}`),
        );
        return mails.find((m) => match?.(m) ?? true);
      }),
  };

  /**
   * A person who already has an account, with their address confirmed (made through the API, to keep each
   * test about one thing).
   */
  function existingPerson(overrides: Partial<Person> = {}): Promise<Person & SignedUp> {
    people += 1;
    const address = `10.77.${people >> 8}.${people & 255}`;
    const fromTheirAddress = (path: string, init?: RequestInit) =>
      fetch(`${urls.base}${path}`, { ...init, headers: { ...init?.headers, 'x-forwarded-for': address } });
    return signUp(fromTheirAddress, overrides, { mailbox });
  }

  /** The first link mailed to `email` that matches `pattern`, waiting for it to arrive. */
  async function linkMailedTo(email: string, pattern: RegExp) {
    const mail = await mailbox.waitFor(email, { match: (m) => pattern.test(m.text) });
    return pattern.exec(mail.text)?.[0] as string;
  }

  return {
    get base() {
      return urls.base;
    },
    /** The mail catcher's web address (its `/api/messages` lists what was sent). */
    get mailBase() {
      return urls.mail;
    },
    /** The connection string of a service's database in this app (`tasks`, `identity`, ...). */
    database: (service: string) => databaseUrl(inject('databaseUrl'), `${databasePrefix}${service}`),
    newPage,
    existingPerson,
    linkMailedTo,
  };
}

/** Fills the login form (the page must be on /login). */
export async function logIn(
  page: Page,
  person: Pick<Person, 'email' | 'password'>,
  { remember = true } = {},
) {
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  if (!remember) await page.getByLabel('Remember me').uncheck();
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Logs in from /login and waits for the workspace (its chunk arrives after the URL changes). */
export async function openWorkspace(page: Page, person: Pick<Person, 'email' | 'password'>) {
  await page.goto('/login');
  await logIn(page, person);
  await page.waitForURL('**/home');
  // The workspace's own content (the sidebar is off-canvas on a narrow screen).
  await page.locator('#workspace-content').waitFor();
}

/** The received lists' headings, in plain words (the sidebar keeps SPEC §2's names). */
const headings: Record<string, string> = {
  'Assigned Tasks': 'Assigned to me',
  'Invited Tasks': 'Invitations to me',
};

/** Picks a category in the sidebar (by its visible name) and waits for its heading. */
export async function openCategory(page: Page, name: string) {
  await page
    .getByRole('navigation', { name: 'Categories' })
    .getByRole('button', { name, exact: true })
    .click();
  await page.getByRole('heading', { level: 1, name: headings[name] ?? name }).waitFor();
}

/** A task card, found by its title. */
export const card = (page: Page, title: string) => page.getByRole('article', { name: title });

/** Adds a task through the form that `button` opens (Add Tasks, Assign Task, Invite to Task). */
export async function addTask(
  page: Page,
  button: string,
  fields: { title: string; due: string; priority: string; to?: string },
) {
  await page.getByRole('button', { name: button }).first().click();
  const dialog = page.getByRole('dialog', { name: button });
  await dialog.getByLabel('Title').fill(fields.title);
  await dialog.getByLabel('Due date').fill(fields.due);
  await dialog.getByLabel('Priority').selectOption(fields.priority);
  if (fields.to) await dialog.getByRole('combobox', { name: 'Recipient email' }).fill(fields.to);
  await dialog.getByRole('button', { name: button }).click();
  await dialog.waitFor({ state: 'detached' });
  await card(page, fields.title).waitFor();
}
