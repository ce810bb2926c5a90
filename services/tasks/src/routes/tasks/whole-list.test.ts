import { randomUUID } from 'node:crypto';
import { routes, type Task, taskListResponse, taskPageResponse } from '@baton/contracts';
import { capturingLogger } from '@baton/service-kit/testing';
import { readJson, type SignedUpUser } from '@baton/test-kit';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TaskKind } from '../../db/schema';
import { useTestTasks } from '../../testing';
import { selectTaskJson, tasksAnswer } from './tasks.repository';

/**
 * The whole list (SPEC §7, no `page`), streamed from a Postgres cursor: the same answer as the list built
 * whole, written a batch at a time while the cursor is still open.
 */
const log = capturingLogger('tasks');
const env = useTestTasks({ logger: log.logger });

const paths = {
  personal: routes.personalTasks.path,
  assign: routes.assignedTasks.path,
  invite: routes.invitedTasks.path,
} satisfies Record<TaskKind, string>;

const decode = (chunk: Uint8Array | undefined) => new TextDecoder().decode(chunk);

/** `count` personal tasks of `who`, written straight into the table: some done, some filed, many created at once. */
async function seedTasks(who: SignedUpUser, count: number, folderId: string | null = null) {
  await sql`
    insert into tasks (owner_id, owner_email, kind, title, description, due_date, priority, progress,
                       completed, completed_at, created_at, folder_id)
    select ${who.id}::uuid, ${who.email}, 'personal', 'Task ' || n, 'About ' || n,
           case when n % 4 = 0 then null else '2026-12-' || lpad((1 + n % 28)::text, 2, '0') end,
           (array['Immediate', 'Moderate', 'Lenient'])[1 + n % 3], (n % 21) * 5,
           n % 7 = 0, case when n % 7 = 0 then timestamptz '2026-03-01' + (n % 11) * interval '1 hour' end,
           -- Ten tasks share each creation time: the order falls back to their ids.
           timestamptz '2026-01-01' + (n / 10) * interval '1 minute',
           case when n % 5 = 0 then ${folderId}::uuid end
    from generate_series(1, ${count}) as n`.execute(env.t.db);
}

/** The list as it was built before it streamed: one statement, every row, joined whole (the old route). */
async function builtWhole(kind: TaskKind, who: SignedUpUser) {
  const rows = await selectTaskJson(env.t.db, who.id)
    .where('t.kind', '=', kind)
    .where((eb) =>
      kind === 'personal'
        ? eb('t.owner_id', '=', who.id)
        : eb.or([eb('t.owner_id', '=', who.id), eb('r.user_id', '=', who.id)]),
    )
    .execute();
  return tasksAnswer(rows.map((row) => row.task));
}

const wholeList = (kind: TaskKind, who: SignedUpUser) =>
  env.t.post(paths[kind], { userEmail: who.email }, who.access);

/** Every page of each side and tab of a list, 100 tasks at a time. */
async function everyPage(kind: TaskKind, who: SignedUpUser) {
  const seen: Task[] = [];
  const sides = kind === 'personal' ? [undefined] : ['owner', 'recipient'];
  for (const side of sides)
    for (const tab of ['due', 'completed']) {
      let cursor: string | undefined;
      do {
        const page = { side, tab, limit: 100, cursor };
        const res = await env.t.post(paths[kind], { userEmail: who.email, page }, who.access);
        const got = taskPageResponse.parse(await readJson(res));
        seen.push(...got.tasks);
        cursor = got.next ?? undefined;
      } while (cursor);
    }
  return seen;
}

const byId = (tasks: Task[]) => [...tasks].sort((a, b) => a.id.localeCompare(b.id));

/** The cursors of whole lists open in tasks' database: a session holding one between two batches. */
const openCursors = async () => {
  const { rows } = await sql<{ pid: number }>`
    select pid from pg_stat_activity
     where datname = current_database() and state = 'idle in transaction'
       and query like 'fetch % from whole_list'`.execute(env.t.db);
  return rows.map((row) => row.pid);
};

/** Reads the rest of a body, counting its chunks. */
async function readRest(reader: ReadableStreamDefaultReader<Uint8Array>) {
  let text = '';
  let chunks = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    text += decode(read.value);
    chunks += 1;
  }
  return { text, chunks };
}

