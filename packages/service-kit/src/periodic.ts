import type { Logger } from './logger';

/**
 * Runs `task` now and then every `everyMs`, one run at a time, until stopped (sweeps, digests). A failed run
 * is logged as `failure` and the next goes ahead; the timer does not keep the process alive.
 */
export function runPeriodically(
  task: () => Promise<unknown>,
  everyMs: number,
  logger: Logger,
  failure: string,
) {
  const run = () => task().catch((error) => logger.warn({ err: error }, failure));
  let running = run();
  const timer = setInterval(() => {
    running = running.then(run);
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
