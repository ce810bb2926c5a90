import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { waitForPort } from '@baton/local-infra';
import { freePort } from './ports';

/** s3rver's fixed credentials: it checks every signature against them. */
export const S3_TEST_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * A real S3-compatible server (s3rver) as its own process on a free port, with `bucket` created and a
 * temporary data directory. It verifies SigV4 signatures, presigned URLs included.
 */
export async function startS3Server(bucket = 'baton-test') {
  const dir = await mkdtemp(join(tmpdir(), 'baton-s3-'));
  const port = await freePort();
  const bin = join(dirname(createRequire(import.meta.url).resolve('s3rver/package.json')), 'bin/s3rver.js');
  const child = spawn(
    process.execPath,
    [bin, '-d', dir, '-a', '127.0.0.1', '-p', String(port), '--silent', '--configure-bucket', bucket],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  await waitForPort(port);
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    dir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
