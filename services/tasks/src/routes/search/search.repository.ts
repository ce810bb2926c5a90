import { type QueryExecutorProvider, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { TaskKind } from '../../db/schema';

/**
 * The markers ts_headline puts around a matched word: private-use characters, taken out of the text first,
 * so the service can turn them into offsets (`markedSnippet`).
 */
export const markStart = '\uE000';
export const markEnd = '\uE001';

/**
 * The most matches ranked: the newest of them. A word in most of a person's 10,000 tasks (as "the" is) would
 * otherwise cost a rank of each (bench/src/search.ts); among that many, the newest are what one looks for.
 */
const rankedMost = 1_000;

/** ts_rank's weights of D (notes, comments), C (attachment name), B (description) and A (title). */
const weights = sql.lit('{0.1, 0.2, 0.4, 1.0}');

/** A text without the markers. */
const unmarked = (text: RawBuilder<unknown> | string) =>
  sql`translate(${typeof text === 'string' ? sql.ref(text) : text}, ${sql.lit(markStart + markEnd)}, '')`;

const headlineOptions = (whole: boolean) =>
  sql.lit(
    `StartSel=${markStart}, StopSel=${markEnd}, ` +
      (whole ? 'HighlightAll=true' : 'MaxWords=20, MinWords=8, ShortWord=2'),
  );

/** A search's text as its three queries, as tsquery texts (db migration `tasks_search`). */
export interface SearchQueries {
  /** The words as typed (websearch syntax). */
  exact: string;
  /** Each word or one of its one-edit fixes; the last word also as a prefix. */
  fuzzy: string;
  /** Any of fuzzy's words. */
  anyword: string;
}

/**
 * The queries of a search's text: asked first, on their own, so the search's statement carries them as values
 * and Postgres plans it for them (a word in most tasks or in few; as a value computed within the statement, it
 * planned one person's matches as every person's matches and-ed with all of that person's tasks).
 */
export const searchQueries = (text: string) =>
  sql<SearchQueries>`select exact::text, fuzzy::text, anyword::text from search_queries(${text})`;

/**
 * Whether the task `t` is one of `userId`'s that match `text` as search matches it (typos and the last word's
 * prefix included): looked up in their partition of task_search (db migration `tasks_search_by_person`).
 */
export const matchesSearch = (userId: string, text: string) =>
  sql<SqlBool>`t.id in (select s.task_id from task_search s
    where s.person_id = ${userId} and s.search_doc @@ (select fuzzy from search_queries(${text})))`;

export interface SearchRow {
  task_id: string;
  title: string;
  kind: TaskKind;
  owner_id: string;
  place: 'title' | 'description' | 'note' | 'comment' | 'attachment';
  /** The place's text around the match, the matched words between markStart and markEnd. */
  marked: string;
  /** The attachment's name as it is (its headline was taken of its words, one character for each). */
  name: string | null;
}

/**
 * `userId`'s `limit` best tasks for `queries` (of the newest `rankedMost` matches): those holding every word as
 * typed first, then by ts_rank (a title match outweighs a description's, which outweighs the attachment
 * name's, which outweighs notes' and comments'), then newest.
 * For each, its best place: the first of title, description, attachment name that matches the whole query,
 * else the newest note or comment that does, else (the query's words spread over places) the place that
 * matches most. Postgres stops at the first of those that answers (a UNION ALL under LIMIT 1).
 */
export function searchStatement(userId: string, queries: SearchQueries, limit: number) {
  return sql<SearchRow>`
    with q as materialized (
      select ${queries.exact}::tsquery as exact, ${queries.fuzzy}::tsquery as fuzzy,
             ${queries.anyword}::tsquery as anyword
    ),
    matches as (
      -- The person's findable tasks (theirs, or sent to them: pending or accepted), in their partition of
      -- task_search: its GIN index (a rare word) or its newest-first index (a frequent one).
      select s.task_id as id, s.search_doc, s.created_us from task_search s
      where s.person_id = ${userId} and s.search_doc @@ ${queries.fuzzy}::tsquery
      order by s.created_us desc limit ${rankedMost}
    ),
    ranked as (
      select m.id, m.created_us, m.search_doc @@ q.exact as exact, ts_rank(${weights}, m.search_doc, q.fuzzy) as rank
      from matches m cross join q
      order by exact desc, rank desc, m.created_us desc, m.id
      limit ${limit}
    ),
    hits as (
      select r.*, t.title, t.kind, t.owner_id, t.description, t.attachment_name
      from ranked r join tasks t on t.id = r.id
    )
    select h.id as task_id, h.title, h.kind, h.owner_id, best.place,
           ts_headline('simple', best.body, q.fuzzy, case when best.place in ('title', 'attachment')
             then ${headlineOptions(true)} else ${headlineOptions(false)} end) as marked,
           h.attachment_name as name
    from hits h cross join q cross join lateral (
      select place, body from (
        (select place, body from (values
            (1, 'title', ${unmarked('h.title')}),
            (2, 'description', ${unmarked('h.description')}),
            (3, 'attachment', search_file_words(${unmarked('h.attachment_name')}))) as own (o, place, body)
          where to_tsvector('simple', body) @@ q.fuzzy order by o limit 1)
        union all
        (select place, body from (
            select 'note' as place, ${unmarked('message')} as body, created_at from progress_logs
              where task_id = h.id and message <> ''
            union all
            select 'comment', ${unmarked('content')}, created_at from comments where task_id = h.id) as talk
          where to_tsvector('simple', body) @@ q.fuzzy order by created_at desc limit 1)
        union all
        (select place, body from (
            select 1 as o, 'title' as place, ${unmarked('h.title')} as body
            union all select 2, 'description', ${unmarked('h.description')}
            union all select 3, 'attachment', search_file_words(${unmarked('h.attachment_name')})
              where h.attachment_name is not null
            union all select 4, 'note', ${unmarked('message')} from progress_logs
              where task_id = h.id and message <> ''
            union all select 4, 'comment', ${unmarked('content')} from comments where task_id = h.id) as every
          order by ts_rank(to_tsvector('simple', body), q.anyword) desc, o limit 1)
      ) as places limit 1
    ) as best
    order by h.exact desc, h.rank desc, h.created_us desc, h.id`;
}

/** `userId`'s best `limit` tasks for `text`, as searchStatement finds them. */
export async function findTasks(db: QueryExecutorProvider, userId: string, text: string, limit: number) {
  const [queries] = (await searchQueries(text).execute(db)).rows;
  if (!queries) throw new Error('search_queries answers one row');
  return (await searchStatement(userId, queries, limit).execute(db)).rows;
}
