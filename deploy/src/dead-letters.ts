import { parseArgs } from 'node:util';
import { databaseUrl, type KitTables } from '@baton/service-kit';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';

/**
 * The events a service's consumers gave up on (kit_dead_letters), for operators: list them, and ask the
 * running service to replay some once their cause is fixed (it does within seconds, each once).
 *
 *   npm run dead-letters -- tasks                  list the open ones
 *   npm run dead-letters -- tasks replay <id>…     replay these
 *   npm run dead-letters -- tasks replay --all     replay every open one
 *
 * DATABASE_URL is the server the services use (`npm start`'s embedded Postgres when unset).
 */
export const serviceDatabases: Record<string, string> = {
  tasks: 'baton_tasks',
  folders: 'baton_folders',
  files: process.env.FILES_DATABASE ?? 'baton_files',
  notifications: process.env.NOTIFICATIONS_DATABASE ?? 'baton_notifications',
};

export function openServiceDatabase(serverUrl: string, database: string) {
  return new Kysely<KitTables>({
    dialect: new PostgresDialect({
      pool: new pg.Pool({ connectionString: databaseUrl(serverUrl, database), max: 1 }),
    }),
  });
}

export function openDeadLetters(db: Kysely<KitTables>) {
  return db
    .selectFrom('kit_dead_letters')
    .select([
      'id',
      'consumer',
      'subject',
      'event_id',
      'error',
      'attempts',
      'failed_at',
      'replay_requested_at',
    ])
    .where('replayed_at', 'is', null)
    .orderBy('failed_at')
    .execute();
}

/** Marks open dead letters for replay (`ids`, or all of them); resolves with how many were marked. */
export async function requestReplay(db: Kysely<KitTables>, ids: string[] | 'all') {
  let query = db
    .updateTable('kit_dead_letters')
    .set({ replay_requested_at: new Date() })
    .where('replayed_at', 'is', null);
  if (ids !== 'all') query = query.where('id', 'in', ids);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { all: { type: 'boolean', default: false } },
  });
  const [service, command = 'list', ...ids] = positionals;
  const database = serviceDatabases[service ?? ''];
  if (
    !database ||
    !['list', 'replay'].includes(command) ||
    (command === 'replay' && !values.all && ids.length === 0)
  ) {
    console.error(
      `usage: npm run dead-letters -- <${Object.keys(serviceDatabases).join('|')}> [list | replay <id>… | replay --all]`,
    );
    process.exit(2);
  }
  const server =
    process.env.DATABASE_URL ??
    `postgres://postgres:baton@127.0.0.1:${process.env.BATON_PG_PORT ?? 54329}/postgres`;
  const db = openServiceDatabase(server, database);
  try {
    if (command === 'replay') {
      const marked = await requestReplay(db, values.all ? 'all' : ids);
      console.log(
        `${marked} dead letter(s) of ${service} will be replayed by the running service within seconds.`,
      );
      return;
    }
    const letters = await openDeadLetters(db);
    if (letters.length === 0) console.log(`${service}: no dead letters.`);
    for (const l of letters)
      console.log(
        `${l.id}  ${l.failed_at.toISOString()}  ${l.consumer}  ${l.subject}  event ${l.event_id ?? '-'}  ` +
          `${l.attempts} attempts${l.replay_requested_at ? '  (replay asked)' : ''}\n    ${l.error}`,
      );
  } finally {
    await db.destroy();
  }
}

if (import.meta.url === `file://${process.argv[1]}`)
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
