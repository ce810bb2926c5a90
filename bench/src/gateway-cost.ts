import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { serverNodeArgs } from '@baton/deploy/node-flags';
import { freePort } from '@baton/test-kit';
import { percentile, root, run, runAtRate, waitForReady } from './harness';

/**
 * What the framework and the gateway cost: identity's `GET /api/token/check/` (verify the token, check
 * the session, read the user: two queries) served three ways: the same work on bare `node:http` and
 * identity's Hono app (one child process), and the gateway of the distributed topology in front of that app
 * over HTTP (`gateway/src/main.ts`, a process of its own, on the machine's NATS). The load comes from this
 * process. Prints each one's requests per second and p50/p99, and the ratios; then the service and the gateway
 * at half the gateway path's rate, on schedule (open loop), BENCH_ROUNDS times each in turn (3), and the p99 the
 * gateway adds there: the median of the rounds' p99s, so that one stall of a busy 2-core machine does not
 * decide it.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:gateway-cost -w bench
 */
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const children: ChildProcess[] = [];

/**
 * `entrypoint` under node as the servers run (their flags, tsx), in a process group of its own; `nodeArgs`
 * before them (BENCH_GATEWAY_NODE_ARGS for the gateway: V8 flags to compare, say).
 */
function serve(entrypoint: string, env: NodeJS.ProcessEnv, nodeArgs: string[] = []) {
  const child = spawn(process.execPath, [...nodeArgs, ...serverNodeArgs(join(root, entrypoint))], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  children.push(child);
  return child;
}

/** The servers' line among the log lines on the child's stdout (an outbox retrying a stale row, say). */
const lineOf = (child: ChildProcess, prefix: string) =>
  new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (text) => {
      if (text.startsWith(prefix)) resolve(text);
    });
    child.once('exit', (code) => reject(new Error(`${prefix} exited (${code})`)));
  });

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

async function main() {
  const servers = JSON.parse(await lineOf(serve('bench/src/gateway-cost.server.ts', {}), '{"bare":')) as {
    bare: string;
    service: string;
    token: string;
  };
  const gatewayPort = await freePort();
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  serve(
    'gateway/src/main.ts',
    { PORT: String(gatewayPort), HOST: '127.0.0.1', IDENTITY_URL: servers.service },
    process.env.BENCH_GATEWAY_NODE_ARGS?.split(' ').filter(Boolean),
  );
  await waitForReady(gatewayUrl);
  const headers = { authorization: `Bearer ${servers.token}` };
  const path = '/api/token/check/';
  console.log(`GET ${path} three ways (node ${process.version}; the gateway in a process of its own):`);
  const rates = {
    bare: await run('bare node:http', { url: `${servers.bare}${path}`, headers }),
    service: await run('Hono service', { url: `${servers.service}${path}`, headers }),
    gateway: await run('gateway -> service', { url: `${gatewayUrl}${path}`, headers }),
  };
  const ratio = (a: number, b: number) => (a / b).toFixed(2);
  console.log(
    `throughput ratios: Hono service / bare ${ratio(rates.service, rates.bare)}, ` +
      `gateway / Hono service ${ratio(rates.gateway, rates.service)}, gateway / bare ${ratio(rates.gateway, rates.bare)}`,
  );
  // What a person pays at a load the path carries easily: the added p99 at half of what the gateway path
  // carries (both ways at that one rate), not at saturation. On 2 cores the load, the gateway, the service
  // and Postgres share the machine: half of the service's own rate is 0.9 of the gateway path's, a queue.
  const half = Math.max(1, Math.floor(Math.min(rates.service, rates.gateway) / 2));
  const p99s = { alone: [] as number[], behind: [] as number[] };
  for (let round = 1; round <= rounds; round += 1) {
    const alone = await runAtRate(
      `service, half load #${round}`,
      { url: `${servers.service}${path}`, headers },
      half,
    );
    const behind = await runAtRate(
      `gateway, half load #${round}`,
      { url: `${gatewayUrl}${path}`, headers },
      half,
    );
    p99s.alone.push(alone.p99);
    p99s.behind.push(behind.p99);
  }
  const alone = median(p99s.alone);
  const behind = median(p99s.behind);
  console.log(
    `half load (${half} req/s), median p99 of ${rounds} rounds: service ${alone.toFixed(1)} ms, ` +
      `gateway ${behind.toFixed(1)} ms; added p99 ${(behind - alone).toFixed(1)} ms`,
  );
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => {
    for (const child of children) if (child.pid) process.kill(-child.pid, 'SIGTERM');
  });
