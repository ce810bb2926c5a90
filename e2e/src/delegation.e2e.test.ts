/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { jsonRequest, readJson } from '@baton/test-kit';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './browser';
import { card, openCategory, openWorkspace, type SignedUp, useAppInBrowser } from './stack';

/**
 * The delegation loop in Chromium against the real stack, two or three people in their own browser contexts:
 * a recipient declines (the delegator sees who and why, and reassigns), proposes another date (the delegator
 * accepts it and the due date moves on both cards), the waiting view (people, counts, a nudge, then the
 * once-a-day sentence), and the repeat field (a weekly task, completed, comes back on its next day). Screenshots
 * of each at 1280 and 390 px go to /tmp/shots-h4 (SHOTS_DIR) to be looked at.
 */
const stack = useAppInBrowser();
const { newPage, existingPerson } = stack;
const shots = process.env.SHOTS_DIR ?? '/tmp/shots-h4';
mkdirSync(shots, { recursive: true });

/** `target` (a locator, or the page) at 1280 then 390 px wide, saved as `<name>-1280.png` and `<name>-390.png`. */
async function screenshots(page: Page, name: string, target?: () => Locator) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const path = `${shots}/${name}-${width}.png`;
    // Transitions (the narrow sidebar sliding away) are finished at once, not caught half way.
    if (target) await target().screenshot({ path, animations: 'disabled' });
    else await page.screenshot({ path, fullPage: true, animations: 'disabled' });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A delegated task made through the API (the browser is for what each test is about). */
async function delegate(
  from: SignedUp,
  fields: { title: string; dueDate: string; to: string; invite?: boolean },
): Promise<string> {
  const invite = fields.invite ?? false;
  const body = await readJson(
    fetch(
      `${stack.base}${invite ? '/send_email/invite_user' : '/send_email/assign_user/'}`,
      jsonRequest(
        'POST',
        {
          title: fields.title,
          description: '',
          dueDate: fields.dueDate,
          priority: 'Moderate',
          email: fields.to,
          category: invite ? 'Tasks Delegated - Invitation' : 'Tasks Delegated - Assigned',
        },
        from.access,
      ),
    ),
  );
  return (body as { task_id: string }).task_id;
}

/** The owner's side of assignments: Assigned Tasks, then its "Delegated" item. */
async function openDelegatedAssigned(page: Page) {
  await page.getByRole('button', { name: 'Assigned Tasks', exact: true }).click();
  await page.getByRole('button', { name: 'Delegated' }).first().click();
  await page.getByRole('heading', { level: 1, name: 'Assigned by me' }).waitFor();
}

/** A due date as the cards write it, in the browser's own locale. */
const dueText = (page: Page, day: string) =>
  page.evaluate(
    (d) =>
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(
        new Date(`${d}T00:00:00Z`),
      ),
    day,
  );

/** A calendar day `days` from today (UTC), as due dates are written. */
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function chooseAction(page: Page, taskCard: Locator, name: string) {
  await taskCard.getByRole('button', { name: /^More actions/ }).click();
  await page.getByRole('menuitem', { name }).click();
}

