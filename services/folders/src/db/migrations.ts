import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

export const migrations: Record<string, Migration> = {
  '2026-11-23T10:00_folders_init': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('folders')
        .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
        .addColumn('owner_id', 'uuid', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('color', 'text')
        .addColumn('base_file_key', 'text')
        .addColumn('base_file_label', 'text')
        .addColumn('base_file_url', 'text')
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_archived', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema
        .createIndex('folders_owner_order')
        .on('folders')
        .columns(['owner_id', 'is_archived', 'sort_order', 'created_at'])
        .execute();
      await db.schema
        .createTable('tasks')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .addColumn('owner_id', 'uuid', (c) => c.notNull())
        .addColumn('folder_id', 'uuid')
        .addColumn('completed', 'boolean', (c) => c.notNull().defaultTo(false))
        .addColumn('folder_changed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`'-infinity'`))
        .execute();
      await db.schema.createIndex('tasks_folder').on('tasks').column('folder_id').execute();
      await db.schema
        .createTable('erased_users')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .execute();
    },
  },
};
