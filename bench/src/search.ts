import { performance } from 'node:perf_hooks';
import { signUp } from '@baton/test-kit';
import { sql } from 'kysely';
import { percentile, run, runAtRate, startServer } from './harness';
import { explain, searchStatementFor, serviceDatabase } from './postgres';
import { insertTasks, insertWordyTasks, settle, vocabulary, wordyTask } from './seed';

/**
 * `GET /api/search/` for a person with 10,000 tasks (BENCH_TASKS) among 50,000 (BENCH_OTHER_TASKS for 49
 * others), through the gateway of `npm start`: titles of 3 to 6 words and descriptions of 20 to 40 from a
 * vocabulary of 5,000 made-up words (frequent ones far more often, as in real text), a progress note on a
 * third of the tasks and two comments on a fifth. The tasks are written straight into baton_tasks (the
 * triggers of the search migration index them as the routes' writes would). Then, each set of queries cycled
 * by every connection: exact words (frequent, middling, rare), the same with one letter wrong, missing or
 * swapped, two-word searches, and a word being typed (a prefix); each next to the main statement's
 * EXPLAIN ANALYZE (the indexes it used).
 *
 *   npm run bench:search -w bench
 */
const taskCount = Number(process.env.BENCH_TASKS ?? 10_000);
const otherTasks = Number(process.env.BENCH_OTHER_TASKS ?? 40_000);
const otherEmail = 'other-search@bench.example';

/** One letter wrong, missing or swapped (cycling), away from the start and end. */
function typo(word: string, n: number) {
  const i = 1 + (n % (word.length - 2));
  if (n % 3 === 0) return `${word.slice(0, i)}${word[i] === 'x' ? 'y' : 'x'}${word.slice(i + 1)}`;
  if (n % 3 === 1) return `${word.slice(0, i)}${word.slice(i + 1)}`;
  return `${word.slice(0, i)}${word[i + 1]}${word[i]}${word.slice(i + 2)}`;
}

async function main() {
  const server = await startServer();
  const db = serviceDatabase(server.databaseUrl, 'baton_tasks', 4);
  const user = await signUp((path, init) => fetch(`${server.base}${path}`, init));
  const words = vocabulary();
  try {
    const seeded = performance.now();
    await insertWordyTasks(db, user, taskCount, words);
    await insertTasks(db, {
      owners: sql`select gen_random_uuid() as id, ${otherEmail}::text as email from generate_series(1, 49)`,
      perOwner: Math.ceil(otherTasks / 49),
      ...wordyTask(words),
      step: '1 second',
    });
    await settle(db);
    const stats = await sql<{ words: string; mb: string }>`
      select (select count(*) from search_words)::text as words,
             (select sum(pg_relation_size(i.inhrelid)) / 1048576.0 from pg_inherits i
                where i.inhparent = 'task_search_words'::regclass)::numeric(8, 1)::text as mb`.execute(db);
    console.log(
      `Baton gateway at ${server.base}, ${process.env.DATABASE_URL ? 'DATABASE_URL' : 'embedded Postgres'}, node ${process.version}; ` +
        `${taskCount} tasks for one person, ${taskCount + otherTasks} in all, seeded in ${((performance.now() - seeded) / 1000).toFixed(0)} s; ` +
        `${stats.rows[0]?.words} known words, search GIN indexes ${stats.rows[0]?.mb} MiB`,
    );

    const pick = (from: number, to: number, count: number) =>
      Array.from({ length: count }, (_, i) => words[from + Math.floor(((to - from) * i) / count)] as string);
    const frequent = pick(0, 50, 10);
    const middling = pick(200, 1_000, 20);
    const rare = pick(2_000, 5_000, 20);
    const exact = [...frequent, ...middling, ...rare];
    const sets: [string, string[]][] = [
      ['exact words', exact],
      ['one typo', exact.map(typo)],
      ['two words', middling.map((w, i) => `${w} ${exact[(i * 7) % exact.length]}`)],
      ['typing (prefix)', middling.map((w) => w.slice(0, Math.max(3, w.length - 2)))],
    ];
    const headers = { authorization: `Bearer ${user.access}` };
    for (const [label, queries] of sets) {
      const found = await Promise.all(
        queries.map(async (q) => {
          const res = await fetch(`${server.base}/api/search/?q=${encodeURIComponent(q)}`, { headers });
          if (!res.ok) throw new Error(`${q}: ${res.status}`);
          return ((await res.json()) as { results: unknown[] }).results.length;
        }),
      );
      const sorted = [...found].sort((a, b) => a - b);
      console.log(
        `${label}: ${queries.length} queries (e.g. ${queries.slice(0, 3).join(', ')}); results per query ` +
          `min ${sorted[0]} median ${percentile(sorted, 50)} max ${sorted.at(-1)}`,
      );
      const paths = queries.map((q) => `/api/search/?q=${encodeURIComponent(q)}`);
      const requests = paths.map((path) => ({ method: 'GET' as const, path }));
      const full = await run(`  GET /api/search/, ${label}`, {
        url: server.base,
        headers,
        requests,
      });
      // At half that rate, as a busy server runs: the p99 the 30 ms is about (at full load, requests
      // queue behind each other and the latency is the queue's).
      let next = 0;
      const url = () => `${server.base}${paths[next++ % paths.length]}`;
      await runAtRate(`  same at half load`, { url, headers }, Math.max(1, Math.round(full / 2)));
      // One person searching as they type: one request after another.
      await run(`  one person, one at a time`, {
        url: server.base,
        headers,
        connections: 1,
        requests,
      });
      // The same statement in Postgres alone, for the query matching most tasks: its plan and time.
      const worst = queries[found.indexOf(Math.max(...found))] ?? queries[0] ?? '';
      const lines = await explain(db, await searchStatementFor(db, user.id, worst), { buffers: true });
      // Its scans (which indexes) and times; the whole plan with BENCH_PLAN=1.
      const shown = process.env.BENCH_PLAN
        ? lines
        : lines.filter((line) =>
            /Scan on (tasks|search)|Index Scan.*tasks_search|Bitmap Index|Seq Scan|Time:/.test(line),
          );
      console.log(`  EXPLAIN ANALYZE for "${worst}" (${found[queries.indexOf(worst)]} results):`);
      console.log(shown.map((line) => `    ${line.trim()}`).join('\n'));
    }
  } finally {
    // On a shared DATABASE_URL, the next run starts afresh.
    await sql`delete from tasks where owner_email = ${user.email} or owner_email = ${otherEmail}`.execute(db);
    await db.destroy();
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
