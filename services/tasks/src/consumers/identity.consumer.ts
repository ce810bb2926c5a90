import type { Language } from '@baton/contracts';
import { type CoreConsumer, enqueueEvent, enqueueMail } from '@baton/service-kit';
import type { TasksConfig } from '../config';
import type { TasksTrx } from '../context';
import type { TasksTables } from '../db/schema';
import { acceptMail, fallbackLanguage } from '../mails';
import { markErased } from '../people.repository';
import { issueAcceptLink } from '../routes/accept/accept.service';
import { endCommentSockets } from '../routes/comments/comments.service';
import { audienceOf, tasksOwnedBy, taskViewIn } from '../routes/tasks/tasks.repository';
import {
  addTrust,
  claimRecipientEntries,
  erasePersonRows,
  markVerified,
  removeTrust,
  upsertUser,
} from './identity.repository';

/**
 * Tasks waiting for an address (sent before it had a confirmed account) go to that person, with an accept
 * link by mail for each (the invitation mail only asked them to sign up).
 */
async function claimWaitingTasks(
  trx: TasksTrx,
  config: TasksConfig,
  userId: string,
  email: string,
  language: Language,
) {
  for (const taskId of await claimRecipientEntries(trx, userId, email)) {
    const view = await taskViewIn(trx, taskId);
    const role = view.kind === 'assign' ? 'assign' : 'invite';
    const link = await issueAcceptLink(trx, config, { taskId, email, userId, role });
    const from = { name: view.owner_first_name ?? view.owner_email, email: view.owner_email };
    await enqueueMail(
      trx,
      await acceptMail(email, from, view.title, role, link, config.ACCEPT_TOKEN_TTL_DAYS, language),
    );
  }
}

/** identity.user.deleted: that person's tasks, recipient entries, trust and name leave this service. */
async function erasePerson(trx: TasksTrx, userId: string) {
  await markErased(trx, userId);
  for (const row of await tasksOwnedBy(trx, userId)) {
    const others = audienceOf(row).filter((id) => id !== userId);
    if (others.length === 0) continue;
    await enqueueEvent(trx, 'tasks.task.deleted', {
      actorId: null,
      audience: others,
      data: { taskId: row.id, title: row.title },
    });
    await endCommentSockets(trx, row.id, others);
  }
  await erasePersonRows(trx, userId);
}

/** `tasks-identity`: tasks' copy of people (names, confirmed addresses) and of trust, from identity's events. */
export const identityConsumer = (config: TasksConfig): CoreConsumer<TasksTables> => ({
  spec: { durable: 'tasks-identity', stream: 'IDENTITY' },
  handlers: {
    // A new account: known by name here; tasks waiting for its address reach it once the address is confirmed.
    'identity.user.created': async ({ data: user }, trx) => {
      const email = user.email.toLowerCase();
      await upsertUser(trx, {
        id: user.userId,
        email,
        first_name: user.firstName,
        last_name: user.lastName,
        email_verified: user.emailVerified,
        ...(user.language ? { language: user.language } : {}),
      });
      if (user.emailVerified)
        await claimWaitingTasks(trx, config, user.userId, email, user.language ?? fallbackLanguage);
    },
    // The person proved the address, so the tasks sent to it are theirs.
    'identity.user.verified': async ({ data: user }, trx) => {
      const known = await markVerified(trx, user.userId);
      if (known)
        await claimWaitingTasks(trx, config, user.userId, known.email, known.language ?? fallbackLanguage);
    },
    'identity.user.deleted': ({ data }, trx) => erasePerson(trx, data.userId),
    'identity.trust.added': async ({ data }, trx) => {
      await addTrust(trx, data.ownerId, data.trustedUserId);
    },
    'identity.trust.removed': async ({ data }, trx) => {
      await removeTrust(trx, data.ownerId, data.trustedUserId);
    },
  },
});
