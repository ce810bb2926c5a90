/**
 * Where the browser should get a remote's release files from when releases live in a bucket: through the
 * gateway (which fetches a release into its cache once and serves it from disk, precompressed copies
 * included) or by a redirect to the bucket (the browser asks the gateway, then the bucket). Both served by
 * real processes on this machine: the gateway app, and s3rver as the bucket.
 *
 *   npm run bench:release-serving -w bench      (build mf-tasks first: npm run build -w @baton/mf-tasks)
 */
import { join } from 'node:path';
import { bucketStore, createGatewayApp, releaseFiles } from '@baton/gateway';
import { createLogger } from '@baton/service-kit';
import { S3_TEST_CREDENTIALS, startS3Server } from '@baton/test-kit';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { percentile, root, run } from './harness';

const s3 = await startS3Server('baton-releases');
const store = bucketStore({
  bucket: s3.bucket,
  endpoint: s3.endpoint,
  credentials: S3_TEST_CREDENTIALS,
  cacheDir: join(s3.dir, '../baton-release-cache-bench'),
});
const dist = join(root, 'mf-tasks/dist');
const files = releaseFiles(dist);
const version = '0123456789ab';
await store.put('mf-tasks', version, dist, files);
const entry = `/mf/mf-tasks/${version}/remoteEntry.js`;
console.log(`mf-tasks build: ${files.length} files in the bucket`);

const gateway = createGatewayApp({
  upstreams: {},
  verifyAccess: async () => {
    throw new Error('no sessions here');
  },
  logger: createLogger({ name: 'gateway', level: 'warn' }),
  allowedOrigins: [],
  static: {
    shellDir: '/nonexistent',
    environment: 'bench',
    remoteDirs: {},
    remotes: {},
    overrideOrigins: [],
    releases: store,
  },
});
const redirecting = new Hono().get('/mf/:remote/:version/*', (c) =>
  c.redirect(`${s3.endpoint}/${s3.bucket}${c.req.path.slice('/mf'.length)}`, 302),
);
const listen = (fetch: typeof gateway.fetch) =>
  new Promise<{ url: string; close(): void }>((resolve) => {
    const server = serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
      resolve({ url: `http://127.0.0.1:${info.port}`, close: () => server.close() }),
    );
  });
const served = await listen(gateway.fetch);
const redirect = await listen(redirecting.fetch);
const headers = { 'accept-encoding': 'br, gzip' };

/**
 * One browser-like load of remoteEntry.js after another: milliseconds each, the requests it took (a redirect
 * is two round trips, which a browser far from the servers pays in full) and the bytes on the wire.
 */
async function sequential(url: string, times = 300) {
  const took: number[] = [];
  let requests = 0;
  let bytes = 0;
  for (let i = 0; i < times; i++) {
    const began = performance.now();
    let res = await fetch(url, { headers, redirect: 'manual' });
    requests = 1;
    if (res.status === 302) {
      await res.arrayBuffer();
      res = await fetch(res.headers.get('location') ?? '', { headers });
      requests = 2;
    }
    // Content-Length is what went over the wire (fetch hands back the decoded body).
    const body = await res.arrayBuffer();
    bytes = Number(res.headers.get('content-length') ?? body.byteLength);
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    took.push(performance.now() - began);
  }
  took.sort((a, b) => a - b);
  return `p50 ${percentile(took, 50).toFixed(2)} ms  p99 ${percentile(took, 99).toFixed(2)} ms  ${requests} request(s)  ${(bytes / 1024).toFixed(1)} KiB`;
}

await fetch(`${served.url}${entry}`); // the first request fetches the release into the cache
console.log(`one file, one after another (${entry}):`);
console.log(`  served by the gateway       ${await sequential(`${served.url}${entry}`)}`);
console.log(`  redirect, then the bucket   ${await sequential(`${redirect.url}${entry}`)}`);
console.log(
  `  the bucket alone            ${await sequential(`${s3.endpoint}/${s3.bucket}${entry.slice(3)}`)}`,
);
console.log('under load (autocannon):');
await run('gateway (cached)', { url: `${served.url}${entry}`, headers });
await run('bucket (s3rver) alone', { url: `${s3.endpoint}/${s3.bucket}${entry.slice(3)}`, headers });
served.close();
redirect.close();
await s3.stop();
process.exit(0);
