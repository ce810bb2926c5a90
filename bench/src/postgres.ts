import { performance } from 'node:perf_hooks';
import { databaseUrl, executePrepared, prepareStatementsOn, usePreparedStatements } from '@baton/service-kit';
import { searchQueries, searchStatement } from '@baton/tasks';
import { type Compilable, type CompiledQuery, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { onSchedule, percentile, scheduleLine } from './harness';

/** A route's statement timed and explained in Postgres alone, next to the route's own figures. */

const sqlRuns = Number(process.env.BENCH_SQL_RUNS ?? 50);

/** The app's database `database` on `serverUrl`, its statements named as the routes run them. */
export function serviceDatabase(serverUrl: string, database: string, max: number) {
  const pool = new pg.Pool({ connectionString: databaseUrl(serverUrl, database), max });
  const statements = prepareStatementsOn(pool);
  const db = new Kysely<never>({ dialect: new PostgresDialect({ pool }) });
  usePreparedStatements(db, statements);
  return db;
}

const compiledOf = (query: Compilable<unknown> | CompiledQuery) =>
  'compile' in query ? query.compile() : query;

/** The lines of `query`'s EXPLAIN ANALYZE (with BUFFERS: the pages it hit in shared buffers and read). */
export async function explain(
  db: Kysely<never>,
  query: Compilable<unknown> | CompiledQuery,
  options: { buffers?: boolean } = {},
) {
  const compiled = compiledOf(query);
  const explained = await db.executeQuery<{ 'QUERY PLAN': string }>({
    ...compiled,
    sql: `explain (analyze, ${options.buffers ? 'buffers, ' : ''}format text) ${compiled.sql}`,
  });
  return explained.rows.map((r) => r['QUERY PLAN']);
}

/** Prints plan lines indented under a figure. */
export const printPlan = (lines: string[]) => console.log(lines.map((line) => `    ${line}`).join('\n'));

/**
 * Times `query` in Postgres alone (through pg, rows fetched, a named statement as the route runs it), with
 * its EXPLAIN ANALYZE (whole plan when `plan`).
 */
export async function timeInPostgres(
  db: Kysely<never>,
  query: Compilable<unknown> | CompiledQuery,
  plan: boolean,
) {
  const times: number[] = [];
  for (let i = 0; i < sqlRuns; i += 1) {
    const started = performance.now();
    await executePrepared(db, query);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const lines = await explain(db, query);
  const execution = lines.find((line) => line.startsWith('Execution Time'));
  console.log(
    `${'  same query, Postgres'.padEnd(24)} p50 ${percentile(times, 50).toFixed(1)} ms  p99 ${percentile(times, 99).toFixed(1)} ms  ` +
      `(${sqlRuns} runs through pg, rows fetched; EXPLAIN ANALYZE ${execution ?? 'n/a'})`,
  );
  if (plan) printPlan(lines);
}

/**
 * The query of one request in Postgres alone, `onSchedule` at `rate` a second: the baseline for a route's
 * latency at the same load.
 */
export async function loadInPostgres(db: Kysely<never>, query: CompiledQuery, rate: number, label: string) {
  const { times } = await onSchedule(rate, () => executePrepared(db, query).then(() => true));
  scheduleLine(
    `  ${label}`,
    rate,
    times,
    `${times.length} requests' queries through pg, pool of 10, on schedule`,
  );
}

/**
 * `query` run back to back by `clients` connections for `seconds`: how many a second Postgres alone serves on
 * this machine (its cores shared with nothing of the app's but the idle app), and the mean time of one.
 * `named` as the route runs it: Postgres may plan a named statement generically after its fifth run, which
 * the lists' templates are built for and search's statement (values planned for) is not.
 */
export async function saturateInPostgres(
  db: Kysely<never>,
  query: CompiledQuery,
  options: { clients: number; seconds: number; named: boolean },
) {
  const until = performance.now() + options.seconds * 1000;
  let done = 0;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: options.clients }, async () => {
      while (performance.now() < until) {
        await (options.named ? executePrepared(db, query) : db.executeQuery(query));
        done += 1;
      }
    }),
  );
  const elapsed = (performance.now() - began) / 1000;
  return { perSecond: done / elapsed, meanMs: (elapsed * 1000 * options.clients) / done };
}

/**
 * The main statement of `GET /api/search/?q=<text>` for `userId` as the route builds it (its queries asked
 * first, as the route does), with the number of results.
 */
export async function searchStatementFor(db: Kysely<never>, userId: string, text: string, limit = 20) {
  const [queries] = (await searchQueries(text).execute(db)).rows;
  if (!queries) throw new Error('search_queries answers one row');
  return searchStatement(userId, queries, limit).compile(db);
}
