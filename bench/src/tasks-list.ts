import { request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { taskPageRequest } from '@baton/contracts';
import { databaseUrl, executePrepared, prepareStatementsOn, usePreparedStatements } from '@baton/service-kit';
import { pageQuery, wholeListQuery } from '@baton/tasks';
import { readJson, signUp } from '@baton/test-kit';
import { type Compilable, type CompiledQuery, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { onSchedule, percentile, run, runAtRate, scheduleLine, startServer } from './harness';

/**
 * `POST /api/tasks/personal/` for a person with 10,000 tasks (BENCH_TASKS) among 100,000 of 100 people
 * (BENCH_OTHER_TASKS for the 99 others), through the gateway of `npm start`, each next to the same query
 * timed in Postgres alone: the first and a deep page (`page`, 50 tasks), then the whole list (SPEC §7),
 * at full load and at half the saturating rate, with the pages' EXPLAIN ANALYZE. The tasks are written
 * straight into baton_tasks (the benchmark is about reading them).
 *
 *   npm run bench:tasks -w bench
 */
const taskCount = Number(process.env.BENCH_TASKS ?? 10_000);
const otherTasks = Number(process.env.BENCH_OTHER_TASKS ?? 90_000);
const sqlRuns = Number(process.env.BENCH_SQL_RUNS ?? 50);
/** The owner of the 99 others' tasks (removed after the run, with the person's). */
const otherEmail = 'other@bench.example';

/** Bytes of the answer as sent (fetch would decompress them). */
function wireBytes(url: string, headers: Record<string, string>, body: string) {
  return new Promise<number>((resolve, reject) => {
    const req = request(url, { method: 'POST', headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () => resolve(bytes));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Times `query` in Postgres alone (through pg, rows fetched, a named statement as the route runs it), with
 * its EXPLAIN ANALYZE (whole plan when `plan`).
 */
async function timeInPostgres(db: Kysely<never>, query: Compilable<unknown> | CompiledQuery, plan: boolean) {
  const compiled = 'compile' in query ? query.compile() : query;
  const times: number[] = [];
  for (let i = 0; i < sqlRuns; i += 1) {
    const started = performance.now();
    await executePrepared(db, query);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const explained = await db.executeQuery<{ 'QUERY PLAN': string }>({
    ...compiled,
    sql: `explain (analyze, format text) ${compiled.sql}`,
  });
  const lines = explained.rows.map((r) => r['QUERY PLAN']);
  const execution = lines.find((line) => line.startsWith('Execution Time'));
  console.log(
    `${'  same query, Postgres'.padEnd(24)} p50 ${percentile(times, 50).toFixed(1)} ms  p99 ${percentile(times, 99).toFixed(1)} ms  ` +
      `(${sqlRuns} runs through pg, rows fetched; EXPLAIN ANALYZE ${execution ?? 'n/a'})`,
  );
  if (plan) console.log(lines.map((line) => `    ${line}`).join('\n'));
}

/**
 * The query of one request in Postgres alone, `onSchedule` at `rate` a second: the baseline for a route's
 * latency at the same load.
 */
async function loadInPostgres(db: Kysely<never>, query: CompiledQuery, rate: number, label: string) {
  const { times } = await onSchedule(rate, () => executePrepared(db, query).then(() => true));
  scheduleLine(
    `  ${label}`,
    rate,
    times,
    `${times.length} requests' queries through pg, pool of 10, on schedule`,
  );
}

async function main() {
  const server = await startServer();
  const pool = new pg.Pool({ connectionString: databaseUrl(server.databaseUrl, 'baton_tasks'), max: 10 });
  // Named statements, as the routes run their queries.
  const statements = prepareStatementsOn(pool);
  const db = new Kysely<never>({ dialect: new PostgresDialect({ pool }) });
  usePreparedStatements(db, statements);
  const user = await signUp((path, init) => fetch(`${server.base}${path}`, init));
  const { id: userId, access } = user;
  try {
    await sql`
      insert into tasks (owner_id, owner_email, kind, title, description, due_date, priority, progress, created_at)
      select ${userId}::uuid, ${user.email}, 'personal', 'Task ' || n, repeat('Some words about the work. ', 4),
             to_char(date '2026-12-01' + (n % 90), 'YYYY-MM-DD'),
             (array['Immediate', 'Moderate', 'Lenient'])[1 + n % 3], (n % 21) * 5, now() - n * interval '1 minute'
      from generate_series(1, ${taskCount}) as n`.execute(db);
    // 99 other people's tasks: the index must find one person's pages among all of them.
    await sql`
      insert into tasks (owner_id, owner_email, kind, title, description, due_date, priority, created_at)
      select o.id, ${otherEmail}, 'personal', 'Other ' || n, '', to_char(date '2026-12-01' + (n % 90), 'YYYY-MM-DD'),
             (array['Immediate', 'Moderate', 'Lenient'])[1 + n % 3], now() - n * interval '1 second'
      from (select gen_random_uuid() as id from generate_series(1, 99)) as o,
           generate_series(1, ${Math.ceil(otherTasks / 99)}) as n`.execute(db);
    // A steady state, as autovacuum would leave it (and a Postgres may run without it: this machine's does):
    // every table vacuumed and analyzed, not only tasks (with tasks alone, whichever page was timed first
    // measured p99 21-32 ms, the second 9-15 ms), and the pages the inserts dirtied written, so no
    // checkpoint spreads its writes over the timed runs.
    await sql`vacuum analyze`.execute(db);
    await sql`checkpoint`.execute(db);

    const headers = { 'content-type': 'application/json', authorization: `Bearer ${access}` };
    const url = `${server.base}/api/tasks/personal/`;
    console.log(
      `Baton gateway at ${server.base}, ${process.env.DATABASE_URL ? 'DATABASE_URL' : 'embedded Postgres'}, node ${process.version}; ` +
        `${taskCount} tasks for one person, ${taskCount + otherTasks} in all`,
    );

    // Pages of 50: the first, and one 9,900 tasks down (walked to through the cursors).
    const pageBody = (cursor?: string) =>
      JSON.stringify({ userEmail: user.email, page: { folder: 'none', sort: 'newest', cursor } });
    let cursor: string | undefined;
    let pagesWalked = 0;
    while (pagesWalked < Math.floor((taskCount - 100) / 50)) {
      const got = await readJson(fetch(url, { method: 'POST', headers, body: pageBody(cursor) }));
      if (!got.next) break;
      cursor = got.next;
      pagesWalked += 1;
    }
    for (const [label, at] of [
      ['first page', undefined],
      [`page ${pagesWalked + 1} (deep)`, cursor],
    ] as const) {
      const body = pageBody(at);
      const bytesOfPage = (await (await fetch(url, { method: 'POST', headers, body })).arrayBuffer())
        .byteLength;
      console.log(`${label}: 50 tasks, ${(bytesOfPage / 1024).toFixed(1)} KiB`);
      const saturated = await run(`  ${label}, full load`, { url, method: 'POST', headers, body });
      const half = Math.max(1, Math.floor(saturated / 2));
      await run(`  ${label}, half, bursts`, { url, method: 'POST', headers, body, overallRate: half });
      await runAtRate(`  ${label}, half load`, { url, method: 'POST', headers, body }, half);
      const page = taskPageRequest.parse({ folder: 'none', sort: 'newest', cursor: at });
      // The first page's statement also counts the tabs.
      const { query } = pageQuery(db as never, 'personal', userId, page);
      await loadInPostgres(db, query, half, 'same query, Postgres');
      await timeInPostgres(db, query, true);
    }
    // The whole list (SPEC §7, no `page`), after the pages: its 5 MiB answers would leave the heap churned for them.
    const body = JSON.stringify({ userEmail: user.email });
    const bytes = (await (await fetch(url, { method: 'POST', headers, body })).arrayBuffer()).byteLength;
    await run(`POST /api/tasks/personal/ (${(bytes / 1024 / 1024).toFixed(1)} MiB)`, {
      url,
      method: 'POST',
      headers,
      body,
    });
    // What a browser gets: the gateway compresses the answer (bytes on the wire vs CPU).
    const gzBytes = await wireBytes(url, { ...headers, 'accept-encoding': 'gzip' }, body);
    await run(`  with gzip (${(gzBytes / 1024).toFixed(0)} KiB)`, {
      url,
      method: 'POST',
      headers: { ...headers, 'accept-encoding': 'gzip' },
      body,
    });
    // The same query, as the route builds it, timed in Postgres alone (rows fetched, not serialised).
    const whole = wholeListQuery(db as never, 'personal', userId);
    await timeInPostgres(db, whole, false);

    // The dashboard's figures over all 10,000 tasks, computed in Postgres.
    await run('GET /api/tasks/summary/', { url: `${server.base}/api/tasks/summary/`, headers });
  } finally {
    // On a shared DATABASE_URL, the next run starts from the same 100,000 tasks, not from 100,000 more.
    await sql`delete from tasks where owner_email = ${user.email} or owner_email = ${otherEmail}`.execute(db);
    await db.destroy();
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
