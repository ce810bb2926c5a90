import { randomUUID } from 'node:crypto';
import { databaseUrl, ensureDatabase } from '@baton/service-kit';
import { databaseServerUrl, dropDatabase, uniqueDatabaseName } from '@baton/test-kit';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { migrations } from '../../db/migrations';
import type { TasksTables } from '../../db/schema';
import { findTasks } from './search.repository';

const slot = '2026-11-29T09:00_tasks_search';
const name = uniqueDatabaseName('tasks_search_migration');
let db: Kysely<TasksTables> | undefined;

afterAll(async () => {
  await db?.destroy();
  await dropDatabase(name);
});

const migrateTo = (upTo: Record<string, (typeof migrations)[string]>) =>
  new Migrator({
    db: db as Kysely<TasksTables>,
    provider: { getMigrations: async () => upTo },
  }).migrateToLatest();

it('indexes the tasks, notes and comments there were before it ran', async () => {
  await ensureDatabase(databaseServerUrl(), name);
  db = new Kysely({
    dialect: new PostgresDialect({
      pool: new pg.Pool({ connectionString: databaseUrl(databaseServerUrl(), name) }),
    }),
  });
  const before = Object.fromEntries(Object.entries(migrations).filter(([key]) => key < slot));
  expect((await migrateTo(before)).error).toBeUndefined();
  const owner = randomUUID();
  const { id } = await db
    .insertInto('tasks')
    .values({
      owner_id: owner,
      owner_email: 'o@example.com',
      kind: 'personal',
      title: 'Old hangar',
      description: '',
      priority: 'Moderate',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('progress_logs')
    .values({
      task_id: id,
      author_id: owner,
      author_name: 'O',
      progress: 10,
      message: 'Ordered the propeller',
    })
    .execute();
  await db
    .insertInto('comments')
    .values({
      task_id: id,
      author_id: owner,
      author_email: 'o@example.com',
      author_name: 'O',
      content: 'Rudder next',
      created_at: new Date(),
    })
    .execute();

  expect((await migrateTo(migrations)).error).toBeUndefined();
  const found = async (text: string) => findTasks(db as Kysely<TasksTables>, owner, text, 5);
  expect((await found('hangar')).map((r) => [r.task_id, r.place])).toEqual([[id, 'title']]);
  expect((await found('propeller')).map((r) => [r.task_id, r.place])).toEqual([[id, 'note']]);
  expect((await found('rudder')).map((r) => [r.task_id, r.place])).toEqual([[id, 'comment']]);
  // Their words are known: a typo finds them.
  expect((await found('propelelr')).map((r) => r.task_id)).toEqual([id]);
  const words = await sql<{ word: string }>`select word from search_words order by word`.execute(db);
  expect(words.rows.map((r) => r.word)).toEqual([
    'hangar',
    'next',
    'old',
    'ordered',
    'propeller',
    'rudder',
    'the',
  ]);
});
