import { databaseUrl, type Logger, runPeriodically } from '@baton/service-kit';
import { run, runMigrations, type Task, Logger as WorkerLogger } from 'graphile-worker';
import { z } from 'zod';
import type { NotificationsDeps, NotificationsTrx } from '../context';
import type { JobHandler } from '../jobs/index';
import {
  addJob,
  insertDeadJob,
  jobCounts,
  markReplayed,
  removeJob,
  replayRequested,
  requeueJob,
} from './scheduler.repository';

/** The jobs notifications runs; each has its handler in `src/jobs/index.ts`. */
export type JobName = 'reminder' | 'overdue' | 'digest' | 'push';

/** Attempts before a job becomes a dead letter: graphile-worker waits exp(n) s after the nth (80 minutes in all). */
export const defaultMaxAttempts = 9;
/** A job due for longer than this and not started is late (`/readyz`). */
export const lateAfterMs = 60_000;
/** The dead letters' consumer name of failed jobs (`npm run dead-letters -- notifications`). */
export const jobsConsumer = 'notifications-jobs';
/** How often a runner looks for dead jobs an operator asked to replay: every tenth poll, at most each second. */
const replayPollMs = (pollIntervalMs: number) => Math.max(1_000, 10 * pollIntervalMs);

/** A dead job's letter: the key and payload it was scheduled with (its subject is the job's name). */
const deadJobLetter = z.object({ key: z.string().nullable(), payload: z.unknown() });

export interface ScheduledJob {
  job: JobName;
  /** One job per key: scheduling a key again moves and replaces its job (`reminder:<taskId>`). */
  key: string;
  runAt: Date;
  payload: object;
  /** `replace` (default) moves a queued job to `runAt`; `preserve_run_at` keeps a queued job's time. */
  mode?: 'replace' | 'preserve_run_at';
  maxAttempts?: number;
}

/**
 * Queues `job` in the caller's transaction: it exists exactly when the caller's writes commit. A job of the
 * same key that has not started is moved and its payload replaced; one running now runs on, and this one
 * is queued beside it.
 */
export const scheduleJob = (trx: NotificationsTrx, job: ScheduledJob) =>
  addJob(trx, {
    identifier: job.job,
    payload: job.payload,
    runAt: job.runAt,
    key: job.key,
    maxAttempts: job.maxAttempts ?? defaultMaxAttempts,
    mode: job.mode ?? 'replace',
  });

/** Cancels the job of `key` in the caller's transaction (nothing when there is none). */
export const cancelJob = (trx: NotificationsTrx, key: string) => removeJob(trx, key);

/** The scheduler's `/readyz` details: jobs due, late (due for over a minute), failed. */
export const jobsReadiness = (deps: Pick<NotificationsDeps, 'db'>) => () => jobCounts(deps.db, lateAfterMs);

export interface SchedulerOptions {
  /** Server URL (DATABASE_URL) and the service's database, where graphile-worker keeps its schema. */
  databaseUrl: string;
  database: string;
  deps: NotificationsDeps;
  handlers: Record<string, JobHandler>;
  /** How often a runner looks for jobs that came due (new ones wake it at once through LISTEN/NOTIFY). */
  pollIntervalMs: number;
  /** Jobs one runner runs at a time. */
  concurrency: number;
}

/** graphile-worker's log lines, through the service's logger (its debug chatter stays at debug). */
const workerLogger = (logger: Logger) =>
  new WorkerLogger((scope) => (level, message, meta) => {
    const fields = { ...scope, ...meta };
    if (level === 'error') logger.error(fields, message);
    else if (level === 'warning') logger.warn(fields, message);
    else if (level === 'info') logger.info(fields, message);
    else logger.debug(fields, message);
  });

/**
 * graphile-worker's own small pool in the service's database: its LISTEN connection and the fetching and
 * completing of jobs (handlers write through the service's pool).
 */
const workerDatabase = (options: Pick<SchedulerOptions, 'databaseUrl' | 'database' | 'deps'>) => ({
  connectionString: databaseUrl(options.databaseUrl, options.database),
  maxPoolSize: 3,
  logger: workerLogger(options.deps.logger),
});

/**
 * Creates (or updates) graphile-worker's schema in the service's database, before anything schedules a job
 * there. Several replicas may start at once: graphile-worker migrates under a lock.
 */
export async function migrateScheduler(options: Pick<SchedulerOptions, 'databaseUrl' | 'database' | 'deps'>) {
  await runMigrations(workerDatabase(options));
}

/**
 * Starts one runner of the service's jobs (every replica runs one; graphile-worker locks each job with
 * SKIP LOCKED, so one runner runs it). A job's last failed attempt is also kept as a dead letter.
 */
export async function startScheduler(options: SchedulerOptions) {
  const { deps } = options;
  const taskList: Record<string, Task> = {};
  for (const [name, handler] of Object.entries(options.handlers))
    taskList[name] = async (payload, helpers) => {
      const { job } = helpers;
      try {
        await handler(payload, {
          deps,
          job: { key: job.key, runAt: job.run_at, attempts: job.attempts, maxAttempts: job.max_attempts },
        });
      } catch (error) {
        if (job.attempts >= job.max_attempts)
          await deadJob(deps, name, job.key, payload, error, job.attempts);
        throw error;
      }
    };
  const runner = await run({
    ...workerDatabase(options),
    taskList,
    concurrency: options.concurrency,
    pollInterval: options.pollIntervalMs,
    noHandleSignals: true,
    // No cron: digests schedule their own jobs.
    crontab: '',
  });
  const replays = runPeriodically(
    () => replayDeadJobs(deps),
    replayPollMs(options.pollIntervalMs),
    deps.logger,
    'dead job replay failed',
  );
  return {
    async stop() {
      await replays.stop();
      await runner.stop();
    },
  };
}

async function deadJob(
  deps: NotificationsDeps,
  job: string,
  key: string | null,
  payload: unknown,
  error: unknown,
  attempts: number,
) {
  const message = error instanceof Error ? error.message : String(error);
  deps.logger.error({ job, key, error: message }, 'job failed for good');
  await insertDeadJob(deps.db, {
    consumer: jobsConsumer,
    subject: job,
    payload: { key, payload },
    error: message,
    attempts,
  }).catch((failure) => deps.logger.error({ err: failure, job, key }, 'dead job not recorded'));
}

/** Queues again each dead job an operator asked to replay, with its payload, once. */
async function replayDeadJobs(deps: NotificationsDeps) {
  for (const letter of await replayRequested(deps.db, jobsConsumer)) {
    const { key, payload } = deadJobLetter.parse(letter.payload);
    await deps.write(async (trx) => {
      await requeueJob(trx, { identifier: letter.subject, payload, key, maxAttempts: defaultMaxAttempts });
      await markReplayed(trx, letter.id);
    });
    deps.logger.info({ job: letter.subject, key }, 'dead job replayed');
  }
}