describe('the whole list, streamed', () => {
  let ana: SignedUpUser;
  let ben: SignedUpUser;
  let carl: SignedUpUser;
  beforeAll(async () => {
    [ana, ben, carl] = [
      await env.t.person({ firstname: 'Ana' }),
      await env.t.person({ firstname: 'Ben' }),
      await env.t.person({ firstname: 'Carl' }),
    ];
    const folder = randomUUID();
    await env.t.db
      .insertInto('folders')
      .values({ id: folder, owner_id: ana.id, name: 'Home', color: '#ff8800' })
      .execute();
    await seedTasks(ana, 300, folder);
    // Both sides of both delegated lists, accepted and pending.
    await env.t.delegated(ana, ben, { role: 'assign' });
    await env.t.delegated(ana, ben, { role: 'assign', accepted: false });
    await env.t.delegated(ben, ana, { role: 'assign' });
    await env.t.delegated(ana, ben, { role: 'invite' });
    await env.t.delegated(ben, ana, { role: 'invite', accepted: false });
    // A stranger to Ana: his own tasks, and tasks he gives Ben.
    await seedTasks(carl, 40);
    await env.t.delegated(carl, ben, { role: 'assign' });
    await env.t.delegated(carl, ben, { role: 'invite' });
  }, 60_000);

  it('is the list built whole, byte for byte, for each list', async () => {
    const sizes = { personal: 300, assign: 3, invite: 2 };
    for (const kind of ['personal', 'assign', 'invite'] as const) {
      const res = await wholeList(kind, ana);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json');
      const text = await res.text();
      expect(text, kind).toBe(await builtWhole(kind, ana));
      expect(taskListResponse.parse(JSON.parse(text)).tasks).toHaveLength(sizes[kind]);
    }
  });

  it('holds what its pages hold, each task once', async () => {
    for (const kind of ['personal', 'assign', 'invite'] as const) {
      const whole = taskListResponse.parse(await readJson(wholeList(kind, ana))).tasks;
      expect(byId(await everyPage(kind, ana)), kind).toEqual(byId(whole));
    }
  });

  it("never holds a stranger's tasks", async () => {
    const carls = await env.t.db.selectFrom('tasks').select('id').where('owner_id', '=', carl.id).execute();
    expect(carls.length).toBe(42);
    for (const kind of ['personal', 'assign', 'invite'] as const) {
      const ids = taskListResponse.parse(await readJson(wholeList(kind, ana))).tasks.map((t) => t.id);
      expect(ids.filter((id) => carls.some((c) => c.id === id))).toEqual([]);
    }
    const his = taskListResponse.parse(await readJson(wholeList('personal', carl))).tasks;
    expect(his).toHaveLength(40);
    expect(his.every((t) => t.owner === carl.email)).toBe(true);
  });

  it('is an empty list for a person with no tasks', async () => {
    const nobody = await env.t.person();
    expect(await (await wholeList('personal', nobody)).text()).toBe('{"tasks":[]}');
  });
});

describe('the whole list of 5,000 tasks', () => {
  let dora: SignedUpUser;
  beforeAll(async () => {
    dora = await env.t.person({ firstname: 'Dora' });
    await seedTasks(dora, 5_000);
  });

  it('sends its first tasks while the cursor still holds the rest, then every task, in many chunks', async () => {
    const started = performance.now();
    const res = await wholeList('personal', dora);
    expect(res.status).toBe(200);
    const reader = res.body?.getReader();
    if (!reader) throw new Error('no body');
    const first = decode((await reader.read()).value);
    const firstAt = performance.now() - started;
    // The first chunk is the list's first 100 tasks, and the cursor is open with the rest unread.
    expect(JSON.parse(`${first}]}`).tasks).toHaveLength(100);
    await expect.poll(openCursors).toHaveLength(1);
    const rest = await readRest(reader);
    const total = performance.now() - started;
    const whole = taskListResponse.parse(JSON.parse(first + rest.text));
    expect(whole.tasks).toHaveLength(5_000);
    expect(first + rest.text).toBe(await builtWhole('personal', dora));
    expect(rest.chunks).toBeGreaterThanOrEqual(10);
    // The cursor is closed and its connection back in the pool.
    await expect.poll(openCursors).toEqual([]);
    console.log(
      `whole list of 5,000 tasks: first chunk ${firstAt.toFixed(0)} ms, last ${total.toFixed(0)} ms`,
    );
  });

  it('gives its connection back when the client goes away, however often', async () => {
    // More than the pool's 10 connections: one kept by each would leave none for the last list.
    for (let n = 0; n < 12; n += 1) {
      const reader = (await wholeList('personal', dora)).body?.getReader();
      await reader?.read();
      await reader?.cancel();
    }
    await expect.poll(openCursors).toEqual([]);
    const res = await wholeList('personal', dora);
    expect(taskListResponse.parse(await readJson(res)).tasks).toHaveLength(5_000);
  });

  it('is cut, not ended as a shorter list, when Postgres fails in the middle; the log says why', async () => {
    const res = await wholeList('personal', dora);
    const reader = res.body?.getReader();
    if (!reader) throw new Error('no body');
    await reader.read();
    await expect.poll(openCursors).toHaveLength(1);
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
               where datname = current_database() and query like 'fetch % from whole_list'`.execute(env.t.db);
    await expect(readRest(reader)).rejects.toThrow();
    const logged = log.errors().map((line) => JSON.parse(line).msg);
    expect(logged).toContain('whole list failed while streaming');
    // The pool replaced the broken connection.
    expect(taskListResponse.parse(await readJson(wholeList('personal', dora))).tasks).toHaveLength(5_000);
  });
});
