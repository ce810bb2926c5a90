/// <reference lib="dom" />

import type { Server } from 'node:http';
import { identityMessages } from '@baton/contracts';
import { freePort, makeUser } from '@baton/test-kit';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './browser';
import { serveProbeRemote } from './probe-remote';
import { logIn, openCategory, openWorkspace, type Person, useAppInBrowser } from './stack';

/**
 * The shell in Chromium against the real stack (`npm start`'s single process on real Postgres), the way
 * a person uses it: sign-up, login with and without Remember me, `next`, the idle modal, logout, a reset
 * through the mailed link, a remote that fails to load, and axe-core on every page.
 */
let probeBase: string;
let probe: Server | undefined;
const stack = useAppInBrowser({
  env: async () => {
    const probePort = await freePort();
    probeBase = `http://localhost:${probePort}`;
    probe = await serveProbeRemote(probePort);
    // The probe remote's origin: a tester may load a remote from there for one tab.
    return { REMOTE_OVERRIDE_ORIGINS: probeBase };
  },
});
const { newPage, existingPerson } = stack;
/** Accounts shared by tests that do not change them (sign-up and login are rate limited per address and account). */
let visitor: Person;
let member: Person;

beforeAll(async () => {
  visitor = await existingPerson();
  member = await existingPerson();
});

afterAll(() => {
  probe?.close();
});

