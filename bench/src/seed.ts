import { type Kysely, type RawBuilder, sql } from 'kysely';

/**
 * Tasks, notes and comments written straight into baton_tasks, set-based (INSERT ... SELECT over
 * generate_series): the benchmarks are about reading them, and the tables' triggers (tab counts, search) keep
 * what the routes' own writes would.
 */

/** A deterministic random (mulberry32), so every run searches the same text for the same words. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const syllables =
  'ka lo mi ne ru ta vo shi pe dan mor ell ist ung ber ter fen gal hof lin quo ras sel tor wik zum ach ber'.split(
    ' ',
  );

/** 5,000 distinct made-up words of 2 to 4 syllables, the most frequent first. */
export function vocabulary() {
  const next = random(7);
  const words = new Set<string>();
  while (words.size < 5_000) {
    const length = 2 + Math.floor(next() * 3);
    words.add(Array.from({ length }, () => syllables[Math.floor(next() * syllables.length)]).join(''));
  }
  return [...words];
}

/**
 * `count` words of `words` (an SQL expression of the row's `n`), word k with a probability falling as k grows
 * (u^3 over [0, 1)): the commonest in nine texts of ten, as "the" would be. The words are a jsonb array: a
 * text[] subscript walks the elements before it, and wrote 14 times slower (a million tasks' words: minutes).
 */
export const wordsText = (words: string[], count: string) =>
  sql<string>`(select string_agg(${JSON.stringify(words)}::jsonb ->> floor(power(random(), 3) * ${words.length})::int, ' ')
     from generate_series(1, ${sql.raw(count)}) as w where n > 0)`;

/** A title of 3 to 6 words and a description of 20 to 40, of `words` (bench:search's tasks). */
export const wordyTask = (words: string[]) => ({
  title: wordsText(words, '3 + n % 4'),
  description: wordsText(words, '20 + n % 21'),
});

export interface TaskSeed {
  /** A query of (id uuid, email text) rows: the owners. */
  owners: RawBuilder<unknown>;
  /** Tasks per owner, numbered n = 1.. (newest first, `step` apart). */
  perOwner: number;
  /** Expressions of `o` (the owner's row) and `n`. */
  title: RawBuilder<unknown>;
  description: RawBuilder<unknown>;
  progress?: RawBuilder<unknown>;
  completed?: RawBuilder<unknown>;
  /** The recipient's account (uuid) or null: an assigned task when not null. */
  recipient?: RawBuilder<unknown>;
  /** Between one of an owner's tasks and the next older: '1 minute'. */
  step: string;
}

/** Writes `perOwner` tasks of each owner: due within 90 days, priorities in turn. */
export async function insertTasks(db: Kysely<never>, seed: TaskSeed) {
  await sql`
    insert into tasks (owner_id, owner_email, kind, recipient_id, title, description, due_date, priority, progress,
                       completed, completed_at, created_at)
    select o.id, o.email, case when r.id is null then 'personal' else 'assign' end, r.id,
           ${seed.title}, ${seed.description}, to_char(date '2026-12-01' + (n % 90), 'YYYY-MM-DD'),
           (array['Immediate', 'Moderate', 'Lenient'])[1 + n % 3], ${seed.progress ?? sql`0`}, c.done,
           case when c.done then now() - n * ${seed.step}::interval / 2 end, now() - n * ${seed.step}::interval
    from (${seed.owners}) as o, generate_series(1, ${seed.perOwner}) as n,
         lateral (select ${seed.recipient ?? sql`null`}::uuid as id) as r,
         lateral (select ${seed.completed ?? sql`false`} as done) as c`.execute(db);
}

/**
 * A progress note on a third of `tasks` and two comments on a fifth, by their authors, of `words`.
 * `tasks`: a query of (id, n, author_id, author_email) rows, n numbering them.
 */
export async function insertTalk(db: Kysely<never>, tasks: RawBuilder<unknown>, words: string[]) {
  await sql`
    insert into progress_logs (task_id, author_id, author_name, progress, message)
    select t.id, t.author_id, 'Bench', 30, ${wordsText(words, '6 + n % 10')} from (${tasks}) as t
    where n % 3 = 0`.execute(db);
  await sql`
    insert into comments (task_id, author_id, author_email, author_name, content, created_at)
    select t.id, t.author_id, t.author_email, 'Bench', ${wordsText(words, '8 + n % 20 + c')}, now()
    from (${tasks}) as t, generate_series(1, 2) as c where n % 5 = 0`.execute(db);
}

/**
 * One person's `count` tasks of 3 to 6 and 20 to 40 words of `words`, a minute apart, with a progress note on a
 * third and two comments on a fifth (bench:search's person, and bench:million's).
 */
export async function insertWordyTasks(
  db: Kysely<never>,
  person: { id: string; email: string },
  count: number,
  words: string[],
) {
  await insertTasks(db, {
    owners: sql`select ${person.id}::uuid as id, ${person.email}::text as email`,
    perOwner: count,
    ...wordyTask(words),
    step: '1 minute',
  });
  await insertTalk(
    db,
    sql`select id, row_number() over (order by id) as n, ${person.id}::uuid as author_id,
               ${person.email}::text as author_email
        from tasks where owner_id = ${person.id}`,
    words,
  );
}

/**
 * A steady state, as autovacuum would leave it (and a Postgres may run without it: this machine's does):
 * every table vacuumed and analyzed, not only tasks (with tasks alone, whichever page was timed first measured
 * p99 21-32 ms, the second 9-15 ms), and the pages the inserts dirtied written, so no checkpoint spreads its
 * writes over the timed runs.
 */
export async function settle(db: Kysely<never>) {
  await sql`vacuum analyze`.execute(db);
  await sql`checkpoint`.execute(db);
}
