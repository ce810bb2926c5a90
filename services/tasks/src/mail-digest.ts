import { enqueueMail, type Logger, runPeriodically } from '@baton/service-kit';
import { sql } from 'kysely';
import { issueAcceptLink } from './accept-tokens';
import type { TasksConfig } from './config';
import type { TasksDb } from './context';
import { waitingTasksMail } from './mails';

/** Recipients one sweep mails at most (the rest wait for the next, a minute later). */
const recipientsPerSweep = 100;

/**
 * Sends the accept mails a mail cap held back (`mail_held_at`): one mail per recipient, once the first of
 * theirs was held MAIL_DIGEST_MINUTES ago, with a fresh accept link for each task still waiting for them
 * (accepted or deleted ones drop out). The task was in their list and bell all along; the digest is how a
 * capped sender's tasks still reach their inbox. Replicas may sweep at once: each takes the rows the others
 * have not locked. Returns how many mails it wrote to the outbox.
 */
export async function sendMailDigests(db: TasksDb, config: TasksConfig) {
  return db.transaction().execute(async (trx) => {
    const due = trx
      .selectFrom('task_recipients')
      .select('email')
      .where('mail_held_at', '<=', sql<Date>`now() - make_interval(mins => ${config.MAIL_DIGEST_MINUTES})`)
      .groupBy('email')
      .limit(recipientsPerSweep);
    const held = await trx
      .selectFrom('task_recipients as r')
      .innerJoin('tasks as t', 't.id', 'r.task_id')
      .leftJoin('users as u', 'u.id', 't.owner_id')
      .select(['r.task_id', 'r.email', 'r.user_id', 'r.accepted_at', 't.kind', 't.title', 't.owner_email'])
      .select('u.first_name as owner_first_name')
      .where('r.mail_held_at', 'is not', null)
      .where('r.email', 'in', due)
      .orderBy('r.email')
      .orderBy('r.mail_held_at')
      .forUpdate('r')
      .skipLocked()
      .execute();
    const byRecipient = new Map<string, typeof held>();
    for (const row of held) byRecipient.set(row.email, [...(byRecipient.get(row.email) ?? []), row]);
    let mails = 0;
    for (const [email, rows] of byRecipient) {
      const waiting = rows.filter((row) => row.accepted_at === null && row.user_id !== null);
      const tasks = [];
      for (const row of waiting) {
        const role: 'assign' | 'invite' = row.kind === 'assign' ? 'assign' : 'invite';
        const grant = { taskId: row.task_id, email, userId: row.user_id as string, role } as const;
        tasks.push({
          title: row.title,
          role,
          from: { name: row.owner_first_name ?? row.owner_email, email: row.owner_email },
          link: await issueAcceptLink(trx, config, grant),
        });
      }
      if (tasks.length > 0) {
        await enqueueMail(trx, waitingTasksMail(email, tasks, config.ACCEPT_TOKEN_TTL_DAYS));
        mails += 1;
      }
      await trx
        .updateTable('task_recipients')
        .set({ mail_held_at: null })
        .where('email', '=', email)
        .where(
          'task_id',
          'in',
          rows.map((row) => row.task_id),
        )
        .execute();
    }
    return mails;
  });
}

/** Sends due digests now and then every `everyMs` (a minute), until stopped. */
export function startMailDigests(options: {
  db: TasksDb;
  config: TasksConfig;
  logger: Logger;
  afterCommit: () => void;
  everyMs?: number;
}) {
  const send = async () => {
    if ((await sendMailDigests(options.db, options.config)) > 0) options.afterCommit();
  };
  return runPeriodically(send, options.everyMs ?? 60_000, options.logger, 'sending mail digests failed');
}
