import { randomBytes } from 'node:crypto';
import {
  errorBody,
  findMessages,
  type SearchResult,
  searchResponse,
  taskPageRequest,
} from '@baton/contracts';
import { nulMessage } from '@baton/service-kit';
import { readJson, type SignedUpUser } from '@baton/test-kit';
import { type CompiledQuery, sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestTasks } from '../../testing';
import { pageQuery } from '../tasks/pages.repository';
import { searchQueries, searchStatement } from './search.repository';
import { markedSnippet } from './search.service';

const env = useTestTasks();

let olga: SignedUpUser;
let rita: SignedUpUser;

beforeAll(async () => {
  olga = await env.t.person({ firstname: 'Olga' });
  rita = await env.t.person({ firstname: 'Rita' });
});

/** A made-up word no other test's task holds (letters only: search's words are letters). */
const word = (prefix: string) =>
  prefix + [...randomBytes(6)].map((b) => String.fromCharCode(97 + (b % 26))).join('');

async function personal(who: SignedUpUser, title: string, description = '') {
  const res = await env.t.post(
    '/create_list',
    { title, description, dueDate: '2026-12-31', priority: 'Moderate' },
    who.access,
  );
  expect(res.status).toBe(201);
  return (await readJson(res)).id as string;
}

const searchAs = (who: SignedUpUser, params: Record<string, string>) =>
  env.t.get(`/api/search/?${new URLSearchParams(params)}`, who.access);

async function search(who: SignedUpUser, q: string, limit?: number) {
  const res = await searchAs(who, { q, ...(limit === undefined ? {} : { limit: String(limit) }) });
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
  return searchResponse.parse(await readJson(res)).results;
}

/** The highlighted words of a result. */
const marked = (r: SearchResult) => r.highlights.map(([s, e]) => r.snippet.slice(s, e));

const comment = async (taskId: string, who: SignedUpUser, content: string) =>
  expect(
    (await env.t.post('/api/add_comment/', { task_id: taskId, user_email: who.email, content }, who.access))
      .status,
  ).toBe(201);

const note = async (taskId: string, who: SignedUpUser, message: string, progress = 10) =>
  expect((await env.t.post(`/progress/${taskId}/`, { progress, message }, who.access)).status).toBe(200);

describe('GET /api/search/: ranking and places', () => {
  it('ranks a title match above a description, an attachment name, a note and a comment, each saying where', async () => {
    const w = word('rank');
    const inComment = await env.t.delegated(olga, rita, { form: { title: 'Shared one' } });
    await comment(inComment, rita, `Here is what I think about ${w} for now`);
    const inNote = await personal(olga, 'Noted one');
    await note(inNote, olga, `Halfway through ${w}`);
    const inName = await personal(olga, 'Named one');
    await env.t.db
      .updateTable('tasks')
      .set({ attachment_key: 'k', attachment_name: `2026_${w}-final.pdf` })
      .where('id', '=', inName)
      .execute();
    const inDescription = await personal(olga, 'Described one', `Something about ${w} and more`);
    const inTitle = await personal(olga, `The ${w} plan`);

    const results = await search(olga, w);
    expect(results.map((r) => [r.task_id, r.where])).toEqual([
      [inTitle, 'title'],
      [inDescription, 'description'],
      [inName, 'attachment'],
      // Notes and comments weigh alike: the newer first.
      [inNote, 'note'],
      [inComment, 'comment'],
    ]);
    const byId = Object.fromEntries(results.map((r) => [r.task_id, r]));
    expect(byId[inTitle]).toMatchObject({
      title: `The ${w} plan`,
      snippet: `The ${w} plan`,
      category: 'Personal Tasks',
    });
    expect(byId[inComment]).toMatchObject({ title: 'Shared one', category: 'Tasks Delegated - Invitation' });
    // The attachment's name as it is, the word found inside it.
    expect(byId[inName]?.snippet).toBe(`2026_${w}-final.pdf`);
    expect(marked(byId[inName] as SearchResult)).toEqual([w]);
    for (const r of results) expect(marked(r), r.where).toEqual([w]);
  });

  it('puts tasks holding every word exactly before those found through a corrected word', async () => {
    const w = word('exact');
    const near = `${w.slice(0, -1)}${w.endsWith('q') ? 'r' : 'q'}`;
    const fuzzy = await personal(olga, `Title with ${near}`);
    const exact = await personal(olga, 'Plain title', `Only in the description: ${w}`);
    const results = await search(olga, w);
    expect(results.map((r) => r.task_id)).toEqual([exact, fuzzy]);
  });

  it('finds words spread over places (title and comment), showing the place that holds most of them', async () => {
    const a = word('spreada');
    const b = word('spreadb');
    const id = await env.t.delegated(olga, rita, { form: { title: `About ${a}` } });
    await comment(id, olga, `A remark on ${b}`);
    const [result] = await search(rita, `${a} ${b}`);
    expect(result).toMatchObject({ task_id: id, category: 'Invited Tasks' });
    expect(['title', 'comment']).toContain(result?.where);
    expect((await search(rita, `${a} -${b}`)).map((r) => r.task_id)).not.toContain(id);
    expect((await search(rita, `"${b} ${a}"`)).map((r) => r.task_id)).not.toContain(id);
  });
});

