import { readdirSync, readFileSync } from 'node:fs';

/** Resident set size (MB) of the largest process in `group` (the app's node process, under tsx). */
export function rssOf(group: number) {
  let largest = 0;
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== group) continue;
      largest = Math.max(largest, (Number(fields[21]) * 4096) / 2 ** 20);
    } catch {}
  }
  return largest;
}

/** Samples `rssOf` every 10 ms while `work` runs; returns its result and the highest sample. */
export async function watchingMemory<T>(group: number, work: () => Promise<T>) {
  const before = rssOf(group);
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssOf(group));
  }, 10);
  try {
    const result = await work();
    if (process.env.BENCH_VERBOSE) console.log(`  RSS ${before.toFixed(0)} -> peak ${peak.toFixed(0)} MB`);
    return { result, peak };
  } finally {
    clearInterval(timer);
  }
}
