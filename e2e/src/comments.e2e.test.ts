/// <reference lib="dom" />
import { jsonRequest, readJson } from '@baton/test-kit';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './browser';
import { card, openCategory, openWorkspace, type Person, useAppInBrowser } from './stack';

/**
 * Live comments in Chromium, two people on `npm start`: Ana assigned Ben a task; both open its comments
 * panel; what one sends appears on the other's screen without a reload, and the other's bell rises.
 */
const stack = useAppInBrowser();
const { newPage, existingPerson } = stack;

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
/** The unread count the bell announces. */
const unread = async (page: Page) =>
  Number(/(\d+) unread/.exec((await bell(page).getAttribute('aria-label')) ?? '')?.[1] ?? 0);
const panel = (page: Page) => page.getByRole('dialog', { name: 'Comments' });
const input = (page: Page) => panel(page).getByRole('textbox', { name: 'Your comment' });
const thread = (page: Page) => panel(page).getByRole('log', { name: 'Comments' });

async function tokensOf(person: Person) {
  const body = await readJson(
    fetch(`${stack.base}/login/`, jsonRequest('POST', { email: person.email, password: person.password })),
  );
  return body.tokens.access as string;
}

/** Ana assigns Ben a task and Ben accepts it (through the API: this file is about comments). */
async function assignedTask(ana: Person, ben: Person, title: string) {
  const [anas, bens] = [await tokensOf(ana), await tokensOf(ben)];
  const form = { title, dueDate: '2054-12-24', priority: 'Moderate', email: ben.email };
  const { id } = await readJson(
    fetch(`${stack.base}/send_email/assign_user/`, jsonRequest('POST', form, anas)),
  );
  const accept = { task_id: id, user_email: ben.email, trusted: false, role: 'assign' };
  expect((await fetch(`${stack.base}/accept_task`, jsonRequest('POST', accept, bens))).status).toBe(200);
  return id as string;
}

/** Records every disabled state the comment input goes through, from before the panel opens. */
async function recordInputStates(page: Page) {
  await page.evaluate(() => {
    const seen: boolean[] = [];
    (window as unknown as { inputStates: boolean[] }).inputStates = seen;
    const note = () => {
      const box = document.querySelector<HTMLTextAreaElement>('.task-comments__form textarea');
      if (box && seen.at(-1) !== box.disabled) seen.push(box.disabled);
    };
    new MutationObserver(note).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['disabled'],
    });
  });
}
const inputStates = (page: Page) =>
  page.evaluate(() => (window as unknown as { inputStates: boolean[] }).inputStates);

async function openComments(page: Page, title: string) {
  await card(page, title)
    .getByRole('button', { name: /^More actions/ })
    .click();
  await card(page, title).getByRole('menuitem', { name: 'Comments' }).click();
  await panel(page).getByText('Connected', { exact: true }).waitFor();
}

