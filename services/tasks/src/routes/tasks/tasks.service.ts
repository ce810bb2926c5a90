import { randomUUID } from 'node:crypto';
import type { taskForm } from '@baton/contracts';
import { type AuthContext, enqueueEvent, enqueueMail, notFound } from '@baton/service-kit';
import { sql } from 'kysely';
import type { z } from 'zod';
import { issueAcceptLink } from '../../accept-tokens';
import { type AttachmentChange, attachmentColumns } from '../../attachments';
import type { TasksDb, TasksDeps } from '../../context';
import type { TaskKind } from '../../db/schema';
import { actingAs } from '../../erasure';
import { acceptMail, joinInvitationMail } from '../../mails';
import { audienceOf, selectTaskViews, type TaskViewRow, toTask } from '../../views';
import { endCommentSockets } from '../comments/comments.service';

type TaskForm = z.output<typeof taskForm>;
type Db = TasksDb;

export const delegateMessages = {
  assigned: 'Task assigned. An e-mail with an accept link is on its way.',
  invited: 'Invitation sent. An e-mail with an accept link is on its way.',
  trusted: 'Task sent. You are a trusted sender, so it arrived accepted and without an e-mail.',
  /** SPEC §8 "User not found, invitation sent to join" the product. */
  notFound: 'User not found, invitation sent to join Baton',
} as const;

/**
 * Runs `work` for `actorId` in a transaction (refused if their account was erased meanwhile), then wakes
 * the outbox relay (the events and mails it wrote go out).
 */
async function write<T>(deps: TasksDeps, actorId: string, work: (trx: Db) => Promise<T>) {
  const result = await deps.db.transaction().execute(async (trx) => {
    await actingAs(trx, actorId);
    return work(trx);
  });
  deps.afterOutboxWrite();
  return result;
}

const viewOf = (db: Db, id: string) =>
  selectTaskViews(db as unknown as TasksDb)
    .where('t.id', '=', id)
    .executeTakeFirstOrThrow();

async function assertOwnFolder(db: Db, folderId: string | null | undefined, ownerId: string) {
  if (!folderId) return;
  const folder = await db
    .selectFrom('folders')
    .select('id')
    .where('id', '=', folderId)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  if (!folder) throw notFound('Folder not found.');
}

const fieldsOf = (body: TaskForm) => ({
  title: body.title,
  description: body.description,
  due_date: body.dueDate,
  priority: body.priority,
});

/** Files let go of: the replaced or removed attachment, which files deletes when the event arrives. */
async function detach(
  trx: Db,
  actorId: string,
  taskId: string,
  key: string | null,
  change: AttachmentChange,
) {
  if (!key || change === undefined || change?.key === key) return;
  await enqueueEvent(trx, 'tasks.attachment.detached', { actorId, audience: [], data: { taskId, key } });
}

/** A new task: its id, and its file already attached to it by files (the row follows in a transaction). */
interface Draft {
  id: string;
  attachment: AttachmentChange;
}

/** `write` of a new task's row, with its file attached first (and let go again if the write fails). */
function withDraft<T>(deps: TasksDeps, body: TaskForm, me: AuthContext, write: (draft: Draft) => Promise<T>) {
  const id = randomUUID();
  const field = { key: body.attachmentKey, url: body.attachmentUrl };
  return deps.files.withChange(me, { kind: 'task', id }, null, field, (attachment) =>
    write({ id, attachment }),
  );
}

const insertTask = (
  trx: Db,
  me: AuthContext,
  draft: Draft,
  body: TaskForm,
  kind: TaskKind,
  folderId: string | null,
  recipientId: string | null = null,
) =>
  trx
    .insertInto('tasks')
    .values({
      id: draft.id,
      ...fieldsOf(body),
      ...attachmentColumns(draft.attachment),
      owner_id: me.userId,
      owner_email: me.email,
      kind,
      folder_id: folderId,
      recipient_id: recipientId,
    })
    .execute();

export function createPersonalTask(deps: TasksDeps, body: TaskForm, me: AuthContext) {
  return withDraft(deps, body, me, (draft) => createPersonal(deps, body, me, draft));
}

function createPersonal(deps: TasksDeps, body: TaskForm, me: AuthContext, draft: Draft) {
  const { id } = draft;
  return write(deps, me.userId, async (trx) => {
    await assertOwnFolder(trx, body.folder_id, me.userId);
    await insertTask(trx, me, draft, body, 'personal', body.folder_id ?? null);
    const view = await viewOf(trx, id);
    await enqueueEvent(trx, 'tasks.task.created', {
      actorId: me.userId,
      audience: audienceOf(view),
      data: { task: toTask(view, me.userId) },
    });
    return id;
  });
}

/**
 * A task for someone else. A registered recipient who trusts the owner gets it accepted and no mail;
 * another registered recipient gets an accept link by mail; an address with no confirmed account gets an
 * invitation to join, and the task waits until an account confirms that address.
 */
export function delegateTask(
  deps: TasksDeps,
  body: TaskForm,
  email: string,
  role: 'assign' | 'invite',
  me: AuthContext,
) {
  return withDraft(deps, body, me, (draft) => delegate(deps, body, email, role, me, draft));
}

