import { enqueueMail, runPeriodically } from '@baton/service-kit';
import type { TasksDeps } from '../../context';
import { fallbackLanguage, waitingTasksMail } from '../../mails';
import { heldAcceptMails, releaseHeldMails } from './accept.repository';
import { issueAcceptLink } from './accept.service';

/** Recipients one sweep mails at most (the rest wait for the next, a minute later). */
const recipientsPerSweep = 100;

type DigestDeps = Pick<TasksDeps, 'write' | 'config'>;

/**
 * Sends the accept mails a mail cap held back (`mail_held_at`): one mail per recipient, once the first of
 * theirs was held MAIL_DIGEST_MINUTES ago, with a fresh accept link for each task still waiting for them
 * (accepted or deleted ones drop out). The task was in their list and bell all along; the digest is how a
 * capped sender's tasks still reach their inbox. Replicas may sweep at once: each takes the rows the others
 * have not locked. Returns how many mails it wrote to the outbox.
 */
export function sendMailDigests({ write, config }: DigestDeps) {
  return write(async (trx) => {
    const held = await heldAcceptMails(trx, config.MAIL_DIGEST_MINUTES, recipientsPerSweep);
    const byRecipient = new Map<string, typeof held>();
    for (const row of held) byRecipient.set(row.email, [...(byRecipient.get(row.email) ?? []), row]);
    let mails = 0;
    for (const [email, rows] of byRecipient) {
      const tasks = [];
      for (const row of rows) {
        if (row.accepted_at !== null || row.user_id === null) continue;
        const role: 'assign' | 'invite' = row.kind === 'assign' ? 'assign' : 'invite';
        const grant = { taskId: row.task_id, email, userId: row.user_id, role } as const;
        tasks.push({
          title: row.title,
          role,
          from: { name: row.owner_first_name ?? row.owner_email, email: row.owner_email },
          link: await issueAcceptLink(trx, config, grant),
        });
      }
      if (tasks.length > 0) {
        const language = rows.find((row) => row.recipient_language)?.recipient_language ?? fallbackLanguage;
        await enqueueMail(trx, await waitingTasksMail(email, tasks, config.ACCEPT_TOKEN_TTL_DAYS, language));
        mails += 1;
      }
      await releaseHeldMails(
        trx,
        email,
        rows.map((row) => row.task_id),
      );
    }
    return mails;
  });
}

/** Sends due digests now and then every `everyMs` (a minute), until stopped. */
export function startMailDigests(deps: TasksDeps, everyMs = 60_000) {
  return runPeriodically(() => sendMailDigests(deps), everyMs, deps.logger, 'sending mail digests failed');
}
