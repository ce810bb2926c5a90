import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { root, run, runAtRate } from './harness';

/**
 * What the framework and the gateway cost: identity's `GET /api/token/check/` (verify the token, check
 * the session, read the user: two queries) served three ways by one child process, loaded from this one:
 * the same work on bare `node:http`, identity's Hono app, and the gateway in front of that app over HTTP.
 * Prints each one's requests per second and p50/p99, and the ratios; then the service and the gateway at
 * half the service's rate, on schedule (open loop), and the p99 the gateway adds there.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:gateway-cost -w bench
 */
const child = spawn(join(root, 'node_modules/.bin/tsx'), [join(root, 'bench/src/gateway-cost.server.ts')], {
  env: { ...process.env, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'pipe', 'inherit'],
  detached: true,
});

async function main() {
  // The servers' line among the log lines on the child's stdout (an outbox retrying a stale row, say).
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (text) => {
      if (text.startsWith('{"bare":')) resolve(text);
    });
    child.once('exit', (code) => reject(new Error(`the servers exited (${code})`)));
  });
  const servers = JSON.parse(line) as { bare: string; service: string; gateway: string; token: string };
  const headers = { authorization: `Bearer ${servers.token}` };
  const path = '/api/token/check/';
  console.log(`GET ${path} three ways (one server process, node ${process.version}):`);
  const rates = {
    bare: await run('bare node:http', { url: `${servers.bare}${path}`, headers }),
    service: await run('Hono service', { url: `${servers.service}${path}`, headers }),
    gateway: await run('gateway -> service', { url: `${servers.gateway}${path}`, headers }),
  };
  const ratio = (a: number, b: number) => (a / b).toFixed(2);
  console.log(
    `throughput ratios: Hono service / bare ${ratio(rates.service, rates.bare)}, ` +
      `gateway / Hono service ${ratio(rates.gateway, rates.service)}, gateway / bare ${ratio(rates.gateway, rates.bare)}`,
  );
  // What a person pays at a load the service carries easily: the added p99, not the saturated throughput.
  const half = Math.max(1, Math.floor(rates.service / 2));
  const alone = await runAtRate(
    'Hono service, half load',
    { url: `${servers.service}${path}`, headers },
    half,
  );
  const behind = await runAtRate('gateway, half load', { url: `${servers.gateway}${path}`, headers }, half);
  console.log(`added p99 at half load: ${(behind.p99 - alone.p99).toFixed(1)} ms`);
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => {
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
  });