describe('GET /api/search/: snippets and highlights', () => {
  it('answers plain text around the match, whitespace made single, the matched words marked in order', async () => {
    const w = word('snip');
    const filler = Array.from({ length: 60 }, (_, i) => `filler${i}`).join(' ');
    const description = `${filler}\n\n  the   ${w} report,  then ${w.toUpperCase()} again. ${filler}`;
    const id = await personal(olga, 'Long one', description);
    const [result] = await search(olga, w);
    expect(result?.task_id).toBe(id);
    expect(result?.where).toBe('description');
    const snippet = result?.snippet ?? '';
    expect(snippet.length).toBeLessThan(description.length / 2);
    expect(snippet).toContain(`${w} report, then ${w.toUpperCase()} again.`);
    expect(snippet).not.toMatch(/\s{2}|^\s|\s$|[\uE000\uE001]/);
    expect(marked(result as SearchResult)).toEqual([w, w.toUpperCase()]);
    const starts = (result?.highlights ?? []).map(([s]) => s);
    expect(starts).toEqual([...starts].sort((x, y) => x - y));
  });

  it('marks each word of a many-word search, and a corrected word as found', async () => {
    const a = word('marka');
    const b = word('markb');
    await personal(olga, `${a} and ${b} together`);
    const typo = `${b.slice(0, 3)}${b[4]}${b[3]}${b.slice(5)}`;
    const [result] = await search(olga, `${a} ${typo}`);
    expect(result?.snippet).toBe(`${a} and ${b} together`);
    expect(result?.highlights).toEqual([
      [0, a.length],
      [a.length + 5, a.length + 5 + b.length],
    ]);
  });

  it('reads markers into offsets (a unit test of the parsing)', () => {
    expect(markedSnippet('  a \uE000Word\uE001\n\n b  \uE000c\uE001  ')).toEqual({
      snippet: 'a Word b c',
      highlights: [
        [2, 6],
        [9, 10],
      ],
    });
    expect(markedSnippet('x  \uE000y\uE001', 'x-_😀')).toEqual({ snippet: 'x-_😀', highlights: [[3, 5]] });
  });
});

describe('GET /api/search/: typos', () => {
  it('finds a word with one wrong, missing, extra or swapped letter (also the first two), and not two', async () => {
    const id = await personal(olga, 'Zeppelin hangar', 'Check the mooring tower');
    for (const typo of [
      'zeppelin',
      'zepelin',
      'zeppelim',
      'zeppellin',
      'zepplein',
      'ezppelin',
      'zeppeiln',
      'moorng',
      'tower',
      'towre',
      'otwer',
    ]) {
      const results = await search(olga, typo);
      expect(
        results.map((r) => r.task_id),
        typo,
      ).toContain(id);
    }
    for (const far of ['zpeplein', 'zepelim', 'twoer x']) {
      expect(
        (await search(olga, far)).map((r) => r.task_id),
        far,
      ).not.toContain(id);
    }
  });

  it('corrects German words with umlauts, and finds the last word as it is being typed', async () => {
    const id = await personal(olga, 'Größere Prüfung der Unterlagen');
    for (const q of ['prüfnug', 'Grösere', 'unterl', 'Prüfung unterla']) {
      expect(
        (await search(olga, q)).map((r) => r.task_id),
        q,
      ).toContain(id);
    }
    // Only the last word is a prefix.
    expect((await search(olga, 'unterl prüfung')).map((r) => r.task_id)).not.toContain(id);
  });
});

