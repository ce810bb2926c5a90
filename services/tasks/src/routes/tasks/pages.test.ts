import { randomUUID } from 'node:crypto';
import { type Task, taskPageResponse } from '@baton/contracts';
import { readJson, type SignedUpUser } from '@baton/test-kit';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestTasks } from '../../testing';

const env = useTestTasks();
const says = {
  cursor: 'This list position is not valid: load the list again.',
  size: 'Page size must be a whole number from 1 to 100.',
};
const priorities = ['Immediate', 'Moderate', 'Lenient'] as const;

/** `cursor` with its sort key replaced by `key`. */
const withKey = (cursor: string, key: string) =>
  Buffer.from(
    JSON.stringify({ ...JSON.parse(Buffer.from(cursor, 'base64url').toString()), k: key }),
  ).toString('base64url');

type Page = { side?: string; folder?: string; tab?: string; sort?: string; limit?: unknown; cursor?: string };

async function page(path: string, who: SignedUpUser, options: Page) {
  const res = await env.t.post(path, { userEmail: who.email, page: options }, who.access);
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
  return taskPageResponse.parse(await readJson(res));
}

/** Every page of a list, `limit` at a time, with `between(n)` run after page n. */
async function allPages(
  path: string,
  who: SignedUpUser,
  options: Page,
  between: (n: number, seen: Task[]) => Promise<void> = async () => {},
) {
  const seen: Task[] = [];
  let cursor: string | undefined;
  for (let n = 0; n < 500; n += 1) {
    const got = await page(path, who, { ...options, cursor });
    seen.push(...got.tasks);
    if (!got.next) return seen;
    cursor = got.next;
    await between(n, seen);
  }
  throw new Error('no last page');
}

/** The orders of SPEC §2, written out here rather than read from the service. */
const priorityRank = { Immediate: 0, Moderate: 1, Lenient: 2 } as const;
const newestFirst = (a: Task, b: Task) => b.created_at.localeCompare(a.created_at);
const expected = {
  newest: newestFirst,
  priority: (a: Task, b: Task) => priorityRank[a.priority] - priorityRank[b.priority] || newestFirst(a, b),
  due: (a: Task, b: Task) =>
    a.dueDate === b.dueDate
      ? newestFirst(a, b)
      : !a.dueDate
        ? 1
        : !b.dueDate
          ? -1
          : a.dueDate.localeCompare(b.dueDate),
};

let ana: SignedUpUser;
let ben: SignedUpUser;
beforeAll(async () => {
  ana = await env.t.person({ firstname: 'Ana' });
  ben = await env.t.person({ firstname: 'Ben' });
});

/** `count` personal tasks for `who`, priorities and due dates cycling (every fourth without a due date). */
async function personalTasks(who: SignedUpUser, count: number, title = 'Task') {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const form = {
      title: `${title} ${i}`,
      priority: priorities[i % 3],
      dueDate: i % 4 === 3 ? undefined : `2026-12-${String(1 + (i % 5)).padStart(2, '0')}`,
    };
    const res = await env.t.post(
      '/create_list',
      { ...form, dueDate: form.dueDate ?? '2026-12-31' },
      who.access,
    );
    expect(res.status).toBe(201);
    const { id } = await readJson(res);
    if (!form.dueDate)
      await env.t.db.updateTable('tasks').set({ due_date: null }).where('id', '=', id).execute();
    ids.push(id);
  }
  return ids;
}

