import { randomUUID } from 'node:crypto';
import { databaseUrl, ensureDatabase } from '@baton/service-kit';
import { databaseServerUrl, dropDatabase, uniqueDatabaseName } from '@baton/test-kit';
import fc from 'fast-check';
import { type Expression, type ExpressionBuilder, Kysely, PostgresDialect, type SqlBool, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { TasksDb } from '../context';
import { useTestTasks } from '../testing';
import { migrations } from './migrations';
import type { NewTask, TasksTables } from './schema';

const env = useTestTasks();

/**
 * The counts as task_summary_counts holds them, and as counting the tasks gives them (each task once for its
 * owner, and once for its recipient when someone else), zero rows left out.
 */
async function bothCounts(db: Kysely<TasksTables> = env.t.db) {
  const kept = await sql<{ key: string; n: string }>`
    select concat_ws(' ', person_id, kind, recipient, status) as key, n::text as n
      from task_summary_counts where n <> 0 order by key`.execute(db);
  const counted = await sql<{ key: string; n: string }>`
    select concat_ws(' ', person_id, kind, recipient, status) as key, count(*)::text as n from (
      select owner_id as person_id, kind, recipient_id is not distinct from owner_id as recipient, completed, progress
        from tasks
      union all
      select recipient_id, kind, true, completed, progress from tasks
        where recipient_id is not null and recipient_id <> owner_id
    ) as people
    cross join lateral (select case when completed then 'completed' when progress > 0 then 'in_progress'
                                    else 'not_started' end as status) as s
    group by 1 order by key`.execute(db);
  return { kept: kept.rows, counted: counted.rows };
}

const people = Array.from({ length: 4 }, () => randomUUID());
const kinds = ['personal', 'assign', 'invite'] as const;

const change = fc.oneof(
  fc.record({
    op: fc.constant('insert' as const),
    count: fc.integer({ min: 1, max: 5 }),
    owner: fc.constantFrom(...people),
    // The owner too: the routes refuse it, the counts must not care.
    recipient: fc.constantFrom(null, ...people),
    kind: fc.constantFrom(...kinds),
    completed: fc.boolean(),
    progress: fc.constantFrom(0, 40),
  }),
  fc.record({
    op: fc.constant('complete' as const),
    owner: fc.constantFrom(...people),
    completed: fc.boolean(),
  }),
  fc.record({
    op: fc.constant('progress' as const),
    recipient: fc.constantFrom(...people),
    progress: fc.constantFrom(0, 10, 100),
  }),
  fc.record({
    op: fc.constant('reassign' as const),
    from: fc.constantFrom(...people),
    to: fc.constantFrom(null, ...people),
  }),
  fc.record({
    op: fc.constant('rekind' as const),
    owner: fc.constantFrom(...people),
    kind: fc.constantFrom(...kinds),
  }),
  fc.record({
    op: fc.constant('give' as const),
    from: fc.constantFrom(...people),
    to: fc.constantFrom(...people),
  }),
  fc.record({ op: fc.constant('retitle' as const), owner: fc.constantFrom(...people) }),
  fc.record({
    op: fc.constant('delete' as const),
    owner: fc.constantFrom(...people),
    kind: fc.constantFrom(...kinds),
  }),
);
type Change = typeof change extends fc.Arbitrary<infer T> ? T : never;

/** The ids a change touches, locked in id order first: only the counters' triggers could deadlock. */
const lockedIds = (
  db: TasksDb,
  where: (eb: ExpressionBuilder<TasksTables, 'tasks'>) => Expression<SqlBool>,
) => db.selectFrom('tasks').select('id').where(where).orderBy('id').forUpdate();

/** One change as one statement over one task or many. */
async function apply(db: TasksDb, c: Change) {
  if (c.op === 'insert') {
    const rows: NewTask[] = Array.from({ length: c.count }, (_, i) => ({
      owner_id: c.owner,
      owner_email: 'owner@example.com',
      kind: c.kind,
      title: `t${i}`,
      description: '',
      due_date: null,
      priority: 'Moderate',
      progress: c.progress,
      completed: c.completed,
      completed_at: c.completed ? new Date() : null,
      folder_id: null,
      attachment_key: null,
      attachment_url: null,
      attachment_name: null,
      attachment_type: null,
      attachment_size: null,
      recipient_id: c.kind === 'personal' ? null : c.recipient,
    }));
    await db.insertInto('tasks').values(rows).execute();
    return;
  }
  if (c.op === 'delete') {
    const ids = lockedIds(db, (eb) => eb.and([eb('owner_id', '=', c.owner), eb('kind', '=', c.kind)]));
    await db.deleteFrom('tasks').where('id', 'in', ids).execute();
    return;
  }
  const [set, where] =
    c.op === 'complete'
      ? [{ completed: c.completed, completed_at: c.completed ? new Date() : null }, { owner_id: c.owner }]
      : c.op === 'progress'
        ? [{ progress: c.progress }, { recipient_id: c.recipient }]
        : c.op === 'reassign'
          ? [{ recipient_id: c.to }, { recipient_id: c.from }]
          : c.op === 'rekind'
            ? [{ kind: c.kind }, { owner_id: c.owner }]
            : c.op === 'give'
              ? [{ owner_id: c.to }, { owner_id: c.from }]
              : [{ title: 'renamed' }, { owner_id: c.owner }];
  const ids = lockedIds(db, (eb) => eb.and(where));
  await db.updateTable('tasks').set(set).where('id', 'in', ids).execute();
}

describe('task_summary_counts', () => {
  it('equals counting the tasks after any changes, many at once, with no deadlock', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 12 }), async (changes) => {
        // Side by side, each in its own transaction: the two counters' triggers (side counts, then these) of
        // concurrent statements take their rows in one order.
        await Promise.all(changes.map((c) => env.t.db.transaction().execute((trx) => apply(trx, c))));
        const { kept, counted } = await bothCounts();
        expect(kept).toEqual(counted);
      }),
      { numRuns: 80 },
    );
  }, 120_000);
});

