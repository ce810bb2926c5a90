import type { SearchQuery, SearchResponse } from '@baton/contracts';
import { type AuthContext, badRequest, textProblem } from '@baton/service-kit';
import type { TasksDeps } from '../../context';
import { categoryOf } from '../tasks/tasks.repository';
import { findTasks, markEnd, markStart, type SearchRow } from './search.repository';

/**
 * A headline's text without its markers and the [start, end) offsets of the words ts_headline marked, in
 * JavaScript string units: whitespace runs made one space and the ends trimmed; or, given the `original` the
 * headline was taken of (character for character), that text as it is.
 */
export function markedSnippet(marked: string, original?: string) {
  const originalChars = original === undefined ? undefined : [...original];
  let snippet = '';
  const highlights: [number, number][] = [];
  let start = -1;
  let at = 0;
  for (const char of originalChars ? marked : marked.trim()) {
    if (char === markStart) start = snippet.length;
    else if (char === markEnd) {
      if (start >= 0 && snippet.length > start) highlights.push([start, snippet.length]);
      start = -1;
    } else if (originalChars) {
      snippet += originalChars[at] ?? '';
      at += 1;
    } else if (/\s/.test(char)) {
      if (!snippet.endsWith(' ')) snippet += ' ';
    } else snippet += char;
  }
  return { snippet, highlights };
}

/** A result as the contract has it, seen by `userId`. */
function toResult(row: SearchRow, userId: string) {
  // An attachment's headline was taken of its name's words (one character for each): the name as it is.
  const original = row.place === 'attachment' ? (row.name ?? undefined) : undefined;
  const { snippet, highlights } = markedSnippet(row.marked, original);
  return {
    task_id: row.task_id,
    title: row.title,
    snippet,
    highlights,
    where: row.place,
    category: categoryOf(row.kind, row.owner_id === userId),
  };
}

/** GET /api/search/: the person's best tasks for the text, each with where it matched and how. */
export async function search(deps: TasksDeps, me: AuthContext, query: SearchQuery): Promise<SearchResponse> {
  // A query string is not a JSON body: its text gets the bodies' check here (Postgres refuses a NUL).
  const problem = textProblem(query.q);
  if (problem) throw badRequest(problem);
  const rows = await findTasks(deps.db, me.userId, query.q, query.limit);
  return { results: rows.map((row) => toResult(row, me.userId)) };
}
