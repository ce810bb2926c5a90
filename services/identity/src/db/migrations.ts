import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

const uuidPk = sql`gen_random_uuid()`;

export const migrations: Record<string, Migration> = {
  '2026-11-21T09:00_identity_init': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuidPk))
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('notification_sound_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('password_changed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      await db.schema
        .createTable('sessions')
        .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuidPk))
        .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('revoked_at', 'timestamptz')
        .addColumn('revoked_reason', 'text')
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
      await db.schema
        .createTable('refresh_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('session_id', 'uuid', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .addColumn('used_at', 'timestamptz')
        .execute();
      await db.schema
        .createIndex('refresh_tokens_session')
        .on('refresh_tokens')
        .column('session_id')
        .execute();
      await db.schema
        .createTable('password_resets')
        .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuidPk))
        .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .addColumn('used_at', 'timestamptz')
        .execute();
      await db.schema.createIndex('password_resets_user').on('password_resets').column('user_id').execute();
      await db.schema
        .createTable('trusted_users')
        .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(uuidPk))
        .addColumn('owner_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('trusted_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addUniqueConstraint('trusted_users_pair', ['owner_id', 'trusted_id'])
        .execute();
      await db.schema.createIndex('trusted_users_trusted').on('trusted_users').column('trusted_id').execute();
      await db.schema
        .createTable('trust_invitations')
        .addColumn('owner_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('invited_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addPrimaryKeyConstraint('trust_invitations_pk', ['owner_id', 'email'])
        .execute();
      await db.schema
        .createIndex('trust_invitations_email')
        .on('trust_invitations')
        .column('email')
        .execute();
      await db.schema
        .createTable('signing_keys')
        .addColumn('kid', 'text', (c) => c.primaryKey())
        .addColumn('private_jwk', 'jsonb', (c) => c.notNull())
        .addColumn('public_jwk', 'jsonb', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
    },
  },
  '2026-11-22T18:30_revocations_and_reuse_grace': {
    async up(db: Kysely<any>) {
      // Outlives the session rows (an account deletion cascades them away), so that a restarted single
      // process can tell its verifiers again which sessions ended within the last hour.
      await db.schema
        .createTable('session_revocations')
        .addColumn('session_id', 'uuid', (c) => c.primaryKey())
        .addColumn('user_id', 'uuid', (c) => c.notNull())
        .addColumn('revoked_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .execute();
      // What a rotation issued, so that the same token presented again within the grace window gets
      // the same pair (the successor refresh token is derived, the access token re-signed identically).
      await db.schema
        .alterTable('refresh_tokens')
        .addColumn('successor_jti', 'uuid')
        .addColumn('successor_iat', 'bigint')
        .execute();
      await db.schema
        .createTable('secrets')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
    },
  },
  '2026-11-23T09:00_identity_secrets_to_kit': {
    async up(db: Kysely<any>) {
      // Server secrets moved to the service kit's table (every service keeps its secrets the same way).
      await sql`insert into kit_secrets (name, value) select name, value from secrets on conflict do nothing`.execute(
        db,
      );
      await db.schema.dropTable('secrets').execute();
    },
  },
  '2026-11-24T07:10_login_throttle': {
    async up(db: Kysely<any>) {
      // Failed sign-ins per account and address (a growing delay), and the addresses an account signed in from.
      await db.schema
        .createTable('login_failures')
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .addColumn('blocked_until', 'timestamptz', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addPrimaryKeyConstraint('login_failures_pk', ['email', 'address'])
        .execute();
      await db.schema
        .createTable('login_addresses')
        .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('last_success_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
        .addPrimaryKeyConstraint('login_addresses_pk', ['user_id', 'address'])
        .execute();
    },
  },
  '2026-11-25T23:50_email_verification': {
    async up(db: Kysely<any>) {
      // Accounts made before sign-up proved the address keep receiving what is sent to them.
      await db.schema.alterTable('users').addColumn('email_verified_at', 'timestamptz').execute();
      await sql`update users set email_verified_at = created_at`.execute(db);
      await db.schema
        .createTable('email_verifications')
        .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
        .execute();
    },
  },
};