async function signUpThroughTheForm(page: Page, person: Person) {
  await page.goto('/signup');
  await page.getByLabel('First name').fill(person.firstname);
  await page.getByLabel('Last name').fill(person.lastname);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByLabel('Confirm password').fill(person.password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/login');
}

/** The status of every refresh call the pages of `context` make, in order. */
async function recordRefreshStatuses(context: BrowserContext) {
  const statuses: number[] = [];
  await context.route('**/api/token/refresh/', async (route) => {
    const response = await route.fetch();
    statuses.push(response.status());
    await route.fulfill({ response });
  });
  return statuses;
}

/**
 * Moves the mouse in `page`, then waits until every tab reads the activity it recorded: localStorage
 * reaches other tabs asynchronously, and fake clocks run minutes in milliseconds.
 */
async function activityIn(page: Page, tabs: Page[]) {
  await page.mouse.move(10, 10);
  await page.mouse.move(40, 60);
  const recorded = await page.evaluate(() => localStorage.getItem('baton.lastActive'));
  for (const tab of tabs)
    await expect.poll(() => tab.evaluate(() => localStorage.getItem('baton.lastActive'))).toBe(recorded);
}

const storedTokens = (page: Page) =>
  page.evaluate(() => ({
    local: localStorage.getItem('baton.refreshToken'),
    session: sessionStorage.getItem('baton.refreshToken'),
  }));

describe('signing in', () => {
  it('signs up through the form, logs in with Remember me (tokens in localStorage), and confirms the address by its link', async () => {
    const { context, page } = await newPage();
    const person = makeUser();
    await signUpThroughTheForm(page, person);
    await page.getByText(identityMessages.signupDone).waitFor();
    await logIn(page, person);
    await page.waitForURL('**/home');
    await page.getByRole('heading', { level: 1, name: 'Personal Tasks' }).waitFor();
    expect(await page.getByText(`${person.firstname} ${person.lastname}`).isVisible()).toBe(true);
    const tokens = await storedTokens(page);
    expect(tokens.local).toBeTruthy();
    expect(tokens.session).toBeNull();
    // Until the mailed link is followed, the workspace asks for it.
    const ask = page.getByText(/Confirm your e-mail address with the link we sent you/);
    await ask.waitFor();
    await page.goto(
      await stack.linkMailedTo(person.email.toLowerCase(), /http\S+\/verify-email\?token=[\w-]+/),
    );
    await page.getByText(identityMessages.verifyDone).waitFor();
    await page.getByRole('link', { name: 'Go to Baton' }).click();
    await page.getByRole('heading', { level: 1, name: 'Personal Tasks' }).waitFor();
    await page.waitForTimeout(300);
    expect(await ask.count()).toBe(0);
    await context.close();
  });

  it('logs in without Remember me: tokens in sessionStorage only', async () => {
    const person = member;
    const { context, page } = await newPage();
    await page.goto('/login');
    await logIn(page, person, { remember: false });
    await page.waitForURL('**/home');
    const tokens = await storedTokens(page);
    expect(tokens.session).toBeTruthy();
    expect(tokens.local).toBeNull();
    await context.close();
  });

  it('shows the server error for a wrong password', async () => {
    const person = visitor;
    const { context, page } = await newPage();
    await page.goto('/login');
    await logIn(page, { ...person, password: 'not the password' });
    await page.getByRole('alert').getByText('Invalid email or password.').waitFor();
    await context.close();
  });

  it('sends a signed-out visitor to /login with next, and back there after login', async () => {
    const person = visitor;
    const { context, page } = await newPage();
    await page.goto('/accept-task?uidb64=abc&token=t1&taskId=42&action=invite_accept');
    await page.waitForURL('**/login?next=*');
    expect(new URL(page.url()).searchParams.get('next')).toBe(
      '/accept-task?uidb64=abc&token=t1&taskId=42&action=invite_accept',
    );
    await logIn(page, person);
    await page.waitForURL('**/accept-task?uidb64=abc&token=t1&taskId=42&action=invite_accept');
    await context.close();
  });
});

describe('session', () => {
  /** The seconds the idle modal counts down ("expires in ~Ns"). */
  const countdown = async (page: Page) => {
    const modal = page.getByRole('alertdialog', { name: 'You were inactive' });
    await modal.waitFor();
    const text = (await modal.textContent()) ?? '';
    expect(text).toMatch(/To continue, refresh your session \(expires in ~\d+s\)\./);
    return Number(/~(\d+)s/.exec(text)?.[1]);
  };

  it('idle 15 minutes (fake clock): the modal counts down minutes; Refresh session keeps the person in; no input until expiry logs out', async () => {
    const { context, page } = await newPage();
    await page.clock.install();
    await openWorkspace(page, member);
    const before = await storedTokens(page);
    await page.clock.runFor('14:50');
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    await page.clock.runFor('00:10');
    // The default 30-minute token was renewed never (15 minutes old): 15 minutes left to count down.
    expect(await countdown(page)).toBeGreaterThanOrEqual(14 * 60);
    await page.getByRole('button', { name: 'Refresh session' }).click();
    await page.getByRole('alertdialog').waitFor({ state: 'detached' });
    const after = await storedTokens(page);
    expect(after.local).toBeTruthy();
    expect(after.local).not.toBe(before.local);
    expect(new URL(page.url()).pathname).toBe('/home');

    // Idle again, and this time nobody comes back: the countdown runs out and the session ends.
    await page.clock.runFor('15:00');
    const left = await countdown(page);
    expect(left).toBeGreaterThanOrEqual(14 * 60);
    await page.clock.runFor((left + 2) * 1000);
    await page.waitForURL('**/login');
    expect(await storedTokens(page)).toEqual({ local: null, session: null });
    await context.close();
  });

  it('activity in another tab keeps this one from going idle; both tabs renew without a 401', async () => {
    const context = (await newPage()).context;
    const refreshStatuses = await recordRefreshStatuses(context);
    const [first, second] = [context.pages()[0] as Page, await context.newPage()];
    for (const page of [first, second]) await page.clock.install();
    await openWorkspace(first, visitor);
    await second.goto('/home');
    await second.getByRole('navigation', { name: 'Categories' }).waitFor();
    const both = (time: string) => Promise.all([first, second].map((p) => p.clock.runFor(time)));
    await both('10:00');
    await activityIn(second, [first]);
    await both('10:00');
    // Twenty minutes since the first tab saw input, ten since the second did: nobody is idle.
    expect(await first.getByRole('alertdialog').count()).toBe(0);
    // Renewed once under the tabs' Web Lock; a tab whose copy of localStorage lagged the lock's release
    // may present the rotated token too, and the grace window gives it the same pair: never a 401.
    await expect.poll(() => refreshStatuses.length).toBeGreaterThanOrEqual(1);
    expect(refreshStatuses.length).toBeLessThanOrEqual(2);
    expect(refreshStatuses.every((status) => status === 200)).toBe(true);
    await both('08:00'); // 18 minutes after the second tab's input: idle, with room for the tabs' clocks to drift
    await first.getByRole('alertdialog', { name: 'You were inactive' }).waitFor();
    await context.close();
  });

  it('three tabs renewing in the same second all stay signed in: one renewal, no 401', async () => {
    const context = (await newPage()).context;
    const refreshStatuses = await recordRefreshStatuses(context);
    const tabs = [context.pages()[0] as Page, await context.newPage(), await context.newPage()];
    await openWorkspace(tabs[0] as Page, member);
    for (const tab of tabs.slice(1)) {
      await tab.goto('/home');
      await tab.getByRole('navigation', { name: 'Categories' }).waitFor();
    }
    // Real clocks, shared by the tabs (fake ones drift apart per page): make the stored token look
    // 15 minutes old, and each tab's once-a-second check finds it due within the same second.
    await tabs[0]?.evaluate(() =>
      localStorage.setItem('baton.tokenReceivedAt', String(Date.now() - 15 * 60_000)),
    );
    await expect.poll(() => refreshStatuses.length).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 3_000));
    // One call under the Web Lock, or (localStorage lagging the lock's release) the grace window's same
    // pair for a tab that presented the rotated token: every answer 200, and one pair in the end.
    expect(refreshStatuses.length).toBeLessThanOrEqual(tabs.length);
    expect(refreshStatuses.every((status) => status === 200)).toBe(true);
    console.log(`three tabs renewing at once: ${refreshStatuses.length} refresh call(s) reached the server`);
    for (const tab of tabs) {
      expect(new URL(tab.url()).pathname).toBe('/home');
      const dialogs = await tab.getByRole('alertdialog').allTextContents();
      expect(dialogs, `tab ${tabs.indexOf(tab)}`).toEqual([]);
    }
    // The session lives on: its newest refresh token still works.
    const { local } = await storedTokens(tabs[0] as Page);
    const res = await fetch(`${stack.base}/api/token/refresh/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh: local }),
    });
    expect(res.status).toBe(200);
    await context.close();
  });

  it('with a stored session, the header Login link, /login and /signup land on /home; revoked or expired, they show the form', async () => {
    const { context, page } = await newPage();
    await openWorkspace(page, visitor);
    await page.goto('/terms');
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Login' }).click();
    await page.waitForURL('**/home');
    for (const path of ['/login', '/signup']) {
      await page.goto(path);
      await page.waitForURL('**/home');
    }
    // Revoked on the server (logged out elsewhere) while this browser still holds the tokens.
    const { local: refresh } = await storedTokens(page);
    await fetch(`${stack.base}/api/logout/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh }),
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Create account' }).waitFor();
    // Expired: tokens the server no longer honours.
    await page.evaluate(() => {
      localStorage.setItem('baton.accessToken', 'eyJhbGciOiJFZERTQSJ9.eyJleHAiOjF9.x');
      localStorage.setItem('baton.refreshToken', 'long-gone');
    });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await context.close();
  });

  it('Logout clears both storages and goes to /login; the old refresh token no longer works', async () => {
    const person = member;
    const { context, page } = await newPage();
    await openWorkspace(page, person);
    const { local: refresh } = await storedTokens(page);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    const left = await page.evaluate(() =>
      [...Object.keys(localStorage), ...Object.keys(sessionStorage)].filter(
        (key) => key.startsWith('baton.') && key !== 'baton.lastActive' && key !== 'baton.remoteOverrides',
      ),
    );
    expect(left).toEqual([]);
    await expect
      .poll(async () => {
        const res = await fetch(`${stack.base}/api/token/refresh/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ refresh }),
        });
        return res.status;
      })
      .toBe(401);
    await context.close();
  });
});

describe('password reset', () => {
  it('resets the password through the link in the mail', async () => {
    const person = await existingPerson();
    const { context, page } = await newPage();
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(person.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText('If the email exists, a reset link has been sent.').waitFor();

    await page.goto(await stack.linkMailedTo(person.email, /https?:\/\/\S+reset-password\S*/));
    await page.getByLabel('New password').fill('a brand new password');
    await page.getByLabel('Confirm password').fill('a brand new password');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Password has been reset. You can now log in.').waitFor();
    await page.getByRole('link', { name: 'Go to login' }).click();
    await logIn(page, { ...person, password: 'a brand new password' });
    await page.waitForURL('**/home');
    await context.close();
  });
});

describe('remotes', () => {
  it('a remote pointed at a missing manifest shows its fallback with Retry; Settings still opens', async () => {
    const person = visitor;
    const { context, page } = await newPage();
    await openWorkspace(page, person);
    await page.goto(
      `/home?remote=${encodeURIComponent(`mf-tasks@${stack.base}/mf/missing/mf-manifest.json`)}`,
    );
    const fallback = page.getByRole('alert').filter({ hasText: 'Tasks is unavailable right now.' });
    await fallback.waitFor();
    expect(await fallback.getByRole('button', { name: 'Retry loading Tasks' }).isVisible()).toBe(true);
    // The Settings area loads on its own, from the built mf-settings the gateway serves.
    await openCategory(page, 'Settings');
    await page.getByRole('heading', { level: 2, name: 'Account Settings' }).waitFor();
    expect(await page.getByText('Tasks is unavailable right now.').count()).toBe(0);
    await context.close();
  });

  it("loads a remote from an allowed origin for the tab, sharing the host's React, store and session", async () => {
    const person = visitor;
    const { context, page } = await newPage();
    await openWorkspace(page, person);
    await page.goto(`/home?remote=${encodeURIComponent(`mf-settings@${probeBase}/mf-manifest.json`)}`);
    const nav = page.getByRole('navigation', { name: 'Categories' });
    await nav.getByRole('button', { name: 'Settings' }).click();
    const remote = page.getByRole('region', { name: 'Probe remote' });
    await remote.getByText(`Probe remote sees ${person.email}`).waitFor();
    // The remote dispatches to the host's store: the host's heading follows.
    await remote.getByRole('button', { name: 'Open the dashboard from the remote' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    // The override stays for this tab only.
    await nav.getByRole('button', { name: 'Settings' }).click();
    await page.reload();
    await nav.getByRole('button', { name: 'Settings' }).click();
    await remote.waitFor();
    const other = await context.newPage();
    await other.goto('/home');
    await other
      .getByRole('navigation', { name: 'Categories' })
      .getByRole('button', { name: 'Settings' })
      .click();
    await other.locator('#workspace-content .remote-area--loading').waitFor({ state: 'detached' });
    expect(await other.getByRole('region', { name: 'Probe remote' }).count()).toBe(0);
    await context.close();
  });

  it('ignores an override from an origin that is not allowed', async () => {
    const person = visitor;
    const { context, page } = await newPage();
    const messages: string[] = [];
    page.on('console', (m) => messages.push(m.text()));
    await openWorkspace(page, person);
    await page.goto(`/home?remote=${encodeURIComponent('mf-tasks@https://evil.example/mf-manifest.json')}`);
    await page.getByRole('heading', { level: 1, name: 'Personal Tasks' }).waitFor();
    await expect.poll(() => messages.some((m) => m.includes('Remote overrides ignored'))).toBe(true);
    expect(await page.evaluate(() => sessionStorage.getItem('baton.remoteOverrides'))).toBe('{}');
    await context.close();
  });
});

describe('first load', () => {
  it.each(['/', '/login'])(
    '%s fetches only the shell: no workspace, federation runtime, remotes list or remote',
    async (path) => {
      const { context, page } = await newPage();
      const scripts: string[] = [];
      const other: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (request.resourceType() === 'script') scripts.push(url.pathname);
        else if (url.pathname === '/remotes.json' || url.pathname.startsWith('/mf/'))
          other.push(url.pathname);
      });
      await page.goto(path, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      // theme.js sets the theme before the first paint (a blocking script, tiny); then the shell.
      expect(scripts).toEqual(['/theme.js', expect.stringMatching(/^\/static\/js\/main\.\w+\.js$/)]);
      expect(other).toEqual([]);
      await context.close();
    },
  );
});

describe('a page opened inside a session', () => {
  it('/home brings the code of its task list with the page, reads no remotes list or manifest, and loads the bell after the list', async () => {
    const { context, page } = await newPage();
    await openWorkspace(page, await existingPerson());
    // Signing in reached /home from /login's page, which holds no manifests: the first visit asks for them
    // itself (all at once), and they may still be on their way. Only the reload below is measured: wait until
    // that visit's last area (the bell) has loaded.
    await page.waitForFunction(() =>
      performance
        .getEntriesByType('resource')
        .some((entry) => entry.name.includes('/mf/mf-notifications/remoteEntry.js')),
    );
    // A cold load of /home with the session kept: the cache is emptied, storage is not.
    await (await context.newCDPSession(page)).send('Network.clearBrowserCache');
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await page.reload();
    await page.getByText('Create your first task to get started.').waitFor();
    await expect.poll(() => asked.includes('/mf/mf-notifications/remoteEntry.js')).toBe(true);

    expect(asked.filter((path) => path === '/remotes.json' || path.endsWith('/mf-manifest.json'))).toEqual(
      [],
    );
    const preloaded = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map(
        (link) => new URL(link.href).pathname,
      ),
    );
    expect(preloaded).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/static\/js\/workspace\.\w+\.js$/),
        '/mf/mf-tasks/remoteEntry.js',
      ]),
    );
    expect(preloaded.some((path) => path.startsWith('/mf/mf-notifications/'))).toBe(false);
    expect(asked.indexOf('/mf/mf-notifications/remoteEntry.js')).toBeGreaterThan(
      asked.indexOf('/api/tasks/personal/'),
    );
    await context.close();
  });
});

describe('accessibility', () => {
  const publicPages = [
    '/',
    '/login',
    '/signup',
    '/forgot-password',
    '/reset-password?uid=u&token=t',
    '/terms',
    '/privacy',
    '/contact',
  ];

  it.each(publicPages)('%s has no serious or critical axe-core violations', async (path) => {
    const { context, page } = await newPage({ bypassCSP: true });
    await page.goto(path);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('/home has no serious or critical axe-core violations (with its remote fallbacks)', async () => {
    const person = visitor;
    const { context, page } = await newPage({ bypassCSP: true });
    await openWorkspace(page, person);
    await page.locator('.remote-area--loading').first().waitFor({ state: 'detached' });
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
