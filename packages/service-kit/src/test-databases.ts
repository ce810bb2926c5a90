import { createHash } from 'node:crypto';
import { databaseServerUrl, uniqueDatabaseName, whileInUse } from '@baton/test-kit';
import type { Migration } from 'kysely/migration';
import pg from 'pg';
import { kitMigrations, openDatabase } from './db';
import { createLogger } from './logger';

const templates = new Map<string, Promise<string>>();

/** A connection of its own: it holds a session's advisory lock while the template is migrated. */
async function withAdmin<T>(run: (admin: pg.Client) => Promise<T>) {
  const admin = new pg.Client({ connectionString: databaseServerUrl() });
  await admin.connect();
  try {
    return await run(admin);
  } finally {
    await admin.end();
  }
}

/**
 * The template database of a set of migrations, built once per test server by whichever test file needs it
 * first (an advisory lock keeps the others waiting): migrated under a temporary name, then renamed, so a
 * template that exists is complete. Its name holds a hash of the migrations' names and code: a new or changed
 * migration makes a new template.
 */
function templateFor(service: string, migrations: Record<string, Migration>) {
  // Names and code: a migration edited while it is being written makes a new template too.
  const source = [...Object.entries(kitMigrations), ...Object.entries(migrations)]
    .map(([name, migration]) => `${name}\n${String(migration.up)}`)
    .join('\n');
  const template = `baton_template_${service}_${createHash('sha256').update(source).digest('hex').slice(0, 12)}`;
  const known = templates.get(template);
  if (known) return known;
  const built = withAdmin(async (admin) => {
    await admin.query('select pg_advisory_lock(hashtext($1))', [template]);
    try {
      const found = await admin.query('select 1 from pg_database where datname = $1', [template]);
      if (found.rowCount) return template;
      const building = uniqueDatabaseName(`${service}_template`);
      const logger = createLogger({ name: 'test-template', level: 'warn' });
      const db = await openDatabase({ url: databaseServerUrl(), database: building, migrations, logger });
      await db.destroy();
      await whileInUse(`alter database "${building}" rename to "${template}"`);
      return template;
    } finally {
      await admin.query('select pg_advisory_unlock(hashtext($1))', [template]);
    }
  });
  templates.set(template, built);
  return built;
}

/**
 * A database of its own for a test, with the kit's and the service's migrations already applied: a copy of
 * a template (a few hundred milliseconds) instead of running every migration again (seconds for tasks).
 * The service's `openDatabase` then finds nothing left to migrate.
 */
export async function migratedTestDatabase(service: string, migrations: Record<string, Migration>) {
  const template = await templateFor(service, migrations);
  const name = uniqueDatabaseName(service);
  // FILE_COPY copies the template's files as they are: half the server's CPU of WAL_LOG's page by page
  // (88 against 172 ms a copy of tasks' template on the CI machine), for a database nobody replicates.
  await whileInUse(`create database "${name}" template "${template}" strategy file_copy`);
  return name;
}
