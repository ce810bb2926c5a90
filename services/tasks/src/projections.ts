import { eventData as data, type EventEnvelope } from '@baton/contracts';
import {
  type EventBus,
  enqueueEvent,
  enqueueMail,
  type Logger,
  startDurableConsumer,
} from '@baton/service-kit';
import { issueAcceptLink } from './accept-tokens';
import type { TasksConfig } from './config';
import type { TasksDb, TasksTrx } from './context';
import { markErased } from './erasure';
import { acceptMail } from './mails';
import { endCommentSockets } from './routes/comments/comments.service';
import { audienceOf, selectTaskViews } from './views';

type Trx = TasksTrx;
/** A new account: known by name here; tasks waiting for its address reach it once the address is confirmed. */
async function onUserCreated(trx: Trx, config: TasksConfig, event: EventEnvelope) {
  const user = data(event, 'identity.user.created');
  const email = user.email.toLowerCase();
  const row = {
    email,
    first_name: user.firstName,
    last_name: user.lastName,
    email_verified: user.emailVerified,
  };
  await trx
    .insertInto('users')
    .values({ id: user.userId, ...row })
    .onConflict((oc) => oc.column('id').doUpdateSet(row))
    .execute();
  if (user.emailVerified) await claimWaitingTasks(trx, config, user.userId, email);
}

/** identity.user.verified: the person proved the address, so the tasks sent to it are theirs. */
async function onUserVerified(trx: Trx, config: TasksConfig, event: EventEnvelope) {
  const user = data(event, 'identity.user.verified');
  const known = await trx
    .updateTable('users')
    .set({ email_verified: true })
    .where('id', '=', user.userId)
    .returning('email')
    .executeTakeFirst();
  if (known) await claimWaitingTasks(trx, config, user.userId, known.email);
}

/**
 * Tasks waiting for an address (sent before it had a confirmed account) go to that person, with an accept
 * link by mail for each (the invitation mail only asked them to sign up).
 */
async function claimWaitingTasks(trx: Trx, config: TasksConfig, userId: string, email: string) {
  const waiting = await trx
    .updateTable('task_recipients')
    .set({ user_id: userId })
    .where('email', '=', email)
    .where('user_id', 'is', null)
    .returning('task_id')
    .execute();
  if (waiting.length === 0) return;
  const taskIds = waiting.map((w) => w.task_id);
  await trx.updateTable('tasks').set({ recipient_id: userId }).where('id', 'in', taskIds).execute();
  for (const task_id of taskIds) {
    const view = await selectTaskViews(trx).where('t.id', '=', task_id).executeTakeFirstOrThrow();
    const role = view.kind === 'assign' ? 'assign' : 'invite';
    const link = await issueAcceptLink(trx, config, { taskId: task_id, email, userId, role });
    const from = { name: view.owner_first_name ?? view.owner_email, email: view.owner_email };
    await enqueueMail(trx, acceptMail(email, from, view.title, role, link, config.ACCEPT_TOKEN_TTL_DAYS));
  }
}

/** identity.user.deleted: that person's tasks, recipient entries, trust and name leave this service. */
async function onUserDeleted(trx: Trx, event: EventEnvelope) {
  const { userId } = data(event, 'identity.user.deleted');
  await markErased(trx, userId);
  const owned = await selectTaskViews(trx).where('t.owner_id', '=', userId).execute();
  for (const row of owned) {
    const others = audienceOf(row).filter((id) => id !== userId);
    if (others.length === 0) continue;
    await enqueueEvent(trx, 'tasks.task.deleted', {
      actorId: null,
      audience: others,
      data: { taskId: row.id, title: row.title },
    });
    await endCommentSockets(trx, row.id, others);
  }
  await trx.deleteFrom('tasks').where('owner_id', '=', userId).execute();
  await trx.deleteFrom('task_recipients').where('user_id', '=', userId).execute();
  await trx.updateTable('tasks').set({ recipient_id: null }).where('recipient_id', '=', userId).execute();
  await trx.deleteFrom('progress_logs').where('author_id', '=', userId).execute();
  // Their comments leave with them; the others' comments in the same threads stay.
  await trx.deleteFrom('comments').where('author_id', '=', userId).execute();
  await trx
    .deleteFrom('trusts')
    .where((eb) => eb.or([eb('owner_id', '=', userId), eb('trusted_id', '=', userId)]))
    .execute();
  await trx.deleteFrom('folders').where('owner_id', '=', userId).execute();
  await trx.deleteFrom('users').where('id', '=', userId).execute();
}

