import { setFlagsFromString } from 'node:v8';

/**
 * V8's heap policy for a process that serves, set once, as the kit is imported (before a query runs).
 *
 * No allocation-site pretenuring: V8 starts allocating objects straight in the old generation when most
 * objects made at the same place in the code outlived a minor GC once. pg's result rows do, while a whole
 * list of 10,000 tasks is being read; from then on every row was born old, and held its values' strings (a
 * list page's text) past every minor GC. 18 % of what a page request allocated was promoted, for 0.4 % with
 * pretenuring off (`bench:tasks`, `--trace-gc-nvp`).
 *
 * The old generation may double past what a full collection leaves: V8's own factor set the next collection
 * 3 MB above a 61 MB heap, so one ran every 4-7 s under load, each a 10-20 ms pause and 50-80 ms of marking
 * on cores the database shares: a list page's p99. The price is up to twice the live heap in memory.
 */
setFlagsFromString('--no-allocation-site-pretenuring');
setFlagsFromString('--heap-growing-percent=100');