function delegate(
  deps: TasksDeps,
  body: TaskForm,
  email: string,
  role: 'assign' | 'invite',
  me: AuthContext,
  draft: Draft,
) {
  const { id } = draft;
  return write(deps, me.userId, async (trx) => {
    // An account whose address is unconfirmed may be a stranger's: the task waits, as for no account.
    const recipient = await trx
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email)
      .where('email_verified', '=', true)
      .executeTakeFirst();
    const trusted = recipient
      ? Boolean(
          await trx
            .selectFrom('trusts')
            .select('owner_id')
            .where('owner_id', '=', recipient.id)
            .where('trusted_id', '=', me.userId)
            .executeTakeFirst(),
        )
      : false;
    await insertTask(trx, me, draft, body, role, null, recipient?.id ?? null);
    await trx
      .insertInto('task_recipients')
      .values({
        task_id: id,
        email,
        user_id: recipient?.id ?? null,
        accepted_at: trusted ? new Date() : null,
        is_trusted: trusted,
      })
      .execute();
    const view = await viewOf(trx, id);
    const from = { name: view.owner_first_name ?? me.email, email: me.email };
    if (!recipient) {
      // The mail is the only way this task reaches them: past a cap, the task is refused.
      await deps.mailCaps.consume(trx, email, me.userId);
      const signup = new URL('/signup', deps.config.PUBLIC_URL).toString();
      await enqueueMail(trx, joinInvitationMail(email, from, body.title, role, signup));
    } else if (!trusted && (await deps.mailCaps.allows(trx, email, me.userId))) {
      const link = await issueAcceptLink(trx, deps.config, { taskId: id, email, userId: recipient.id, role });
      await enqueueMail(
        trx,
        acceptMail(email, from, body.title, role, link, deps.config.ACCEPT_TOKEN_TTL_DAYS),
      );
    } else if (!trusted) {
      // Past a cap, a registered person still gets the task (in their list and bell); its mail waits for the
      // digest (`mail-digest.ts`).
      await trx
        .updateTable('task_recipients')
        .set({ mail_held_at: sql<Date>`now()` })
        .where('task_id', '=', id)
        .execute();
    }
    const task = toTask(view, me.userId);
    await enqueueEvent(trx, 'tasks.task.created', {
      actorId: me.userId,
      audience: audienceOf(view),
      data: { task },
    });
    await enqueueEvent(trx, role === 'assign' ? 'tasks.task.assigned' : 'tasks.task.invited', {
      actorId: me.userId,
      audience: audienceOf(view),
      data: { task, recipientEmail: email, recipientId: recipient?.id ?? null },
    });
    const message = !recipient
      ? delegateMessages.notFound
      : trusted
        ? delegateMessages.trusted
        : role === 'assign'
          ? delegateMessages.assigned
          : delegateMessages.invited;
    return { id, invitationSent: !recipient, message };
  });
}

export async function updateTask(deps: TasksDeps, row: TaskViewRow, body: TaskForm, me: AuthContext) {
  const actorId = me.userId;
  const ref = { kind: 'task', id: row.id } as const;
  const field = { key: body.attachmentKey, url: body.attachmentUrl };
  await deps.files.withChange(me, ref, row.attachment_key, field, (attachment) =>
    write(deps, actorId, async (trx) => {
      if (body.folder_id !== undefined) await assertOwnFolder(trx, body.folder_id, row.owner_id);
      await trx
        .updateTable('tasks')
        .set({
          ...fieldsOf(body),
          ...attachmentColumns(attachment),
          ...(body.folder_id !== undefined ? { folder_id: body.folder_id } : {}),
          updated_at: new Date(),
        })
        .where('id', '=', row.id)
        .execute();
      await detach(trx, actorId, row.id, row.attachment_key, attachment);
      const view = await viewOf(trx, row.id);
      await enqueueEvent(trx, 'tasks.task.updated', {
        actorId,
        audience: audienceOf(view),
        data: { task: toTask(view, view.owner_id) },
      });
    }),
  );
}

export async function deleteTask(deps: TasksDeps, row: TaskViewRow, actorId: string) {
  await write(deps, actorId, async (trx) => {
    await trx.deleteFrom('tasks').where('id', '=', row.id).execute();
    await detach(trx, actorId, row.id, row.attachment_key, null);
    await endCommentSockets(trx, row.id, audienceOf(row));
    await enqueueEvent(trx, 'tasks.task.deleted', {
      actorId,
      audience: audienceOf(row),
      data: { taskId: row.id, title: row.title },
    });
  });
}

export async function setCompleted(deps: TasksDeps, row: TaskViewRow, completed: boolean, actorId: string) {
  await write(deps, actorId, async (trx) => {
    await trx
      .updateTable('tasks')
      .set({ completed, completed_at: completed ? new Date() : null, updated_at: new Date() })
      .where('id', '=', row.id)
      .execute();
    const view = await viewOf(trx, row.id);
    await enqueueEvent(trx, completed ? 'tasks.task.completed' : 'tasks.task.reopened', {
      actorId,
      audience: audienceOf(view),
      data: { task: toTask(view, view.owner_id) },
    });
  });
}