describe('GET /api/search/: who sees what', () => {
  it('shows the owner, the accepted and the pending recipient their tasks; never a declined one or a stranger', async () => {
    const w = word('seen');
    const pending = await env.t.person({ firstname: 'Petra' });
    const declined = await env.t.person({ firstname: 'Dora' });
    const stranger = await env.t.person({ firstname: 'Sam' });
    const own = await personal(olga, `Own ${w}`);
    const accepted = await env.t.delegated(olga, rita, { role: 'assign', form: { title: `Accepted ${w}` } });
    await comment(accepted, rita, `Comment on ${w}`);
    const waiting = await env.t.delegated(olga, pending, {
      accepted: false,
      form: { title: `Pending ${w}` },
    });
    const gone = await env.t.delegated(olga, declined, { form: { title: `Declined ${w}` } });
    const declineRes = await env.t.post(
      '/decline_task',
      { task_id: gone, reason: 'No time' },
      declined.access,
    );
    expect(declineRes.status).toBe(200);
    // The stranger's own task with the word: found for them only.
    const theirs = await personal(stranger, `Stranger's ${w}`);

    const seen = async (who: SignedUpUser) =>
      Object.fromEntries((await search(who, w)).map((r) => [r.task_id, r.category]));
    expect(await seen(olga)).toEqual({
      [own]: 'Personal Tasks',
      [accepted]: 'Tasks Delegated - Assigned',
      [waiting]: 'Tasks Delegated - Invitation',
      [gone]: 'Tasks Delegated - Invitation',
    });
    expect(await seen(rita)).toEqual({ [accepted]: 'Assigned Tasks' });
    expect(await seen(pending)).toEqual({ [waiting]: 'Invited Tasks' });
    expect(await seen(declined)).toEqual({});
    expect(await seen(stranger)).toEqual({ [theirs]: 'Personal Tasks' });
    // Nor through a comment or a typo.
    expect(await search(stranger, `comment ${w}`)).toEqual([]);
    expect(await search(declined, `${w.slice(0, -1)}`)).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await env.t.get('/api/search/?q=plan')).status).toBe(401);
  });
});

describe('GET /api/search/: one partition', () => {
  /** The tables and partitions a statement's plan reads (pruned partitions are not in it). */
  async function readTables(query: CompiledQuery) {
    const explained = await env.t.db.executeQuery<{ 'QUERY PLAN': unknown }>({
      ...query,
      sql: `explain (format json) ${query.sql}`,
    });
    const names = new Set<string>();
    const walk = (node: unknown): void => {
      if (!node || typeof node !== 'object') return;
      const relation = (node as Record<string, unknown>)['Relation Name'];
      if (typeof relation === 'string') names.add(relation);
      for (const value of Object.values(node)) walk(value);
    };
    walk(explained.rows[0]?.['QUERY PLAN']);
    return [...names].filter((name) => name.startsWith('task_search') || name === 'tasks').sort();
  }
  /** The partition holding `userId`'s rows (by the table's own hash). */
  const partitionOf = async (userId: string) =>
    (
      await sql<{ name: string }>`
        select tableoid::regclass::text as name from task_search where person_id = ${userId} limit 1`.execute(
        env.t.db,
      )
    ).rows[0]?.name;

  it("reads the person's partition of task_search only, for a search and for a list filtered by words", async () => {
    const w = word('part');
    await personal(olga, `Crate ${w}`);
    const own = await partitionOf(olga.id);
    expect(own).toMatch(/^task_search_\d+$/);
    const [queries] = (await searchQueries(w).execute(env.t.db)).rows;
    if (!queries) throw new Error('no queries');
    expect(await readTables(searchStatement(olga.id, queries, 20).compile(env.t.db))).toEqual([own, 'tasks']);
    const filtered = pageQuery(
      env.t.db,
      'personal',
      olga.id,
      taskPageRequest.parse({ folder: 'none', sort: 'newest', filter: { q: w } }),
    ).query;
    expect(await readTables(filtered)).toEqual([own, 'tasks']);
  });
});

describe('GET /api/search/: bad queries', () => {
  async function refused(params: Record<string, string>, message: string) {
    const res = await searchAs(olga, params);
    expect(res.status).toBe(400);
    const body = errorBody.parse(await readJson(res));
    expect(body).toMatchObject({ code: 'validation_failed', message });
  }

  it('refuses no text, blank text, too long a text and a limit outside 1 to 50, each saying why', async () => {
    await refused({}, findMessages.searchRequired);
    await refused({ q: '' }, findMessages.searchRequired);
    await refused({ q: '   ' }, findMessages.searchRequired);
    await refused({ q: 'x'.repeat(201) }, findMessages.searchTooLong);
    for (const limit of ['0', '51', '-1', '2.5', 'ten'])
      await refused({ q: 'plan', limit }, findMessages.searchLimit);
    // Text Postgres cannot take, as the bodies' check words it.
    const nul = await env.t.get('/api/search/?q=a%00b', olga.access);
    expect(nul.status).toBe(400);
    expect(errorBody.parse(await readJson(nul)).message).toBe(nulMessage);
  });

  it('answers at most `limit` results (20 by default, 50 at most), and quietly nothing for punctuation', async () => {
    const w = word('many');
    for (let i = 0; i < 52; i += 1) await personal(olga, `${w} ${i}`);
    expect(await search(olga, w)).toHaveLength(20);
    expect(await search(olga, w, 50)).toHaveLength(50);
    expect(await search(olga, w, 1)).toHaveLength(1);
    expect(await search(olga, 'x'.repeat(200))).toEqual([]);
    expect(await search(olga, '!!! & | :* \\ \' "')).toEqual([]);
  });
});
