/// <reference lib="dom" />
import { jsonRequest, readJson } from '@baton/test-kit';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './browser';
import { card, openCategory, openWorkspace, type Person, type SignedUp, useAppInBrowser } from './stack';

/**
 * Notification preferences in Chromium against the real stack: the Settings table by keyboard and by the names
 * a screen reader reads, the browser's time zone reaching the account, a test digest whose unsubscribe link
 * works without a session, and the task form's reminder.
 */
const stack = useAppInBrowser();
const { newPage, existingPerson } = stack;

const preferencesOf = async (person: SignedUp) =>
  readJson(
    fetch(
      `${stack.base}/api/settings/notification-preferences/`,
      jsonRequest('GET', undefined, person.access),
    ),
  );

/** Opens Settings → Notifications and waits for the table. */
async function openPreferences(page: Page, person: Person) {
  await openWorkspace(page, person);
  await openCategory(page, 'Settings');
  await table(page).waitFor();
}

const table = (page: Page) => page.getByRole('table', { name: 'How Baton tells you about each event' });
/** Settings' Notifications card (the page's toasts are a region named Notifications too). */
const notifications = (page: Page) => page.locator('#settings-notifications');
const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));

describe('notification preferences in the browser', () => {
  it('are changed by keyboard through controls named by event and channel, and stay after a reload', async () => {
    const person = await existingPerson();
    const { context, page } = await newPage({ bypassCSP: true });
    // A browser in Berlin: the bell gives the account this zone on the first page of the session.
    await (await context.newCDPSession(page)).send('Emulation.setTimezoneOverride', {
      timezoneId: 'Europe/Berlin',
    });
    await openPreferences(page, person);
    await expect.poll(async () => (await preferencesOf(person)).timezone).toBe('Europe/Berlin');

    const inApp = table(page).getByRole('checkbox', { name: "Comment on a task I'm in: in the app" });
    expect(await inApp.isChecked()).toBe(true);
    await inApp.focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe("Comment on a task I'm in: e-mail");
    // "In the digest" → "Off": the arrow keys change a closed select in Chromium on Linux.
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe("Comment on a task I'm in: push to this device");
    await page.keyboard.press('Space');
    await notifications(page).getByRole('status').filter({ hasText: 'Saved' }).first().waitFor();
    await expect
      .poll(async () => (await preferencesOf(person)).events.comment)
      .toEqual({ inApp: false, email: 'off', push: false });

    const frequency = notifications(page).getByRole('combobox', { name: 'How often', exact: true });
    await frequency.selectOption('Weekly');
    await notifications(page).getByRole('combobox', { name: 'Day', exact: true }).selectOption('Friday');
    await expect.poll(async () => (await preferencesOf(person)).digest.weekday).toBe(5);
    expect(await seriousViolations(page)).toEqual([]);

    await page.reload();
    await openCategory(page, 'Settings');
    await table(page).waitFor();
    expect(
      await table(page).getByRole('checkbox', { name: "Comment on a task I'm in: in the app" }).isChecked(),
    ).toBe(false);
    expect(
      await table(page).getByRole('combobox', { name: "Comment on a task I'm in: e-mail" }).inputValue(),
    ).toBe('off');
    expect(await notifications(page).getByRole('combobox', { name: 'Day', exact: true }).inputValue()).toBe(
      '5',
    );
    expect(
      await notifications(page).getByRole('combobox', { name: 'Time zone', exact: true }).inputValue(),
    ).toBe('Europe/Berlin');
    // Other events kept their defaults.
    expect((await preferencesOf(person)).events.due_soon).toEqual({
      inApp: true,
      email: 'immediate',
      push: true,
    });
    await context.close();
  });

  it('sends a test digest whose unsubscribe link works without a session, and Settings shows the change', async () => {
    const person = await existingPerson();
    const { context, page } = await newPage();
    await openPreferences(page, person);
    await notifications(page).getByRole('button', { name: 'Send me a test digest' }).click();
    await notifications(page).getByText(`A test digest is on its way to ${person.email}.`).waitFor();
    const link = await stack.linkMailedTo(person.email, /http:\/\/[^\s>)]+\/unsubscribe\?token=[\w-]+/);

    const signedOut = await newPage();
    await signedOut.page.goto(link.replace(/^http:\/\/[^/]+/, ''));
    await signedOut.page.getByRole('heading', { level: 1, name: 'Unsubscribe' }).waitFor();
    await signedOut.page.getByRole('button', { name: 'Unsubscribe' }).click();
    await signedOut.page.getByText('You will no longer get e-mails about').waitFor();
    await signedOut.context.close();

    await page.reload();
    await openCategory(page, 'Settings');
    await table(page).waitFor();
    expect(
      await notifications(page).getByRole('combobox', { name: 'How often', exact: true }).inputValue(),
    ).toBe('off');
    await notifications(page)
      .getByText('The digest is off: e-mails set to "In the digest" are not sent.')
      .waitFor();
    await context.close();
  });

  it('the task form sets a reminder at the digest hour; the task carries it, and its edit shows it', async () => {
    const person = await existingPerson();
    const { context, page } = await newPage();
    await openWorkspace(page, person);
    await page.getByRole('button', { name: 'Add Tasks' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Tasks' });
    await dialog.getByLabel('Title').fill('Renew the passport');
    await dialog.getByLabel('Due date').fill('2030-03-14');
    await dialog.getByLabel('Priority').selectOption('Immediate');
    await dialog.getByLabel('Reminder').selectOption('2 days before');
    // The default digest hour, 08:00, read from the person's preferences.
    expect(await dialog.getByLabel('Remind at').inputValue()).toBe('8');
    await dialog.getByRole('button', { name: 'Add Tasks' }).click();
    await dialog.waitFor({ state: 'detached' });
    const added = card(page, 'Renew the passport');
    await added.getByText('Reminder: 2 days before at 08:00').waitFor({ state: 'attached' });

    const { tasks } = await readJson(
      fetch(
        `${stack.base}/api/tasks/personal/`,
        jsonRequest('POST', { userEmail: person.email }, person.access),
      ),
    );
    expect(tasks.find((t: { title: string }) => t.title === 'Renew the passport')?.reminder).toEqual({
      daysBefore: 2,
      hour: 8,
    });

    await added.getByRole('button', { name: /^More actions/ }).click();
    await added.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit task' });
    expect(await edit.getByLabel('Reminder').inputValue()).toBe('2');
    expect(await edit.getByLabel('Remind at').inputValue()).toBe('8');
    await context.close();
  });
});