/**
 * task_search as its triggers keep it, and as the tasks give it: each task once for its owner, once for its
 * recipient when someone else, with its words.
 */
async function bothSearchRows() {
  const kept = await sql<{ key: string }>`
    select concat_ws(' ', person_id, task_id, created_us, search_doc) as key from task_search order by key`.execute(
    env.t.db,
  );
  const given = await sql<{ key: string }>`
    select concat_ws(' ', person_id, id, created_us,
                     task_search_doc(title, description, attachment_name, search_talk)) as key from (
      select owner_id as person_id, * from tasks
      union all
      select recipient_id, * from tasks where recipient_id is not null and recipient_id <> owner_id) as people
    order by key`.execute(env.t.db);
  return { kept: kept.rows, given: given.rows };
}

describe('task_search', () => {
  it("holds each person's findable tasks with their words after any changes, many at once", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 12 }), async (changes) => {
        await Promise.all(changes.map((c) => env.t.db.transaction().execute((trx) => apply(trx, c))));
        const { kept, given } = await bothSearchRows();
        expect(kept).toEqual(given);
      }),
      { numRuns: 40 },
    );
  }, 120_000);

  it('writes a task again only when its words or its people change', async () => {
    const owner = randomUUID();
    const { id } = await env.t.db
      .insertInto('tasks')
      .values({
        owner_id: owner,
        owner_email: 'o@example.com',
        kind: 'personal',
        title: 'Kiln',
        description: '',
        priority: 'Moderate',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const version = async () =>
      (
        await sql<{ xmin: string }>`select xmin::text from task_search where task_id = ${id}`.execute(
          env.t.db,
        )
      ).rows;
    const first = await version();
    await env.t.db.updateTable('tasks').set({ progress: 40, completed: true }).where('id', '=', id).execute();
    expect(await version()).toEqual(first);
    await env.t.db.updateTable('tasks').set({ title: 'Kiln fired' }).where('id', '=', id).execute();
    expect(await version()).not.toEqual(first);
  });
});

it('counts the tasks there were before its migration ran', async () => {
  const slot = '2026-11-30T09:00_tasks_summary_counts';
  const name = uniqueDatabaseName('tasks_summary_migration');
  await ensureDatabase(databaseServerUrl(), name);
  const db = new Kysely<TasksTables>({
    dialect: new PostgresDialect({
      pool: new pg.Pool({ connectionString: databaseUrl(databaseServerUrl(), name) }),
    }),
  });
  const migrateTo = (upTo: typeof migrations) =>
    new Migrator({ db, provider: { getMigrations: async () => upTo } }).migrateToLatest();
  try {
    expect(
      (await migrateTo(Object.fromEntries(Object.entries(migrations).filter(([key]) => key < slot)))).error,
    ).toBeUndefined();
    const [ana, ben] = [randomUUID(), randomUUID()];
    const task = (
      owner: string,
      kind: NewTask['kind'],
      recipient: string | null,
      progress: number,
      done: boolean,
    ) => ({
      owner_id: owner,
      owner_email: 'o@example.com',
      kind,
      title: 'Old',
      description: '',
      priority: 'Moderate' as const,
      progress,
      completed: done,
      completed_at: done ? new Date() : null,
      recipient_id: recipient,
    });
    await db
      .insertInto('tasks')
      .values([
        task(ana, 'personal', null, 0, false),
        task(ana, 'personal', null, 30, true),
        task(ana, 'assign', ben, 50, false),
        task(ben, 'invite', ana, 0, false),
        task(ben, 'invite', ben, 10, false),
      ])
      .execute();
    expect((await migrateTo(migrations)).error).toBeUndefined();
    const { kept, counted } = await bothCounts(db);
    expect(kept).toEqual(counted);
    // Ana: 3 own tasks in 3 statuses and kinds, 1 received; Ben: 1 received, 1 own, 1 to himself (counted once).
    expect(kept.length).toBe(7);
  } finally {
    await db.destroy();
    await dropDatabase(name);
  }
});
