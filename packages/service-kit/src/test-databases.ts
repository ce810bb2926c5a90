import { createHash } from 'node:crypto';
import { databaseServerUrl, uniqueDatabaseName } from '@baton/test-kit';
import type { Migration } from 'kysely/migration';
import pg from 'pg';
import { kitMigrations, openDatabase } from './db';
import { createLogger } from './logger';

/** Postgres refuses to copy a template while a session is connected to it (55006 object_in_use). */
const objectInUse = '55006';
const templates = new Map<string, Promise<string>>();

async function withAdmin<T>(run: (admin: pg.Client) => Promise<T>) {
  const admin = new pg.Client({ connectionString: databaseServerUrl() });
  await admin.connect();
  try {
    return await run(admin);
  } finally {
    await admin.end();
  }
}

/** Runs `statement`, again while the database it names is still in use (a pool's clients closing late). */
async function whileInUse(admin: pg.Client, statement: string) {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(statement);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== objectInUse || attempt >= 100) throw error;
      await new Promise((r) => setTimeout(r, 50));
    }
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
      await whileInUse(admin, `alter database "${building}" rename to "${template}"`);
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
  await withAdmin((admin) => whileInUse(admin, `create database "${name}" template "${template}"`));
  return name;
}