describe('paged lists', () => {
  it('pages through every sort in its order, each task once; the counts say how many each tab holds', async () => {
    const who = await env.t.person();
    const ids = await personalTasks(who, 23);
    for (const id of ids.slice(0, 4))
      expect((await env.t.post(`/completed/${id}`, { completed: true }, who.access)).status).toBe(200);
    const everything = (
      await readJson(env.t.post('/api/tasks/personal/', { userEmail: who.email }, who.access))
    ).tasks as Task[];
    const open = everything.filter((t) => !t.completed);
    for (const sort of ['newest', 'priority', 'due'] as const) {
      const paged = await allPages('/api/tasks/personal/', who, { folder: 'none', sort, limit: 4 });
      expect(
        paged.map((t) => t.title),
        sort,
      ).toEqual([...open].sort(expected[sort]).map((t) => t.title));
    }
    const done = await allPages('/api/tasks/personal/', who, { folder: 'none', tab: 'completed', limit: 3 });
    expect(done.map((t) => t.id)).toEqual(
      everything
        .filter((t) => t.completed)
        .sort((a, b) => (b.completedAt ?? '').localeCompare(a.completedAt ?? ''))
        .map((t) => t.id),
    );
    const first = await page('/api/tasks/personal/', who, { folder: 'none' });
    expect(first.counts).toEqual({ due: 19, completed: 4 });
    expect(first.tasks).toHaveLength(19);
    expect(first.next).toBeNull();
    // Later pages leave the counting to the first.
    const head = await page('/api/tasks/personal/', who, { folder: 'none', limit: 4 });
    expect(head.counts).toEqual({ due: 19, completed: 4 });
    const next = await page('/api/tasks/personal/', who, {
      folder: 'none',
      limit: 4,
      cursor: head.next ?? '',
    });
    expect(next.counts).toBeNull();
  });

  it('tasks with equal sort keys (same time, priority and date) are neither repeated nor skipped at page edges', async () => {
    const who = await env.t.person();
    const ids = await personalTasks(who, 12, 'Same');
    // One instant, one priority, one date: only the id tells them apart.
    await env.t.db
      .updateTable('tasks')
      .set({ created_at: new Date('2026-11-01T10:00:00.123Z'), priority: 'Moderate', due_date: '2026-12-02' })
      .where('id', 'in', ids)
      .execute();
    for (const sort of ['newest', 'priority', 'due'] as const) {
      for (const limit of [1, 5, 11]) {
        const paged = await allPages('/api/tasks/personal/', who, { folder: 'none', sort, limit });
        expect(paged.map((t) => t.id).sort(), `${sort} by ${limit}`).toEqual([...ids].sort());
      }
    }
  });

  it('changes between pages neither repeat nor skip the tasks that stayed (added, completed, deleted)', async () => {
    const who = await env.t.person();
    await personalTasks(who, 30, 'Stay');
    const added: string[] = [];
    const gone = new Set<string>();
    for (const sort of ['newest', 'priority', 'due'] as const) {
      const before = (await allPages('/api/tasks/personal/', who, { folder: 'none', sort, limit: 50 })).map(
        (t) => t.id,
      );
      const seen = await allPages(
        '/api/tasks/personal/',
        who,
        { folder: 'none', sort, limit: 4 },
        async (n, shown) => {
          // One new task, and two not shown yet (further down): one completed, one deleted.
          const [id] = await personalTasks(who, 1, `New ${sort} ${n}`);
          added.push(id as string);
          const unseen = before.filter((x) => !gone.has(x) && !shown.some((t) => t.id === x));
          const [complete, remove] = [unseen[1], unseen[3]];
          if (complete) {
            await env.t.post(`/completed/${complete}`, { completed: true }, who.access);
            gone.add(complete);
          }
          if (remove) {
            await env.t.post(`/delete_list/${remove}`, { id: remove }, who.access);
            gone.add(remove);
          }
        },
      );
      const ids = seen.map((t) => t.id);
      expect(new Set(ids).size, `${sort}: no task twice`).toBe(ids.length);
      const stayed = before.filter((id) => !gone.has(id));
      expect(
        stayed.filter((id) => !ids.includes(id)),
        `${sort}: none skipped`,
      ).toEqual([]);
      expect(
        ids.filter((id) => gone.has(id)),
        `${sort}: none completed or deleted meanwhile`,
      ).toEqual([]);
    }
    expect(added.length).toBeGreaterThan(0);
  });

  it('scopes a page to a folder, or to the unfiled tasks', async () => {
    const who = await env.t.person();
    const ids = await personalTasks(who, 5, 'Filed');
    const folderId = randomUUID();
    await env.t.db
      .insertInto('folders')
      .values({ id: folderId, owner_id: who.id, name: 'Work', color: null })
      .execute();
    await env.t.db
      .updateTable('tasks')
      .set({ folder_id: folderId })
      .where('id', 'in', ids.slice(0, 2))
      .execute();
    const filed = await page('/api/tasks/personal/', who, { folder: folderId });
    expect(filed.tasks.map((t) => t.id).sort()).toEqual(ids.slice(0, 2).sort());
    expect(filed.counts).toEqual({ due: 2, completed: 0 });
    const unfiled = await page('/api/tasks/personal/', who, { folder: 'none' });
    expect(unfiled.tasks.map((t) => t.id).sort()).toEqual(ids.slice(2).sort());
    expect((await page('/api/tasks/personal/', who, {})).counts).toEqual({ due: 5, completed: 0 });
  });

  it('counts the tabs of a list whose tab is empty, and of an empty list', async () => {
    const who = await env.t.person();
    expect(await page('/api/tasks/personal/', who, {})).toEqual({
      tasks: [],
      next: null,
      counts: { due: 0, completed: 0 },
    });
    const [done] = await personalTasks(who, 1);
    expect((await env.t.post(`/completed/${done}`, { completed: true }, who.access)).status).toBe(200);
    const due = await page('/api/tasks/personal/', who, { tab: 'due' });
    expect(due).toEqual({ tasks: [], next: null, counts: { due: 0, completed: 1 } });
    const completed = await page('/api/tasks/personal/', who, { tab: 'completed' });
    expect(completed.tasks.map((t) => t.id)).toEqual([done]);
  });

  it("delegated lists page each side apart: the owner's and the recipient's, a recipient linked at sign-up included", async () => {
    const { t } = env;
    const sent = await t.delegated(ana, ben, { role: 'assign', form: { title: 'To Ben' } });
    const received = await t.delegated(ben, ana, { role: 'assign', form: { title: 'To Ana' } });
    const owner = await page('/get_assigned/', ana, { side: 'owner' });
    const recipient = await page('/get_assigned/', ana, { side: 'recipient' });
    expect(owner.tasks.map((x) => [x.id, x.category])).toEqual([[sent, 'Tasks Delegated - Assigned']]);
    expect(recipient.tasks.map((x) => [x.id, x.category])).toEqual([[received, 'Assigned Tasks']]);
    expect((await page('/get_invited/', ana, { side: 'owner' })).tasks).toEqual([]);
    // An invitation to an address with no account yet: on the recipient's side once they sign up.
    const email = `later.${randomUUID().slice(0, 8)}@example.com`;
    const invite = { title: 'Waiting', dueDate: '2026-12-24', priority: 'Lenient', email };
    const { id } = await readJson(t.post('/send_email/invite_user', invite, ana.access));
    const later = await t.person({ email });
    const theirs = await page('/get_invited/', later, { side: 'recipient' });
    expect(theirs.tasks.map((x) => x.id)).toEqual([id]);
  });

  it.each([
    ['garbage', { cursor: 'not a cursor' }, says.cursor],
    ['too long', { cursor: 'x'.repeat(600) }, says.cursor],
    ['another order', { sort: 'priority', cursor: 'NEWEST' }, says.cursor],
    ['a tampered key', { cursor: 'TAMPERED' }, says.cursor],
    ['a key one past the int8 range', { cursor: 'KEY:9223372036854775808' }, says.cursor],
    ['a key below the int8 range', { cursor: 'KEY:-9223372036854775809' }, says.cursor],
    ['a key of 20 digits', { cursor: 'KEY:12345678901234567890' }, says.cursor],
    ['size 0', { limit: 0 }, says.size],
    ['size 101', { limit: 101 }, says.size],
    ['size 1.5', { limit: 1.5 }, says.size],
    ['size "many"', { limit: 'many' }, says.size],
  ])('refuses %s with 400 and its sentence', async (_name, options, message) => {
    const who = await env.t.person();
    await personalTasks(who, 3);
    const first = await page('/api/tasks/personal/', who, { folder: 'none', limit: 1 });
    const next = first.next as string;
    const cursor = (options as Page).cursor;
    const resolved = {
      ...options,
      cursor:
        cursor === 'NEWEST'
          ? next
          : cursor === 'TAMPERED'
            ? withKey(next, "1' or 1=1")
            : cursor?.startsWith('KEY:')
              ? withKey(next, cursor.slice(4))
              : cursor,
    };
    const res = await env.t.post(
      '/api/tasks/personal/',
      { userEmail: who.email, page: resolved },
      who.access,
    );
    expect(res.status).toBe(400);
    expect((await readJson(res)).message).toBe(message);
  });

  it('takes a key at either end of the int8 range (the page after it is empty or whole)', async () => {
    const who = await env.t.person();
    await personalTasks(who, 2);
    const first = await page('/api/tasks/personal/', who, { folder: 'none', limit: 1 });
    const at = async (key: string) =>
      (
        await page('/api/tasks/personal/', who, {
          folder: 'none',
          cursor: withKey(first.next as string, key),
        })
      ).tasks.length;
    expect(await at('9223372036854775807')).toBe(2);
    expect(await at('-9223372036854775808')).toBe(0);
  });

  it('has an index whose order is each sort: a page needs no sort step (EXPLAIN)', async () => {
    const who = await env.t.person();
    const after = randomUUID();
    const plans = await env.t.db.transaction().execute(async (trx) => {
      // Enough of the person's tasks, analyzed, that sorting them costs more than reading an index in order:
      // with a handful, any index on the person and a sort of the few rows costs the same, and the planner
      // picks either. The table as a whole stays small, so reading it whole is ruled out here; at scale
      // (bench:tasks) the planner rules it out itself.
      await sql`insert into tasks
          (owner_id, owner_email, kind, title, due_date, priority, completed, completed_at, created_at)
        select ${who.id}::uuid, ${who.email}, 'personal', 'Task ' || n, '2026-12-01',
               (array['Immediate', 'Moderate', 'Lenient'])[1 + n % 3], n % 2 = 0,
               case when n % 2 = 0 then now() - n * interval '1 second' end, now() - n * interval '1 minute'
        from generate_series(1, 2000) as n`.execute(trx);
      await sql`analyze tasks`.execute(trx);
      await sql`set local enable_seqscan = off`.execute(trx);
      const plan = async (query: ReturnType<typeof sql>) =>
        (await query.execute(trx)).rows.map((r) => (r as { 'QUERY PLAN': string })['QUERY PLAN']).join('\n');
      const scope = sql`owner_id = ${who.id} and kind = 'personal'
        and folder_key = '00000000-0000-0000-0000-000000000000'`;
      return {
        newest: await plan(sql`explain select id from tasks where ${scope} and completed = false
          and (created_us, id) < (1, ${after}) order by created_us desc, id desc limit 51`),
        priority: await plan(sql`explain select id from tasks where ${scope} and completed = false
          and (sort_priority, id) > (0, ${after}) order by sort_priority, id limit 51`),
        due: await plan(sql`explain select id from tasks where ${scope} and completed = false
          and (sort_due, id) > ('0', ${after}) order by sort_due, id limit 51`),
        completed: await plan(sql`explain select id from tasks where ${scope} and completed = true
          and (completed_us, id) < (1, ${after}) order by completed_us desc, id desc limit 51`),
      };
    });
    for (const [sort, plan] of Object.entries(plans)) {
      expect(plan, sort).toMatch(
        new RegExp(`Index (Only )?Scan.* using tasks_owner_(${sort === 'completed' ? 'done' : sort})`),
      );
      expect(plan, sort).not.toMatch(/Sort/);
    }
  });
});
