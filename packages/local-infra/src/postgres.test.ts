import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@baton/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'baton-pg-exit-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A process that starts and stops embedded Postgres, then ends with `exitCode`; returns its real exit status. */
async function runChild(exitCode: number) {
  const script = `
    import { startEmbeddedPostgres } from ${JSON.stringify(join(import.meta.dirname, 'postgres.ts'))};
    const pg = await startEmbeddedPostgres({ dataDir: ${JSON.stringify(join(dir, 'data'))}, port: ${await freePort()} });
    await pg.stop();
    process.exitCode = ${exitCode};
  `;
  return spawnSync('npx', ['tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
    timeout: 90_000,
  });
}

describe('embedded Postgres and the exit code', () => {
  it('leaves the exit code of a passing run at 0 (no crash in an exit hook)', async () => {
    const child = await runChild(0);
    expect(child.stderr).not.toContain('done is not a function');
    expect(child.status).toBe(0);
  }, 120_000);

  it('keeps a failing run failing (no exit hook turns it into 0)', async () => {
    expect((await runChild(3)).status).toBe(3);
  }, 120_000);
});