/**
 * Applies a folder event; then the owner's lists and folder strip fetch again: `tasks.folders.changed`, which
 * notifications turns into `folders_changed` on their /ws/tasks/ log (sent after this commit, so the lists
 * fetched then show it).
 */
async function onFolderEvent(trx: Trx, event: EventEnvelope) {
  if (!(await applyFolderEvent(trx, event))) return;
  await enqueueEvent(trx, 'tasks.folders.changed', {
    actorId: event.actorId,
    audience: event.audience,
    data: {},
  });
}

/** Whether the event changed anything here. */
async function applyFolderEvent(trx: Trx, event: EventEnvelope): Promise<boolean> {
  switch (event.type) {
    case 'folders.folder.created':
    case 'folders.folder.updated': {
      const { folder } = data(event, 'folders.folder.created');
      if (!event.actorId) return false;
      await trx
        .insertInto('folders')
        .values({ id: folder.id, owner_id: event.actorId, name: folder.name, color: folder.color })
        .onConflict((oc) => oc.column('id').doUpdateSet({ name: folder.name, color: folder.color }))
        .execute();
      return true;
    }
    case 'folders.folder.deleted': {
      const { folderId } = data(event, 'folders.folder.deleted');
      await trx.updateTable('tasks').set({ folder_id: null }).where('folder_id', '=', folderId).execute();
      await trx.deleteFrom('folders').where('id', '=', folderId).execute();
      return true;
    }
    case 'folders.tasks.attached': {
      const { folderId, taskIds } = data(event, 'folders.tasks.attached');
      if (taskIds.length === 0 || !event.actorId) return false;
      await trx
        .updateTable('tasks')
        .set({ folder_id: folderId })
        .where('id', 'in', taskIds)
        .where('owner_id', '=', event.actorId)
        .where('kind', '=', 'personal')
        .execute();
      return true;
    }
  }
  return false;
}

/** Keeps tasks' copies of people, trust and folders current, from identity's and folders' events. */
export async function startProjections(options: {
  bus: EventBus;
  db: TasksDb;
  logger: Logger;
  config: TasksConfig;
  /** Wakes the outbox relay after a commit (mails, pushes). */
  afterCommit: () => void;
}) {
  const identity = await startDurableConsumer({
    bus: options.bus,
    db: options.db,
    logger: options.logger,
    afterCommit: options.afterCommit,
    spec: {
      durable: 'tasks-identity',
      stream: 'IDENTITY',
      subjects: [
        'identity.user.created',
        'identity.user.verified',
        'identity.user.deleted',
        'identity.trust.added',
        'identity.trust.removed',
      ],
    },
    handle: async (event, trx) => {
      const t = trx as unknown as Trx;
      if (event.type === 'identity.user.created') return onUserCreated(t, options.config, event);
      if (event.type === 'identity.user.verified') return onUserVerified(t, options.config, event);
      if (event.type === 'identity.user.deleted') return onUserDeleted(t, event);
      if (event.type === 'identity.trust.added') {
        const trust = data(event, 'identity.trust.added');
        await t
          .insertInto('trusts')
          .values({ owner_id: trust.ownerId, trusted_id: trust.trustedUserId })
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
      if (event.type === 'identity.trust.removed') {
        const trust = data(event, 'identity.trust.removed');
        await t
          .deleteFrom('trusts')
          .where('owner_id', '=', trust.ownerId)
          .where('trusted_id', '=', trust.trustedUserId)
          .execute();
      }
    },
  });
  const folders = await startDurableConsumer({
    bus: options.bus,
    db: options.db,
    logger: options.logger,
    spec: { durable: 'tasks-folders', stream: 'FOLDERS', subjects: ['folders.>'] },
    afterCommit: options.afterCommit,
    handle: (event, trx) => onFolderEvent(trx as unknown as Trx, event),
  });
  return {
    async stop() {
      await identity.stop();
      await folders.stop();
    },
  };
}
