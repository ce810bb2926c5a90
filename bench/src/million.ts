import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { taskPageRequest } from '@baton/contracts';
import { pageQuery, summaryQuery } from '@baton/tasks';
import { signUp } from '@baton/test-kit';
import { type CompiledQuery, type Kysely, sql } from 'kysely';
import { run, runAtRate, startServer } from './harness';
import { explain, printPlan, saturateInPostgres, searchStatementFor, serviceDatabase } from './postgres';
import { insertTalk, insertTasks, insertWordyTasks, settle, vocabulary, wordyTask } from './seed';
import { deepCursor, pageBody } from './task-pages';

/**
 * A million tasks across 10,000 people, in a database of its own (the bench's own embedded Postgres, whatever
 * DATABASE_URL says). One person has 10,000 tasks (BENCH_TASKS) as bench:search's person has them (made-up
 * words, a progress note on a third, two comments on a fifth). Phase 1 measures that person alone
 * through the gateway of `npm start`: the first page of their list, a page 9,900 tasks down, the summary and a
 * search for a word, each at full load and at half that rate (p50/p99). Phase 2 adds 9,999 other people
 * (BENCH_MILLION_PEOPLE in all) with ~99 tasks each (BENCH_MILLION_TASKS in all): a fifth assigned to
 * another of them (some to the person), a quarter completed, notes and comments in the same shares; then
 * measures the same four at the same half-load rates, with the ratios to phase 1, each statement's EXPLAIN
 * (ANALYZE, BUFFERS) and how many of it Postgres alone serves a second; and the database's size.
 *
 *   npm run bench:million -w bench
 *   BENCH_MILLION_PEOPLE=600 BENCH_MILLION_TASKS=30000 BENCH_TASKS=2000 BENCH_SECONDS=3 npm run bench:million -w bench
 */
const people = Number(process.env.BENCH_MILLION_PEOPLE ?? 10_000);
const allTasks = Number(process.env.BENCH_MILLION_TASKS ?? 1_000_000);
const taskCount = Number(process.env.BENCH_TASKS ?? 10_000);
const perOther = Math.max(1, Math.round((allTasks - taskCount) / (people - 1)));
/** People written per statement: ~50,000 tasks, so each statement's transition tables stay modest. */
const batch = 500;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

/** The others' addresses, numbered 1.. (the person is number 0), in the order of users' e-mail index. */
const digits = 5;
const emailOf = (i: number) => `person-${String(i).padStart(digits, '0')}@million.bench`;

interface Route {
  label: string;
  request: { url: string; method?: 'GET' | 'POST'; headers: Record<string, string>; body?: string };
  /** The route's statement as it builds it, for Postgres alone; `named` when it runs it as a named statement. */
  statement: () => Promise<CompiledQuery>;
  named: boolean;
}

interface Figures {
  full: number;
  p50: number;
  p99: number;
}

const mib = (bytes: string | number) => `${(Number(bytes) / 1048576).toFixed(1)} MiB`;

/** Sizes and rows of baton_tasks (exact counts). */
async function printSizes(db: Kysely<never>, title: string) {
  const [size] = (
    await sql<{ database: string; heap: string; indexes: string; total: string }>`
      select pg_database_size(current_database()) as database, pg_relation_size('tasks') as heap,
             pg_indexes_size('tasks') as indexes, pg_total_relation_size('tasks') as total`.execute(db)
  ).rows;
  console.log(
    `${title}: database ${mib(size?.database ?? 0)}; tasks ${mib(size?.total ?? 0)} (heap ${mib(size?.heap ?? 0)}, ` +
      `indexes ${mib(size?.indexes ?? 0)}, the rest TOAST)`,
  );
  const indexes = await sql<{ name: string; bytes: string }>`
    select indexrelname as name, pg_relation_size(indexrelid) as bytes from pg_stat_user_indexes
    where relname = 'tasks' order by pg_relation_size(indexrelid) desc`.execute(db);
  console.log(`  tasks' indexes: ${indexes.rows.map((r) => `${r.name} ${mib(r.bytes)}`).join(', ')}`);
  const tables = await sql<{ name: string; bytes: string }>`
    select relname as name, pg_total_relation_size(relid) as bytes from pg_stat_user_tables order by relname`.execute(
    db,
  );
  const rows = await Promise.all(
    tables.rows.map(async (t) => {
      const [counted] = (await sql<{ n: string }>`select count(*) as n from ${sql.table(t.name)}`.execute(db))
        .rows;
      return { ...t, n: Number(counted?.n ?? 0) };
    }),
  );
  console.log(
    `  rows (total size): ${rows
      .filter((r) => r.n > 0)
      .map((r) => `${r.name} ${r.n.toLocaleString('en')} (${mib(r.bytes)})`)
      .join(', ')}`,
  );
}

/**
 * Each route at full load, then `onSchedule` at half that rate (or at the rates given: phase 1's). Each is
 * first asked 100 times in turn, so neither phase times the app's first calls (code not yet compiled).
 */
