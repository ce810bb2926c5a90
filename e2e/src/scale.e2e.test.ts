/// <reference lib="dom" />
import { jsonRequest } from '@baton/test-kit';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { card, openCategory, openWorkspace, useAppInBrowser } from './stack';

/**
 * A list of 10,000 tasks in Chromium against `npm start`: it opens on its first page, scrolls to the end
 * (the pages load as it goes), a task near the end changes live, and the page never holds more than a
 * screenful of cards. The tasks are written straight into the tasks database (the test is about reading).
 */
const stack = useAppInBrowser();
const taskCount = 10_000;
/** Cards a 900 px window can show (about five) and the virtualizer's few either side: far below 10,000. */
const cardsBound = 30;

let db: pg.Client;
beforeAll(() => {
  db = new pg.Client({ connectionString: stack.database('tasks') });
});
afterAll(() => db.end());

/** Waits until tasks has heard of each person (identity's events arrive over JetStream). */
async function known(ids: string[]) {
  await expect
    .poll(
      async () =>
        (await db.query('select count(*)::int as n from users where id = any($1)', [ids])).rows[0].n,
      {
        timeout: 20_000,
      },
    )
    .toBe(ids.length);
}

describe('10,000 tasks in the browser', () => {
  it('opens, scrolls to the end page by page, changes live far down, and keeps the DOM small', async () => {
    const ana = await stack.existingPerson();
    const bea = await stack.existingPerson();
    await db.connect();
    await known([ana.id, bea.id]);
    // Ana assigned Bea 10,000 tasks, all accepted: "Task 1" newest, "Task 10000" oldest.
    await db.query(
      `with made as (
         insert into tasks (owner_id, owner_email, kind, title, description, due_date, priority, recipient_id, created_at)
         select $1, $2, 'assign', 'Task ' || n, 'Work item number ' || n, '2054-12-20', 'Moderate', $3,
                now() - n * interval '1 minute'
         from generate_series(1, ${taskCount}) as n
         returning id)
       insert into task_recipients (task_id, email, user_id, accepted_at) select id, $4, $3, now() from made`,
      [ana.id, ana.email, bea.id, bea.email],
    );

    const { page } = await stack.newPage();
    await openWorkspace(page, bea);
    await openCategory(page, 'Assigned Tasks');
    await card(page, 'Task 1').waitFor();
    await page.getByRole('tab', { name: `Due Now (${taskCount})` }).waitFor();
    const cards = page.getByRole('article');
    expect(await cards.count()).toBeLessThanOrEqual(cardsBound);

    // The keyboard walks down the list: the focused card is always in the page, and cards below it arrive.
    await card(page, 'Task 1').getByRole('button').first().focus();
    for (let i = 0; i < 60; i += 1) await page.keyboard.press('Tab');
    const focusedAt = await page.evaluate(() =>
      Number(document.activeElement?.closest('li[aria-posinset]')?.getAttribute('aria-posinset') ?? 0),
    );
    expect(focusedAt).toBeGreaterThanOrEqual(8);
    expect(await cards.count()).toBeLessThanOrEqual(cardsBound);

    // Scroll to the bottom again and again: each time near the end, the next page loads.
    let mostCards = 0;
    const last = card(page, `Task ${taskCount}`);
    await expect
      .poll(
        async () => {
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          mostCards = Math.max(mostCards, await cards.count());
          return last.isVisible();
        },
        { timeout: 240_000, interval: 50 },
      )
      .toBe(true);
    expect(mostCards).toBeLessThanOrEqual(cardsBound);
    await expect.poll(() => page.getByRole('button', { name: 'Show more tasks' }).count()).toBe(0);
    const lastItem = page.getByRole('listitem').filter({ has: last });
    expect(await lastItem.getAttribute('aria-posinset')).toBe(String(taskCount));
    expect(await lastItem.getAttribute('aria-setsize')).toBe(String(taskCount));

    // Ana renames a task near the end: Bea's card changes where she is, without a reload.
    const far = `Task ${taskCount - 3}`;
    const { rows } = await db.query('select id from tasks where owner_id = $1 and title = $2', [ana.id, far]);
    const edit = await fetch(
      `${stack.base}/edit_shared_task/`,
      jsonRequest(
        'POST',
        {
          id: rows[0].id,
          title: `${far}, renamed`,
          description: '',
          dueDate: '2054-12-20',
          priority: 'Immediate',
        },
        ana.access,
      ),
    );
    expect(edit.status).toBe(200);
    await card(page, `${far}, renamed`).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('article', { name: far, exact: true }).count()).toBe(0);
    expect(await cards.count()).toBeLessThanOrEqual(cardsBound);
  }, 360_000);
});
