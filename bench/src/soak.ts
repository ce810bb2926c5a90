import { readdirSync } from 'node:fs';
import { jsonRequest, readJson } from '@baton/test-kit';
import type WebSocket from 'ws';
import { connect, person, pidOn, rssMiB, setOrigin, startSingle } from './live';

/**
 * Soak: BENCH_SOAK_MINUTES (10) of mixed load on `npm start` (embedded Postgres, in-process bus) by
 * BENCH_SOAK_PEOPLE (20) people, each with their bell and task-list sockets open, who every second list their
 * tasks, every 2 s add a task (and edit every other one), every 5 s assign one to the next person (a push to
 * them) and every minute sign in again. Every 30 s it prints the requests, errors and pushes so far and the
 * app process's resident memory and open file descriptors; at the end the figures after the first minute
 * (warm), at 5 minutes and at the end. Exits 1 if any request failed.
 *
 *   npm run bench:soak -w bench
 */
const minutes = Number(process.env.BENCH_SOAK_MINUTES ?? 10);
const people = Number(process.env.BENCH_SOAK_PEOPLE ?? 20);
const form = { title: 'Soak', description: 'Held under load', dueDate: '2026-12-24', priority: 'Moderate' };

const counts = { requests: 0, errors: 0, pushes: 0 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const openFiles = (pid: number) => readdirSync(`/proc/${pid}/fd`).length;

async function main() {
  const app = await startSingle();
  setOrigin(app.base);
  const pid = pidOn(Number(new URL(app.base).port));
  const users: Awaited<ReturnType<typeof person>>[] = [];
  for (let i = 0; i < people; i++) users.push(await person(app.base));
  const sockets: WebSocket[] = [];
  for (const user of users)
    for (const path of ['/ws/notifications/', '/ws/tasks/'])
      sockets.push(
        await connect(app.base, path, user.access, () => {
          counts.pushes += 1;
        }),
      );

  const call = async (method: string, path: string, token: string, body?: unknown) => {
    counts.requests += 1;
    try {
      const res = await fetch(`${app.base}${path}`, jsonRequest(method, body, token));
      if (!res.ok) {
        counts.errors += 1;
        console.error(`${method} ${path} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
        return undefined;
      }
      return await readJson(res);
    } catch (error) {
      counts.errors += 1;
      console.error(`${method} ${path} failed: ${(error as Error).message}`);
      return undefined;
    }
  };

  const started = Date.now();
  const until = started + minutes * 60_000;
  const every = (ms: number, job: () => Promise<unknown>) =>
    (async () => {
      // Spread the people's schedules over the period.
      await sleep(Math.random() * ms);
      while (Date.now() < until) {
        await job();
        await sleep(ms);
      }
    })();

  const loops = users.flatMap((user, i) => {
    const next = users[(i + 1) % users.length] as Awaited<ReturnType<typeof person>>;
    let edits = 0;
    let lastTask: string | undefined;
    return [
      every(1_000, () =>
        call('POST', '/api/tasks/personal/', user.access, {
          userEmail: user.email,
          page: { folder: 'none', sort: 'newest' },
        }),
      ),
      every(2_000, async () => {
        edits += 1;
        if (lastTask && edits % 2 === 0)
          await call('POST', '/create_list', user.access, { ...form, id: lastTask, title: `Soak ${edits}` });
        else lastTask = (await call('POST', '/create_list', user.access, form))?.id;
      }),
      every(5_000, () =>
        call('POST', '/send_email/assign_user/', user.access, { ...form, email: next.email }),
      ),
      every(60_000, async () => {
        const login = await call('POST', '/login/', '', { email: user.email, password: user.password });
        if (login) user.access = login.tokens.access;
      }),
    ];
  });

  const samples: { at: number; line: string }[] = [];
  const sample = () => {
    const at = (Date.now() - started) / 1000;
    const line =
      `${(at / 60).toFixed(1).padStart(5)} min  ${String(counts.requests).padStart(7)} requests  ` +
      `${counts.errors} errors  ${String(counts.pushes).padStart(6)} pushes  ` +
      `RSS ${rssMiB(pid).toFixed(0)} MiB  ${openFiles(pid)} open files`;
    samples.push({ at, line });
    console.log(line);
  };
  sample();
  const sampler = setInterval(sample, 30_000);
  await Promise.all(loops);
  clearInterval(sampler);
  sample();
  for (const socket of sockets) socket.close();
  await app.stop();

  const near = (seconds: number) =>
    samples.reduce((best, s) => (Math.abs(s.at - seconds) < Math.abs(best.at - seconds) ? s : best));
  console.log(`\nSoak of ${minutes} min, ${people} people, ${sockets.length} sockets:`);
  for (const [label, seconds] of [
    ['warm (1 min)', 60],
    ['5 min', 300],
    [`end (${minutes} min)`, minutes * 60],
  ] as const)
    console.log(`  ${label.padEnd(14)} ${near(seconds).line}`);
  if (counts.errors > 0) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
