import { readJson } from '@baton/test-kit';

/** Pages of one person's personal list (`POST /api/tasks/personal/` with `page`), newest first, unfiled. */

/** The request body of the page after `cursor` (the first page without one). */
export const pageBody = (email: string, cursor?: string) =>
  JSON.stringify({ userEmail: email, page: { folder: 'none', sort: 'newest', cursor } });

/**
 * The cursor of the page 100 tasks above the end of a list of `taskCount` (9,900 down in 10,000), walked to
 * through the cursors of pages of 50 at `url`; and how many pages were walked.
 */
export async function deepCursor(
  url: string,
  headers: Record<string, string>,
  email: string,
  taskCount: number,
) {
  let cursor: string | undefined;
  let pagesWalked = 0;
  while (pagesWalked < Math.floor((taskCount - 100) / 50)) {
    const got = await readJson(fetch(url, { method: 'POST', headers, body: pageBody(email, cursor) }));
    if (!got.next) break;
    cursor = got.next as string;
    pagesWalked += 1;
  }
  return { cursor, pagesWalked };
}