describe('the delegation loop in the browser', () => {
  it('B declines with a reason (their link then says so); A sees "Declined by B: …" and reassigns to C', async () => {
    const ana = await existingPerson({ firstname: 'Ana' });
    const ben = await existingPerson({ firstname: 'Ben' });
    const cleo = await existingPerson({ firstname: 'Cleo' });
    await delegate(ana, { title: 'Print the posters', dueDate: '2055-03-10', to: ben.email });
    const a = await newPage({ bypassCSP: true });
    const b = await newPage({ bypassCSP: true });
    await openWorkspace(b.page, ben);
    await openCategory(b.page, 'Assigned Tasks');
    const received = card(b.page, 'Print the posters');
    await chooseAction(b.page, received, 'Decline');
    const dialog = b.page.getByRole('dialog', { name: 'Decline task' });
    const reason = dialog.getByRole('textbox', { name: /Reason/ });
    // Keyboard: the reason has focus; an empty one is refused in words.
    expect(await reason.evaluate((node) => node === document.activeElement)).toBe(true);
    await dialog.getByRole('button', { name: 'Decline task' }).click();
    await dialog.getByRole('alert').getByText('Please say why you decline (1 to 200 characters).').waitFor();
    await reason.fill('Out of office that week');
    await dialog.getByText('23/200 characters').waitFor();
    expect(await seriousViolations(b.page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Decline task' }).click();
    await dialog.waitFor({ state: 'detached' });
    await received.waitFor({ state: 'detached' });
    await b.page.getByText('Task declined. The sender has been told.').waitFor();
    // Ben's mailed accept link no longer works, and says why (until the task is reassigned).
    const link = await stack.linkMailedTo(ben.email, /https?:\/\/\S+accept-task\S*/);
    await b.page.goto(link);
    await b.page.getByText('You declined this task, so this link no longer works.').waitFor();
    await b.page.getByRole('button', { name: 'Go to your tasks' }).waitFor();

    await openWorkspace(a.page, ana);
    await openDelegatedAssigned(a.page);
    const mine = card(a.page, 'Print the posters');
    const note = mine.getByRole('region', { name: 'Declined' });
    await note.getByText('Declined by Ben: Out of office that week').waitFor();
    expect(await mine.getByText('Not accepted yet').count()).toBe(0);
    expect(await mine.getByText(/Assigned to/).count()).toBe(0);
    expect(await seriousViolations(a.page)).toEqual([]);
    await screenshots(a.page, 'declined-card', () => mine);

    await note.getByRole('button', { name: 'Reassign' }).click();
    const reassign = a.page.getByRole('dialog', { name: 'Reassign task' });
    await reassign.getByRole('combobox', { name: 'Recipient email' }).fill(cleo.email);
    await reassign.getByRole('button', { name: 'Reassign' }).click();
    await reassign.waitFor({ state: 'detached' });
    await note.waitFor({ state: 'detached' });
    await mine.getByText('Not accepted yet').waitFor();
    await mine.getByText('Assigned to: Cleo').waitFor();

    await a.context.close();
    await b.context.close();
  }, 90_000);

  it('B proposes another date; A accepts it; the due date moves on both cards', async () => {
    const ana = await existingPerson({ firstname: 'Ana' });
    const ben = await existingPerson({ firstname: 'Ben' });
    await delegate(ana, { title: 'Draft the agenda', dueDate: '2055-03-10', to: ben.email });
    const a = await newPage({ bypassCSP: true });
    const b = await newPage({ bypassCSP: true });
    await openWorkspace(b.page, ben);
    await openCategory(b.page, 'Assigned Tasks');
    const received = card(b.page, 'Draft the agenda');
    await chooseAction(b.page, received, 'Propose another date');
    const dialog = b.page.getByRole('dialog', { name: 'Propose another date' });
    await dialog.getByLabel('Proposed due date').fill('2055-03-17');
    await dialog.getByRole('textbox', { name: 'Note (optional)' }).fill('Waiting for the figures');
    expect(await seriousViolations(b.page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Send proposal' }).click();
    await dialog.waitFor({ state: 'detached' });
    const proposed = await dueText(b.page, '2055-03-17');
    await received
      .getByRole('region', { name: 'Date proposal' })
      .getByText(`Proposed ${proposed}: Waiting for the figures`)
      .waitFor();

    await openWorkspace(a.page, ana);
    await openDelegatedAssigned(a.page);
    const mine = card(a.page, 'Draft the agenda');
    const note = mine.getByRole('region', { name: 'Date proposal' });
    await note.getByText(`Proposed ${proposed}: Waiting for the figures`).waitFor();
    expect(await seriousViolations(a.page)).toEqual([]);
    await screenshots(a.page, 'proposal-card', () => mine);
    await note.getByRole('button', { name: 'Accept date' }).click();
    await note.waitFor({ state: 'detached' });
    await mine.getByText(`Due: ${proposed}`).waitFor();

    await b.page.reload();
    await openCategory(b.page, 'Assigned Tasks');
    await received.getByText(`Due: ${proposed}`).waitFor();
    expect(await received.getByRole('region', { name: 'Date proposal' }).count()).toBe(0);
    await a.context.close();
    await b.context.close();
  }, 90_000);

  it('the waiting view: people with their open and overdue counts, a nudge, then the once-a-day sentence', async () => {
    const ana = await existingPerson({ firstname: 'Ana' });
    const ben = await existingPerson({ firstname: 'Ben' });
    const cleo = await existingPerson({ firstname: 'Cleo' });
    await delegate(ana, { title: 'Send the invoice', dueDate: dayFromToday(-3), to: ben.email });
    await delegate(ana, { title: 'Book the room', dueDate: '2055-04-01', to: ben.email });
    await delegate(ana, { title: 'Order the badges', dueDate: '2055-04-02', to: cleo.email, invite: true });
    const { context, page } = await newPage({ bypassCSP: true });
    await openWorkspace(page, ana);
    await openCategory(page, 'Waiting on others');
    expect(new URL(page.url()).pathname).toBe('/home/waiting');
    const benGroup = page.getByRole('region', { name: 'Ben' });
    await benGroup.getByText('2 open').waitFor();
    await benGroup.getByText('1 overdue').waitFor();
    await benGroup.getByText(ben.email).waitFor();
    // Overdue first.
    expect(await benGroup.getByRole('heading', { level: 3 }).allTextContents()).toEqual([
      'Send the invoice',
      'Book the room',
    ]);
    await benGroup.getByText('3 days overdue').waitFor();
    expect(await benGroup.getByText('Not accepted yet').count()).toBe(2);
    const cleoGroup = page.getByRole('region', { name: 'Cleo' });
    await cleoGroup.getByText('1 open').waitFor();
    expect(await cleoGroup.getByText('overdue').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'waiting-view');

    await benGroup.getByRole('button', { name: 'Nudge about “Send the invoice”' }).click();
    const nudged = benGroup.getByRole('button', { name: 'Nudged about “Send the invoice”' });
    await nudged.waitFor();
    expect(await nudged.isDisabled()).toBe(true);
    await benGroup.getByText('Reminder sent.').waitFor();

    // After a reload the button is back; the server says when the next nudge may go.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Waiting on others' }).waitFor();
    await benGroup.getByRole('button', { name: 'Nudge about “Send the invoice”' }).click();
    await benGroup
      .getByRole('alert')
      .getByText(/^You nudged about this task less than 24 hours ago\. You can nudge again in \d+ hours\.$/)
      .waitFor();
    await screenshots(page, 'waiting-nudged', () => benGroup);
    await context.close();
  }, 90_000);

  it('the repeat field: a weekly task, completed, comes back on its next day', async () => {
    const ana = await existingPerson({ firstname: 'Ana' });
    const { context, page } = await newPage({ bypassCSP: true });
    await openWorkspace(page, ana);
    await page.getByRole('button', { name: 'Add Tasks' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Tasks' });
    await dialog.getByLabel('Title').fill('Water the plants');
    // 1 March 2055 is a Monday.
    await dialog.getByLabel('Due date').fill('2055-03-01');
    await dialog.getByLabel('Priority').selectOption('Moderate');
    await dialog.getByRole('combobox', { name: 'Repeat' }).selectOption('Weekly');
    const days = dialog.getByRole('group', { name: 'On' });
    expect(await days.getByRole('checkbox', { name: 'Monday' }).isChecked()).toBe(true);
    // By keyboard: Tab to Thursday and tick it with Space.
    await days.getByRole('checkbox', { name: 'Wednesday' }).focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    expect(await days.getByRole('checkbox', { name: 'Thursday' }).isChecked()).toBe(true);
    await dialog.getByText('Repeats weekly on Mon and Thu. Completing one makes the next.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'repeat-field', () => dialog);
    await dialog.getByRole('button', { name: 'Add Tasks' }).click();
    await dialog.waitFor({ state: 'detached' });

    const first = card(page, 'Water the plants');
    await first.getByText('Repeats weekly on Mon and Thu').waitFor();
    // The server has the completion before the page reloads (a reload would cancel the request in flight).
    const completed = page.waitForResponse(
      (r) => r.url().includes('/completed/') && r.request().method() !== 'GET',
    );
    await first.getByRole('button', { name: 'Complete' }).click();
    expect((await completed).ok()).toBe(true);
    // The next occurrence: Thursday 4 March, in Due Now; the completed one in Completed.
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByText(/Loading tasks/).waitFor({ state: 'detached' });
          const due = card(page, 'Water the plants').getByLabel('Due date');
          return (await due.count()) === 1 ? due.inputValue() : null;
        },
        { timeout: 15_000, interval: 250 },
      )
      .toBe('2055-03-04');
    await card(page, 'Water the plants').getByText('Repeats weekly on Mon and Thu').waitFor();
    await page.getByRole('tab', { name: 'Completed (1)' }).click();
    expect(await card(page, 'Water the plants').getByLabel('Due date').inputValue()).toBe('2055-03-01');
    await context.close();
  }, 90_000);
});