async function measure(routes: Route[], halfRates?: number[]) {
  // Other work on the machine shows here before it shows in the figures.
  const load = () => `load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores`;
  console.log(`(${load()} before the runs)`);
  for (const { request } of routes) {
    for (let i = 0; i < 100; i += 1) {
      const res = await fetch(request.url, request);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${request.url}: ${res.status}`);
    }
  }
  const figures: Figures[] = [];
  for (const [i, route] of routes.entries()) {
    const full = await run(`${route.label}, full load`, route.request);
    const rate = halfRates?.[i] ?? Math.max(1, Math.floor(full / 2));
    const { p50, p99 } = await runAtRate(`${route.label}, half load`, route.request, rate);
    figures.push({ full, p50, p99 });
  }
  console.log(`(${load()} after them)`);
  return figures;
}

/** Each statement in Postgres alone (4 connections back to back), and its plan: whole, or its times only. */
async function explainAll(db: Kysely<never>, routes: Route[], whole: boolean) {
  for (const route of routes) {
    const statement = await route.statement();
    const alone = await saturateInPostgres(db, statement, {
      clients: 4,
      seconds: Math.max(2, seconds / 2),
      named: route.named,
    });
    const lines = await explain(db, statement, { buffers: true });
    console.log(
      `${route.label}: Postgres alone ${alone.perSecond.toFixed(0)} statements/s, mean ${alone.meanMs.toFixed(2)} ms ` +
        `(4 connections); EXPLAIN ${lines.filter((l) => /^(Planning|Execution) Time/.test(l)).join(', ')}`,
    );
    if (whole) printPlan(lines);
    else printPlan(lines.filter((l) => /^\s*Buffers:/.test(l)).slice(0, 1));
  }
}

/** The 9,999 others (tasks' projection of people), their tasks, deliveries, notes and comments. */
async function generate(db: Kysely<never>, words: string[], userId: string) {
  const began = performance.now();
  await sql`
    insert into users (id, email, first_name, last_name)
    select gen_random_uuid(), 'person-' || lpad(i::text, ${digits}, '0') || '@million.bench', 'Person', i::text
    from generate_series(1, ${people - 1}) as i`.execute(db);
  // Number r of the 10,000 (0 the person), never the owner themself: a fifth of each owner's tasks.
  const recipientNumber = sql`(o.i + 1 + (o.i * 7919 + n * 104729) % ${people - 1}) % ${people}`;
  const recipient = sql`case when n % 5 <> 0 then null when ${recipientNumber} = 0 then ${userId}::uuid
    else (select u.id from users u where u.email = 'person-' || lpad((${recipientNumber})::text, ${digits}, '0')
          || '@million.bench') end`;
  let tasksMs = 0;
  let talkMs = 0;
  for (let from = 1; from < people; from += batch) {
    const to = Math.min(people, from + batch);
    const owners = sql`select id, email, substr(email, 8, ${digits})::int as i from users
      where email >= ${emailOf(from)} and email < ${emailOf(to)}`;
    let started = performance.now();
    await insertTasks(db, {
      owners,
      perOwner: perOther,
      ...wordyTask(words),
      progress: sql`(n % 21) * 5`,
      completed: sql`n % 4 = 1`,
      recipient,
      step: '1 hour',
    });
    // Assigned and accepted, as the delegation routes leave them.
    await sql`
      insert into task_recipients (task_id, email, user_id, accepted_at, created_at)
      select t.id, u.email, t.recipient_id, t.created_at, t.created_at
      from tasks t join users u on u.id = t.recipient_id
      where t.owner_id in (select id from (${owners}) as o) and t.recipient_id is not null`.execute(db);
    tasksMs += performance.now() - started;
    started = performance.now();
    await insertTalk(
      db,
      sql`select t.id, row_number() over (order by t.id) as n, t.owner_id as author_id, t.owner_email as author_email
          from tasks t where t.owner_id in (select id from (${owners}) as o)`,
      words,
    );
    talkMs += performance.now() - started;
    if (Math.floor(to / 2_000) > Math.floor(from / 2_000) || to === people)
      console.log(
        `  ${to - 1} of ${people - 1} people written, ${((performance.now() - began) / 1000).toFixed(0)} s`,
      );
  }
  const settling = performance.now();
  await settle(db);
  const settleMs = performance.now() - settling;
  const s = (ms: number) => `${(ms / 1000).toFixed(0)} s`;
  console.log(
    `Generated in ${s(performance.now() - began)}: tasks and deliveries ${s(tasksMs)}, notes and comments ` +
      `${s(talkMs)} (their triggers rewrite each task's search text), vacuum analyze and checkpoint ${s(settleMs)}`,
  );
}

async function main() {
  // A million rows belong to no shared server: the bench's own embedded Postgres, removed at the end.
  delete process.env.DATABASE_URL;
  const server = await startServer();
  const db = serviceDatabase(server.databaseUrl, 'baton_tasks', 4);
  try {
    const user = await signUp((path, init) => fetch(`${server.base}${path}`, init));
    const words = vocabulary();
    await insertWordyTasks(db, user, taskCount, words);
    await settle(db);
    const [settings] = (
      await sql<{ version: string; shared_buffers: string; work_mem: string; max_connections: string }>`
        select current_setting('server_version') as version, current_setting('shared_buffers') as shared_buffers,
               current_setting('work_mem') as work_mem, current_setting('max_connections') as max_connections`.execute(
        db,
      )
    ).rows;
    console.log(
      `Baton gateway at ${server.base}, its own embedded Postgres ${settings?.version} (shared_buffers ` +
        `${settings?.shared_buffers}, work_mem ${settings?.work_mem}, max_connections ${settings?.max_connections}), ` +
        `node ${process.version}; ${seconds} s a run`,
    );

    const headers = { 'content-type': 'application/json', authorization: `Bearer ${user.access}` };
    const listUrl = `${server.base}/api/tasks/personal/`;
    const { cursor, pagesWalked } = await deepCursor(listUrl, headers, user.email, taskCount);
    // A word in about one task of a hundred (the 300th of 5,000 by frequency), or BENCH_MILLION_QUERY.
    const q = process.env.BENCH_MILLION_QUERY ?? (words[300] as string);
    const page = (at?: string) => ({
      named: true,
      request: { url: listUrl, method: 'POST' as const, headers, body: pageBody(user.email, at) },
      statement: async () =>
        pageQuery(
          db as never,
          'personal',
          user.id,
          taskPageRequest.parse({ folder: 'none', sort: 'newest', cursor: at }),
        ).query,
    });
    const routes: Route[] = [
      { label: 'first page', ...page() },
      { label: `page ${pagesWalked + 1}`, ...page(cursor) },
      {
        label: 'summary',
        request: { url: `${server.base}/api/tasks/summary/`, headers },
        statement: async () => summaryQuery(user.id).compile(db),
        named: true,
      },
      {
        label: `search "${q}"`,
        request: { url: `${server.base}/api/search/?q=${encodeURIComponent(q)}`, headers },
        statement: () => searchStatementFor(db, user.id, q),
        named: false,
      },
    ];
    // The search's results, and the tasks its words (fixes and prefix included) match: the person's, those of
    // the person's partition of task_search (whose GIN entries the search walks before it keeps the person's),
    // and everyone's.
    const reach = async () => {
      const results = (
        (await (await fetch(routes[3]?.request.url ?? '', { headers })).json()) as { results: unknown[] }
      ).results.length;
      const [matched] = (
        await sql<{ mine: string; partition: string; everyone: string }>`
          select count(*) filter (where s.person_id = ${user.id}) as mine,
                 count(*) filter (where s.tableoid = own.tableoid) as partition, count(*) as everyone
          from task_search s, (select fuzzy from search_queries(${q})) as q,
               (select tableoid from task_search where person_id = ${user.id} limit 1) as own
          where s.search_doc @@ q.fuzzy`.execute(db)
      ).rows;
      return (
        `search "${q}": ${results} results; its words are in ${matched?.mine} of the person's tasks, ` +
        `${matched?.partition} of their partition's, ${matched?.everyone} of all`
      );
    };

    console.log(`\nPhase 1: one person, ${taskCount.toLocaleString('en')} tasks (${await reach()})`);
    await printSizes(db, 'baton_tasks');
    const alone = await measure(routes);
    await explainAll(db, routes, false);

    console.log(
      `\nPhase 2: ${people.toLocaleString('en')} people, ${perOther} tasks each besides the person's ` +
        `(${(taskCount + perOther * (people - 1)).toLocaleString('en')} tasks)`,
    );
    await generate(db, words, user.id);
    await printSizes(db, 'baton_tasks');
    console.log(`(${await reach()})`);
    const among = await measure(
      routes,
      alone.map((f) => Math.max(1, Math.floor(f.full / 2))),
    );
    await explainAll(db, routes, true);

    console.log(
      `\nAt the same half-load rates, ${people.toLocaleString('en')} people against one (within 2x?):`,
    );
    for (const [i, route] of routes.entries()) {
      const [a, b] = [alone[i], among[i]];
      if (!a || !b) continue;
      const ratio = (x: number, y: number) => (x > 0 ? y / x : Number.NaN);
      const within = ratio(a.p50, b.p50) <= 2 && ratio(a.p99, b.p99) <= 2;
      console.log(
        `  ${route.label.padEnd(22)} ${String(Math.floor(a.full / 2)).padStart(5)} req/s  ` +
          `p50 ${a.p50.toFixed(1)} -> ${b.p50.toFixed(1)} ms (x${ratio(a.p50, b.p50).toFixed(2)})  ` +
          `p99 ${a.p99.toFixed(1)} -> ${b.p99.toFixed(1)} ms (x${ratio(a.p99, b.p99).toFixed(2)})  ` +
          `full load ${a.full.toFixed(0)} -> ${b.full.toFixed(0)} req/s  ${within ? 'within 2x' : 'NOT within 2x'}`,
      );
    }
  } finally {
    await db.destroy();
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
