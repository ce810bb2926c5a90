import { request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { limits, routes } from '@baton/contracts';
import { databaseUrl } from '@baton/service-kit';
import { readJson, signUp } from '@baton/test-kit';
import pg from 'pg';
import { startServer } from './harness';
import { rssOf, watchingMemory } from './memory';

/**
 * Data in and out through the gateway of `npm start`: a Todoist CSV export of 10,000 tasks (BENCH_IMPORT_ROWS)
 * imported (the preview, then the confirm), then every task of that person exported as CSV and as JSON (a
 * tenth of them with two comments, each with a progress note), and again with twice the tasks: the time, the
 * time to the first byte, the bytes, and the app process's peak resident memory over what it held before (an
 * export held whole would add its size, and more, and twice that for twice the tasks).
 *
 *   npm run bench:transfer -w bench
 */
const rows = Number(process.env.BENCH_IMPORT_ROWS ?? limits.importRowsMax);

/** A Todoist export as Todoist writes one: sections between tasks, dates as typed, all four priorities. */
function todoistCsv(count: number, tag = '') {
  const lines = ['TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE'];
  for (let i = 1; i <= count; i += 1) {
    if (i % 100 === 1) lines.push(`section,Section ${Math.ceil(i / 100)}${tag},,,,,,,,`);
    const day = new Date(Date.UTC(2027, 0, 1 + (i % 365))).toISOString().slice(0, 10);
    const description = i % 3 === 0 ? '"Notes, with a comma and ""quotes"", about the work to do."' : '';
    lines.push(
      `task,Task ${i}${tag} @work,${description},${1 + (i % 4)},1,Ana (38211901),,${day},en,Europe/Berlin`,
    );
  }
  return lines.join('\n');
}

async function importFile(base: string, access: string, content: string, confirm: boolean) {
  const body = JSON.stringify({ fileName: 'todoist.csv', content, confirm });
  const started = performance.now();
  const res = await fetch(`${base}${routes.importTasks.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${access}` },
    body,
  });
  const report = await readJson(res);
  if (!res.ok) throw new Error(`import ${res.status}: ${JSON.stringify(report)}`);
  return { ms: performance.now() - started, created: report.created as number, bodyBytes: body.length };
}

/** Downloads an export as sent (no compression asked): its bytes, the first one's time and the last one's. */
function download(url: string, access: string) {
  return new Promise<{ bytes: number; firstMs: number; ms: number }>((resolve, reject) => {
    const started = performance.now();
    let firstMs = 0;
    let bytes = 0;
    const req = request(url, { headers: { authorization: `Bearer ${access}` } }, (res) => {
      if (res.statusCode !== 200) reject(new Error(`export ${res.statusCode}`));
      res.on('data', (chunk: Buffer) => {
        if (bytes === 0) firstMs = performance.now() - started;
        bytes += chunk.length;
      });
      res.on('end', () => resolve({ bytes, firstMs, ms: performance.now() - started }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Comments on a tenth of the person's tasks and a progress note on each, written straight into baton_tasks. */
async function addNotes(url: string, userId: string, email: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl(url, 'baton_tasks'), max: 2 });
  try {
    await pool.query(
      `insert into comments (task_id, author_id, author_email, author_name, content, created_at)
       select t.id, $1, $2, 'Ana', 'A comment, "quoted", on ' || t.title, now() - c * interval '1 minute'
         from (select id, title from tasks where owner_id = $1 order by id limit $3) as t, generate_series(1, 2) as c`,
      [userId, email, Math.ceil(rows / 10)],
    );
    await pool.query(
      `insert into progress_logs (task_id, author_id, author_name, progress, message)
       select id, $1, 'Ana', 50, 'Halfway there' from tasks where owner_id = $1`,
      [userId],
    );
  } finally {
    await pool.end();
  }
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

/** Both exports of the person's `count` tasks, each timed with the app's peak memory. */
async function exports(server: { base: string; group: number }, access: string, count: number) {
  for (const [label, path] of [
    ['export CSV', routes.exportTasksCsv.path],
    ['export JSON', routes.exportTasksJson.path],
  ] as const) {
    const before = rssOf(server.group);
    const { result, peak } = await watchingMemory(server.group, () =>
      download(`${server.base}${path}`, access),
    );
    console.log(
      `${`${label}, ${count} tasks`.padEnd(24)} ${result.ms.toFixed(0)} ms (first byte ${result.firstMs.toFixed(0)} ms), ` +
        `${mb(result.bytes)}; app RSS ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB (+${(peak - before).toFixed(0)} MB)`,
    );
  }
}

async function main() {
  const server = await startServer();
  try {
    const user = await signUp((path, init) => fetch(`${server.base}${path}`, init));
    const warmUp = await signUp((path, init) => fetch(`${server.base}${path}`, init));
    console.log(
      `Baton gateway at ${server.base} (npm start), ${process.env.DATABASE_URL ? 'DATABASE_URL' : 'embedded Postgres'}, node ${process.version}`,
    );
    // Code loaded on first use is not counted: a small import and both exports first, by someone else.
    await importFile(server.base, warmUp.access, todoistCsv(200, ' (warm-up)'), true);
    for (const path of [routes.exportTasksCsv.path, routes.exportTasksJson.path])
      await download(`${server.base}${path}`, warmUp.access);

    const file = todoistCsv(rows);
    const preview = await importFile(server.base, user.access, file, false);
    console.log(
      `import preview, Todoist CSV of ${rows} tasks (${mb(file.length)}, request ${mb(preview.bodyBytes)}): ${preview.ms.toFixed(0)} ms`,
    );
    const done = await importFile(server.base, user.access, file, true);
    if (done.created !== rows) throw new Error(`imported ${done.created} of ${rows}`);
    console.log(`import confirmed, ${done.created} tasks created: ${done.ms.toFixed(0)} ms`);

    await addNotes(server.databaseUrl, user.id, user.email);
    await exports(server, user.access, rows);
    // Twice the tasks: an export that streams takes about the same memory, one held whole twice as much.
    await importFile(server.base, user.access, todoistCsv(rows, ' (again)'), true);
    await exports(server, user.access, 2 * rows);
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