describe('live comments in the browser, two people', () => {
  it('dots, input disabled until connected, live arrival both ways, alignment, blanks not sent, the bell', async () => {
    const ana = await existingPerson({ firstname: 'Ana', lastname: 'Alvarez' });
    const ben = await existingPerson({ firstname: 'Ben', lastname: 'Baker' });
    const title = 'Budget review';
    await assignedTask(ana, ben, title);
    const a = await newPage({ bypassCSP: true });
    const b = await newPage({ bypassCSP: true });
    // A step that cannot happen fails with its own message instead of the test's timeout.
    for (const { page } of [a, b]) page.setDefaultTimeout(8_000);
    const posts: string[] = [];
    a.page.on('request', (req) => {
      if (req.url().endsWith('/api/add_comment/')) posts.push(req.postData() ?? '');
    });

    await openWorkspace(b.page, ben);
    // The assignment's notification.
    await expect.poll(() => unread(b.page)).toBe(1);
    await recordInputStates(b.page);
    await openCategory(b.page, 'Assigned Tasks');
    await openComments(b.page, title);
    // Red and disabled until the socket opened, then green and usable.
    expect(await inputStates(b.page)).toEqual([true, false]);
    const dot = panel(b.page).locator('.task-comments__dot');
    expect(await dot.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(47, 133, 90)');
    await panel(b.page).getByText('No comments yet. Start the conversation.').waitFor();

    await openWorkspace(a.page, ana);
    await a.page.getByRole('button', { name: 'Assigned Tasks', exact: true }).click();
    await a.page.getByRole('button', { name: 'Delegated' }).click();
    await a.page.getByRole('heading', { level: 1, name: 'Assigned by me' }).waitFor();
    await openComments(a.page, title);
    const anasUnread = await unread(a.page);
    // Each sees the other there (presence across the sockets).
    await panel(b.page).getByText('Also here: Ana').waitFor();
    await panel(a.page).getByText(`Also here: ${ben.email}`).waitFor();

    // Whitespace is not sent.
    await input(a.page).fill('   ');
    await input(a.page).press('Enter');
    await a.page.waitForTimeout(300);
    expect(posts).toEqual([]);

    // Ana writes two lines; Ben sees them at once, on the left, with Ana's name.
    await input(a.page).fill('Numbers are in the sheet.');
    await input(a.page).press('Shift+Enter');
    await input(a.page).pressSequentially('Can you check Q4?');
    await input(a.page).press('Enter');
    const said = 'Numbers are in the sheet.\nCan you check Q4?';
    const onB = thread(b.page).getByRole('listitem').filter({ hasText: 'Can you check Q4?' });
    await onB.waitFor({ timeout: 2_000 });
    expect(posts).toHaveLength(1);
    expect(JSON.parse(posts[0] ?? '{}').content).toBe(said);
    expect(await onB.locator('.task-comment__text').innerText()).toBe(said);
    await onB.getByText('Ana Alvarez').waitFor();
    await onB.getByText('just now').waitFor();
    expect(await input(a.page).inputValue()).toBe('');
    const onA = thread(a.page).getByRole('listitem').filter({ hasText: 'Can you check Q4?' });
    await onA.getByText('You', { exact: true }).waitFor();
    expect(await onA.evaluate((el) => getComputedStyle(el).alignSelf)).toBe('flex-end');
    expect(await onB.evaluate((el) => getComputedStyle(el).alignSelf)).toBe('flex-start');
    // Ben's bell rises for Ana's comment.
    await expect.poll(() => unread(b.page), { timeout: 2_000 }).toBe(2);

    // Ben answers; Ana sees it live, on the left; her bell rises.
    await input(b.page).fill('On it, back by Friday.');
    await input(b.page).press('Enter');
    const reply = thread(a.page).getByRole('listitem').filter({ hasText: 'On it, back by Friday.' });
    await reply.waitFor({ timeout: 2_000 });
    expect(await reply.evaluate((el) => getComputedStyle(el).alignSelf)).toBe('flex-start');
    await expect.poll(() => unread(a.page), { timeout: 2_000 }).toBe(anasUnread + 1);
    expect(await thread(a.page).getByRole('listitem').count()).toBe(2);
    expect(await thread(b.page).getByRole('listitem').count()).toBe(2);

    expect(await seriousViolations(a.page)).toEqual([]);
    await a.page.screenshot({ path: '/tmp/comments-ana.png' });
    await b.page.setViewportSize({ width: 380, height: 800 });
    await b.page.screenshot({ path: '/tmp/comments-ben-narrow.png' });

    // Ben leaves: Ana no longer sees him there.
    await panel(b.page).getByRole('button', { name: 'Close' }).click();
    await panel(a.page).getByText('Also here').waitFor({ state: 'detached' });

    await a.context.close();
    await b.context.close();
  });

  it("the owner deleting the task takes the recipient's card and its open panel away", async () => {
    const ana = await existingPerson({ firstname: 'Ana' });
    const ben = await existingPerson({ firstname: 'Ben' });
    const id = await assignedTask(ana, ben, 'Soon deleted');
    const b = await newPage();
    await openWorkspace(b.page, ben);
    await openCategory(b.page, 'Assigned Tasks');
    await openComments(b.page, 'Soon deleted');
    const access = await tokensOf(ana);
    expect((await fetch(`${stack.base}/delete_list/${id}`, jsonRequest('POST', { id }, access))).status).toBe(
      200,
    );
    // The card leaves the list (live task event) and its panel with it.
    await card(b.page, 'Soon deleted').waitFor({ state: 'detached', timeout: 2_000 });
    await b.context.close();
  });
});
