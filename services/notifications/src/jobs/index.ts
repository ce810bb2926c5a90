import type { NotificationsDeps } from '../context';
import type { JobName } from '../scheduler/scheduler';
import { digestJob } from './digest.job';
import { pushJob } from './push.job';
import { overdueJob, reminderJob } from './reminder.job';

/** What a job's handler is given besides its payload. */
export interface JobContext {
  /** The service's parts: `db`, `write` (a transaction, then the outbox relay woken), `config`, `logger`. */
  deps: NotificationsDeps;
  job: {
    /** The key it was scheduled under (`reminder:<taskId>`); null for none. */
    key: string | null;
    /** When it was due. */
    runAt: Date;
    /** This attempt's number, from 1; the last is `maxAttempts`, after which it is a dead letter. */
    attempts: number;
    maxAttempts: number;
  };
}

/**
 * Runs one job. The payload is the JSON it was scheduled with: parse it (zod) before use. A job may run
 * more than once (a crash between its commit and its completion): make its effect idempotent, e.g. a row
 * with a unique key written in the same transaction. Throwing retries it later (exp(attempts) s).
 */
export type JobHandler = (payload: unknown, ctx: JobContext) => Promise<void>;

/** Every job notifications runs, by name. */
export const jobHandlers: Record<JobName, JobHandler> = {
  reminder: reminderJob,
  overdue: overdueJob,
  digest: digestJob,
  push: pushJob,
};
