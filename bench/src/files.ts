import { limits } from '@baton/contracts/constants';
import { jsonRequest, readJson } from '@baton/test-kit';
import { run, signedUpToken, startServer } from './harness';
import { rssOf, watchingMemory } from './memory';

/**
 * Files through the gateway of `npm start` (one process, local-disk store): upload and download throughput
 * of a 25 MB file, the process's resident memory while the bytes flow (the bodies must stream: a process
 * that held them would grow by 25 MB or more per transfer), and presign requests per second with p50/p99.
 *
 *   npm run bench:files -w bench          # BENCH_ROUNDS=5 transfers each way
 */
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const size = limits.fileBytes;

const mbps = (bytes: number, ms: number) => bytes / 2 ** 20 / (ms / 1000);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Uploads `body` through the gateway, attaches it to a new task, downloads it; times both, watching memory. */
async function transfer(base: string, access: string, body: Uint8Array<ArrayBuffer>, group: number) {
  const presigned = await readJson(
    fetch(
      `${base}/api/uploads/presign/`,
      jsonRequest(
        'POST',
        { filename: 'big.bin', contentType: 'application/octet-stream', size: body.length },
        access,
      ),
    ),
  );
  const up = await watchingMemory(group, async () => {
    const started = performance.now();
    const res = await fetch(presigned.url, { method: 'PUT', headers: presigned.headers, body });
    if (!res.ok) throw new Error(`upload ${res.status}: ${await res.text()}`);
    return performance.now() - started;
  });
  const form = {
    title: 'Big file',
    dueDate: '2026-12-31',
    priority: 'Lenient',
    attachmentKey: presigned.key,
  };
  const task = await readJson(fetch(`${base}/create_list`, jsonRequest('POST', form, access)));
  const { url } = await readJson(
    fetch(`${base}/api/download/presign/${task.id}/`, jsonRequest('GET', undefined, access)),
  );
  const down = await watchingMemory(group, async () => {
    const started = performance.now();
    const res = await fetch(url);
    let bytes = 0;
    const reader = res.body?.getReader();
    for (let read = await reader?.read(); read && !read.done; read = await reader?.read())
      bytes += read.value.length;
    if (bytes !== body.length) throw new Error(`downloaded ${bytes} of ${body.length} bytes`);
    return performance.now() - started;
  });
  return { up, down };
}

async function main() {
  const server = await startServer();
  try {
    const { access } = await signedUpToken(server.base);
    const body = new Uint8Array(size).map((_, i) => i % 251);
    // One small round trip first, so code loaded on first use is not counted as memory the bodies took.
    await transfer(server.base, access, body.subarray(0, 1 << 20), server.group);
    const baseline = rssOf(server.group);
    console.log(
      `Baton gateway at ${server.base} (npm start, local store), ${process.env.DATABASE_URL ? 'DATABASE_URL' : 'embedded Postgres'}, node ${process.version}`,
    );
    console.log(`app process RSS before the transfers: ${baseline.toFixed(0)} MB`);

    const uploads: number[] = [];
    const downloads: number[] = [];
    let uploadPeak = 0;
    let downloadPeak = 0;
    for (let round = 0; round < rounds; round++) {
      const { up, down } = await transfer(server.base, access, body, server.group);
      uploads.push(mbps(size, up.result));
      uploadPeak = Math.max(uploadPeak, up.peak);
      downloads.push(mbps(size, down.result));
      downloadPeak = Math.max(downloadPeak, down.peak);
    }
    const line = (what: string, speeds: number[], peak: number) =>
      console.log(
        `${what.padEnd(24)} median ${median(speeds).toFixed(0)} MB/s (${speeds.map((s) => s.toFixed(0)).join(', ')})  ` +
          `peak RSS ${peak.toFixed(0)} MB (+${(peak - baseline).toFixed(0)} MB)`,
      );
    line(`upload 25 MB x${rounds}`, uploads, uploadPeak);
    line(`download 25 MB x${rounds}`, downloads, downloadPeak);
    // Held bodies would add 25 MB each here; streamed ones add buffers only.
    const parallel = 4;
    const before = rssOf(server.group);
    const together = await watchingMemory(server.group, () =>
      Promise.all(Array.from({ length: parallel }, () => transfer(server.base, access, body, server.group))),
    );
    console.log(
      `${`${parallel} at once, each way`.padEnd(24)} peak RSS ${together.peak.toFixed(0)} MB (+${(together.peak - before).toFixed(0)} MB over the ${before.toFixed(0)} MB before)`,
    );

    await run('POST /api/uploads/presign/', {
      url: `${server.base}/api/uploads/presign/`,
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${access}` },
      body: JSON.stringify({ filename: 'report.pdf', contentType: 'application/pdf', size: 1000 }),
    });
  } finally {
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
