import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { databaseServerUrl, dropDatabase, uniqueDatabaseName } from '@baton/test-kit';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { databaseUrl } from './db';

const child = fileURLToPath(new URL('./in-process-crash.child.ts', import.meta.url));
const database = uniqueDatabaseName('crash');
afterAll(() => dropDatabase(database));

/** Runs the child until it prints a line matching `until`; SIGKILLs it there when `kill` is set. */
function run(mode: 'hang' | 'resume', until: RegExp, kill: boolean) {
  return new Promise<string>((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', child], {
      env: { ...process.env, DATABASE_URL: databaseServerUrl(), CRASH_DATABASE: database, CRASH_MODE: mode },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      reject(new Error(`child (${mode}) did not print ${until}: ${out}`));
    }, 30_000);
    proc.stdout.on('data', (d) => {
      out += String(d);
      if (!until.test(out)) return;
      clearTimeout(timer);
      if (kill) proc.kill('SIGKILL');
      proc.once('exit', () => resolve(out));
    });
  });
}

it('the single process, killed between publishing an event and handling it, handles it after restart, once', async () => {
  const hung = await run('hang', /handling (\S+)/, true);
  const eventId = /handling (\S+)/.exec(hung)?.[1];
  await run('resume', /drained/, false);

  const client = new pg.Client({ connectionString: databaseUrl(databaseServerUrl(), database) });
  await client.connect();
  const effects = (await client.query('select event_id from crash_effects')).rows;
  const outbox = (await client.query('select count(*)::int as n from kit_outbox')).rows[0];
  await client.end();
  expect(effects).toEqual([{ event_id: eventId }]);
  expect(outbox.n).toBe(0);
}, 60_000);
