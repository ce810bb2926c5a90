/// <reference lib="dom" />
import { freePort, jsonRequest, readJson } from '@baton/test-kit';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './browser';
import { AppProcess, cleanEnv } from './process';
import { logIn, openCategory, openWorkspace, type Person, useAppInBrowser } from './stack';

/**
 * The Settings remote (mf-settings, built and served by the gateway, loaded by the shell at run time) in
 * Chromium against the real stack: password change, trusted users, the sound preference across devices,
 * and account deletion reaching every service.
 */
let devPorts: { shell: number; settings: number };
const stack = useAppInBrowser({
  env: async () => {
    devPorts = { shell: await freePort(), settings: await freePort() };
    // The remote's dev server may stand in for the built remote in one tab.
    return { REMOTE_OVERRIDE_ORIGINS: `http://localhost:${devPorts.settings}` };
  },
});
const { newPage, existingPerson } = stack;

const api = async (path: string, method: string, body?: unknown, token?: string) =>
  fetch(`${stack.base}${path}`, jsonRequest(method, body, token));

async function accessTokenOf(person: Pick<Person, 'email' | 'password'>) {
  const res = await api('/login/', 'POST', { email: person.email, password: person.password });
  expect(res.status).toBe(200);
  return (await readJson(res)).tokens.access as string;
}

async function openSettings(page: Page, person: Person) {
  await openWorkspace(page, person);
  await openCategory(page, 'Settings');
  await page.getByRole('heading', { level: 2, name: 'Account Settings' }).waitFor();
}

const section = (page: Page, name: string) => page.getByRole('region', { name });

