import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

export const migrations: Record<string, Migration> = {
  '2026-11-23T09:00_files_init': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('uploads')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('owner_id', 'uuid', (c) => c.notNull())
        .addColumn('filename', 'text', (c) => c.notNull())
        .addColumn('declared_type', 'text', (c) => c.notNull())
        .addColumn('content_type', 'text')
        .addColumn('size', 'bigint')
        .addColumn('state', 'text', (c) =>
          c.notNull().check(sql`state in ('pending', 'stored', 'attached', 'deleted')`),
        )
        .addColumn('ref_kind', 'text', (c) => c.check(sql`ref_kind in ('task', 'folder')`))
        .addColumn('ref_id', 'uuid')
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('stored_at', 'timestamptz')
        .addColumn('attached_at', 'timestamptz')
        .addColumn('deleted_at', 'timestamptz')
        .addCheckConstraint('uploads_attached_has_ref', sql`(state = 'attached') = (ref_id is not null)`)
        .execute();
      // The sweeper: unclaimed uploads, oldest first.
      await db.schema
        .createIndex('uploads_unclaimed')
        .on('uploads')
        .columns(['created_at'])
        .where(sql.ref('state'), 'in', sql`('pending', 'stored')`)
        .execute();
      await db.schema.createIndex('uploads_owner').on('uploads').column('owner_id').execute();
      await db.schema.createIndex('uploads_ref').on('uploads').columns(['ref_kind', 'ref_id']).execute();
      await db.schema
        .createTable('erased_users')
        .addColumn('id', 'uuid', (c) => c.primaryKey())
        .execute();
    },
  },
  '2026-11-25T23:00_files_declared_size': {
    async up(db: Kysely<any>) {
      // What an upload under way counts against its owner's quota until its bytes are stored.
      await db.schema.alterTable('uploads').addColumn('declared_size', 'bigint').execute();
    },
  },
};
