import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from '@baton/gateway';
import { createLogger, type Database, openDatabase } from '@baton/service-kit';
import { databaseServerUrl, dropDatabase, uniqueDatabaseName } from '@baton/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDeadLetters, requestReplay } from './dead-letters';

const database = uniqueDatabaseName('letters');
let db: Database<object>;

beforeAll(async () => {
  db = await openDatabase({
    url: databaseServerUrl(),
    database,
    migrations: {},
    logger: createLogger({ name: 't' }),
  });
});
afterAll(async () => {
  await db.destroy();
  await dropDatabase(database);
});

const letter = (error: string) => ({
  consumer: 'tasks-identity',
  subject: 'identity.user.deleted',
  event_id: null,
  payload: JSON.stringify({ id: 'x' }),
  error,
  attempts: 5,
  replay_requested_at: null,
  replayed_at: null,
});

describe('the dead-letters command', () => {
  it('lists the open dead letters, and asks for the replay of some or all', async () => {
    const [a, b] = await db
      .insertInto('kit_dead_letters')
      .values([letter('first cause'), letter('second cause')])
      .returning('id')
      .execute();
    expect((await openDeadLetters(db)).map((l) => l.error)).toEqual(['first cause', 'second cause']);
    expect(await requestReplay(db, [a?.id as string])).toBe(1);
    const marked = await openDeadLetters(db);
    expect(marked.find((l) => l.id === a?.id)?.replay_requested_at).not.toBeNull();
    expect(marked.find((l) => l.id === b?.id)?.replay_requested_at).toBeNull();
    expect(await requestReplay(db, 'all')).toBe(2);
  });

  it('refuses an unknown service or command with its usage', () => {
    const run = spawnSync('npx', ['tsx', join(repoRoot, 'deploy/src/dead-letters.ts'), 'billing'], {
      encoding: 'utf8',
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('usage: npm run dead-letters -- <tasks|folders|files|notifications>');
  });
});