describe('Settings in the browser', () => {
  it('changes the password; the new one logs in, the old one no longer does', async () => {
    const person = await existingPerson();
    const { context, page } = await newPage();
    await openSettings(page, person);
    const account = section(page, 'Account Settings');
    expect(await account.textContent()).toContain(`${person.firstname} ${person.lastname}`);
    expect(await account.textContent()).toContain(person.email);
    await account.getByLabel('Current password').fill(person.password);
    await account.getByLabel('New password', { exact: true }).fill('a new password 42');
    await account.getByLabel('Confirm new password').fill('a new password 42');
    await account.getByRole('button', { name: 'Update password' }).click();
    await account.getByRole('status').getByText('Password updated successfully.').waitFor();

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    await logIn(page, person);
    await page.getByRole('alert').getByText('Invalid email or password.').waitFor();
    await page.goto('/login');
    await logIn(page, { ...person, password: 'a new password 42' });
    await page.waitForURL('**/home');
    await context.close();
  });

  it('adds, lists, refreshes and removes a trusted user (another real account)', async () => {
    const ana = await existingPerson();
    const ben = await existingPerson();
    const { context, page } = await newPage();
    await openSettings(page, ana);
    const trusted = section(page, 'Manage Trusted Users');
    await trusted.getByText('No trusted users added yet. Add your first trusted user above.').waitFor();

    await trusted.getByLabel('Email').fill(ben.email.toUpperCase());
    await trusted.getByRole('button', { name: 'Add User' }).click();
    await trusted.getByRole('status').getByText(`${ben.email} added as trusted.`).waitFor();
    const entry = trusted.getByRole('listitem');
    await entry.getByText(`${ben.firstname} ${ben.lastname}`).waitFor();
    expect(await entry.textContent()).toContain(ben.email);
    expect(await entry.textContent()).toContain(`Added on ${new Date().toISOString().slice(0, 10)}`);

    // Stored by identity: a reload and Refresh still show it.
    await page.reload();
    await openCategory(page, 'Settings');
    await trusted.getByRole('button', { name: 'Refresh' }).click();
    await entry.getByText(`${ben.firstname} ${ben.lastname}`).waitFor();

    await trusted.getByRole('button', { name: `Remove ${ben.firstname} ${ben.lastname}` }).click();
    await trusted.getByRole('status').getByText('Trusted user removed.').waitFor();
    await trusted.getByText('No trusted users added yet. Add your first trusted user above.').waitFor();
    const list = await api('/api/settings/trusted-users/', 'GET', undefined, await accessTokenOf(ana));
    expect(await readJson(list)).toEqual([]);
    await context.close();
  });

  it('keeps the notification sound choice on the account: another device starts with it', async () => {
    const person = await existingPerson();
    const laptop = await newPage();
    await openSettings(laptop.page, person);
    const sound = laptop.page.getByRole('checkbox', { name: 'Play a sound for new notifications' });
    expect(await sound.isChecked()).toBe(true);
    await sound.uncheck();
    await expect
      .poll(
        async () =>
          (await readJson(api('/api/settings/preferences/', 'GET', undefined, await accessTokenOf(person))))
            .notificationSoundEnabled,
      )
      .toBe(false);

    const phone = await newPage({ viewport: { width: 390, height: 844 } });
    await openWorkspace(phone.page, person);
    expect(await phone.page.evaluate(() => localStorage.getItem('notificationSoundEnabled'))).toBe('false');
    await laptop.context.close();
    await phone.context.close();
  });

  it('deletes the account after "delete" and the password: the goodbye toast, /login, no way back in, gone from other services', async () => {
    const cleo = await existingPerson();
    const ben = await existingPerson();
    const benToken = await accessTokenOf(ben);
    // Ben trusts Cleo, and Cleo has assigned Ben a task: both go with her account.
    expect(
      (await api('/api/settings/trusted-users/', 'POST', { trusted_email: cleo.email }, benToken)).status,
    ).toBe(201);
    const assigned = await api(
      '/send_email/assign_user/',
      'POST',
      { title: 'Hand-over notes', dueDate: '2054-12-01', priority: 'Moderate', email: ben.email },
      await accessTokenOf(cleo),
    );
    expect(assigned.status).toBe(201);
    const benAssigned = async () =>
      (await readJson(api('/get_assigned/', 'POST', { userEmail: ben.email }, benToken))).tasks.length;
    await expect.poll(benAssigned).toBe(1);

    const { context, page } = await newPage({ bypassCSP: true });
    await openSettings(page, cleo);
    await section(page, 'Danger Zone').getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Confirm Account Deletion' });
    const confirm = dialog.getByRole('button', { name: 'Delete Account' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Type "delete" to confirm').fill('delete');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Password', { exact: true }).fill(cleo.password);
    expect(await confirm.isEnabled()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    // The app's own toast says goodbye over the sign-in page: no browser dialog.
    const dialogs: string[] = [];
    page.on('dialog', (alert) => {
      dialogs.push(alert.message());
      void alert.dismiss();
    });
    await confirm.click();
    await page.waitForURL('**/login');
    await page
      .getByRole('region', { name: 'Notifications' })
      .getByText('Account deleted. Goodbye!')
      .waitFor();
    expect(dialogs).toEqual([]);
    await logIn(page, cleo);
    await page.getByRole('alert').getByText('Invalid email or password.').waitFor();

    expect(await readJson(api('/api/settings/trusted-users/', 'GET', undefined, benToken))).toEqual([]);
    await expect.poll(benAssigned).toBe(0);
    await context.close();
  });

  it('has no serious or critical axe-core violations, wide and narrow', async () => {
    const person = await existingPerson();
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const { context, page } = await newPage({ bypassCSP: true, viewport });
      await page.goto('/login');
      await logIn(page, person);
      await page.waitForURL('**/home');
      if (viewport.width < 600) await page.getByRole('button', { name: 'Menu', exact: true }).click();
      await openCategory(page, 'Settings');
      await section(page, 'Manage Trusted Users')
        .getByText(/No trusted users added yet/)
        .waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    }
  });
});

describe('working on the remote alone', () => {
  it("the shell's dev server loads mf-settings from its own dev server (CORS), with the host's store", async () => {
    const settingsDev = new AppProcess(
      'npm',
      ['run', 'dev', '-w', '@baton/mf-settings'],
      cleanEnv({ PORT: String(devPorts.settings) }),
    );
    const shellDev = new AppProcess(
      'npm',
      ['run', 'dev', '-w', '@baton/shell'],
      cleanEnv({ PORT: String(devPorts.shell), GATEWAY_URL: stack.base }),
    );
    try {
      const manifest = `http://localhost:${devPorts.settings}/mf-manifest.json`;
      await settingsDev.waitForOk(manifest, 90_000);
      await shellDev.waitForOk(`http://localhost:${devPorts.shell}/static/js/main.js`, 90_000);
      expect((await fetch(manifest)).headers.get('access-control-allow-origin')).toBe('*');

      const person = await existingPerson();
      const { context, page } = await newPage();
      const fromDevServer: string[] = [];
      page.on('request', (request) => {
        if (request.url().startsWith(`http://localhost:${devPorts.settings}/`))
          fromDevServer.push(request.url());
      });
      const shell = `http://localhost:${devPorts.shell}`;
      await page.goto(`${shell}/login`);
      await logIn(page, person);
      await page.waitForURL('**/home');
      await page.goto(`${shell}/home?remote=${encodeURIComponent(`mf-settings@${manifest}`)}`);
      await openCategory(page, 'Settings');
      // The account section reads the signed-in person from the host's store.
      await section(page, 'Account Settings').getByText(person.email).waitFor();
      expect(fromDevServer.some((url) => url.includes('__federation_expose_Settings'))).toBe(true);
      await context.close();
    } finally {
      await shellDev.stop();
      await settingsDev.stop();
    }
  }, 180_000);
});
