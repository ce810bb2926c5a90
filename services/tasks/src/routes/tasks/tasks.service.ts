import { randomUUID } from 'node:crypto';
import type { DashboardSummary, editSharedTaskForm, Task, TaskPageRequest, taskForm } from '@baton/contracts';
import { pagePaths } from '@baton/contracts/constants';
import type { Language } from '@baton/mailer';
import {
  type AuthContext,
  badRequest,
  enqueueEvent,
  enqueueMail,
  HttpError,
  notFound,
} from '@baton/service-kit';
import type { z } from 'zod';
import { actingAs, taskFor } from '../../access';
import type { TasksDeps, TasksTrx } from '../../context';
import type { TaskKind } from '../../db/schema';
import { acceptMail, joinInvitationMail } from '../../mails';
import { confirmedUser, trusts } from '../../people.repository';
import { issueAcceptLink } from '../accept/accept.service';
import { type AttachmentChange, attachmentColumns } from '../attachments/attachments.repository';
import { endCommentSockets } from '../comments/comments.service';
import { taskPage } from './pages.repository';
import { type CurrentSeries, seriesColumns } from './recurrence';
import { makeNextOccurrence } from './recurrence.service';
import {
  audienceOf,
  deleteTaskRow,
  holdAcceptMail,
  insertRecipientRow,
  insertTaskRow,
  ownPersonalTasks,
  ownsFolder,
  summaryFigures,
  type TaskViewRow,
  taskViewIn,
  taskViews,
  toTask,
  updateTaskRow,
} from './tasks.repository';
import { wholeListAnswer } from './whole-list.service';

type TaskForm = z.output<typeof taskForm>;
type EditSharedForm = z.output<typeof editSharedTaskForm>;

export const taskWriteMessages = {
  created: 'Task created.',
  updated: 'Task updated.',
  deleted: 'Task deleted.',
  completed: 'Task completed.',
  reopened: 'Task reopened.',
  self: 'You cannot delegate a task to yourself.',
  useEditShared: 'A delegated task is changed with /edit_shared_task/.',
  useCreateList: 'A personal task is changed with /create_list.',
  delegateNew: 'A delegated task is changed with /edit_shared_task/; these routes create one.',
  recipientFixed: 'The recipient of a task cannot be changed.',
  idMismatch: 'The id in the body does not match the address.',
  ownListsOnly: 'You can only list your own tasks.',
  notYou: 'You can only complete tasks as yourself.',
} as const;

export const delegateMessages = {
  assigned: 'Task assigned. An e-mail with an accept link is on its way.',
  invited: 'Invitation sent. An e-mail with an accept link is on its way.',
  trusted: 'Task sent. You are a trusted sender, so it arrived accepted and without an e-mail.',
  /** SPEC §8 "User not found, invitation sent to join" the product. */
  notFound: 'User not found, invitation sent to join Baton',
} as const;

/** The answer of every task write (SPEC §7: task_id or id, error, invitation_sent, message). */
export const written = (id: string, message: string, invitationSent = false) => ({
  task_id: id,
  id,
  error: null,
  invitation_sent: invitationSent,
  message,
});

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * SPEC §7: one list per kind, each with both sides of delegated tasks; with `page` one page, as the JSON text
 * written by Postgres; without it the whole list, streamed, at most `limits.wholeListsPerMinute` a minute.
 */
export async function listTasks(
  deps: TasksDeps,
  me: AuthContext,
  kind: TaskKind,
  body: { userEmail: string; page?: TaskPageRequest },
) {
  if (!sameEmail(body.userEmail, me.email))
    throw new HttpError(403, 'forbidden', taskWriteMessages.ownListsOnly);
  if (body.page) return taskPage(deps.db, kind, me.userId, body.page);
  await deps.wholeListLimit.consume(me.userId);
  return wholeListAnswer(deps, me, kind);
}

/** One task as the person sees it; 404 when it is not theirs to see. */
export async function getTask(deps: TasksDeps, me: AuthContext, taskId: string) {
  const { row } = await taskFor(deps.db, taskId, me.userId, 'view');
  return { task: toTask(row, me.userId) };
}

const whatHappened = (task: Task): 'Completed' | 'Created' =>
  task.completed && task.completedAt ? 'Completed' : 'Created';

/** The dashboard (SPEC §2, §9): the figures, then only the 20 tasks it lists read in full. */
export async function dashboardSummary(deps: TasksDeps, userId: string): Promise<DashboardSummary> {
  const figures = await summaryFigures(deps.db, userId);
  const { recent, upcoming } = figures;
  const rows = await taskViews(deps.db, [...new Set([...recent.map((row) => row.id), ...upcoming])]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const taskOf = (id: string) => {
    const row = byId.get(id);
    return row ? toTask(row, userId) : undefined;
  };
  const n = (value: string) => Number(value);
  return {
    total: n(figures.total),
    personal: n(figures.personal),
    invited: n(figures.invited),
    assigned: n(figures.assigned),
    status: {
      completed: n(figures.completed),
      inProgress: n(figures.in_progress),
      notStarted: n(figures.not_started),
    },
    // A task deleted between the two reads is left out.
    recent: recent.flatMap(({ id, happened_at }) => {
      const task = taskOf(id);
      return task ? [{ task, what: whatHappened(task), at: new Date(happened_at).toISOString() }] : [];
    }),
    upcoming: upcoming.flatMap((id) => taskOf(id) ?? []),
  };
}

export async function assertOwnFolder(trx: TasksTrx, folderId: string | null | undefined, ownerId: string) {
  if (folderId && !(await ownsFolder(trx, folderId, ownerId))) throw notFound('Folder not found.');
}

/**
 * The form's columns; an absent reminder, overdue notice or repeat rule keeps the task's. `current`: the task
 * being changed (none for a new one), whose series a changed rule continues.
 */
const fieldsOf = (body: TaskForm, current: CurrentSeries | null = null) => ({
  title: body.title,
  description: body.description,
  due_date: body.dueDate,
  priority: body.priority,
  ...(body.reminder !== undefined
    ? { reminder_days_before: body.reminder?.daysBefore ?? null, reminder_hour: body.reminder?.hour ?? null }
    : {}),
  ...(body.overdueNotice !== undefined ? { overdue_notice: body.overdueNotice } : {}),
  ...seriesColumns(body.recurrence, body.dueDate, current),
});

/** Files let go of: the replaced or removed attachment, which files deletes when the event arrives. */
async function detach(
  trx: TasksTrx,
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
  trx: TasksTrx,
  me: AuthContext,
  draft: Draft,
  body: TaskForm,
  kind: TaskKind,
  folderId: string | null,
  recipientId: string | null = null,
) =>
  insertTaskRow(trx, {
    id: draft.id,
    ...fieldsOf(body),
    ...attachmentColumns(draft.attachment),
    owner_id: me.userId,
    owner_email: me.email,
    kind,
    folder_id: folderId,
    recipient_id: recipientId,
  });

/** /create_list: a new personal task (201), or, with `id`, a change to one of the caller's. */
export async function savePersonalTask(deps: TasksDeps, me: AuthContext, body: TaskForm) {
  if (body.id) {
    const { row } = await taskFor(deps.db, body.id, me.userId, 'edit');
    if (row.kind !== 'personal') throw badRequest(taskWriteMessages.useEditShared);
    await updateTask(deps, row, body, me);
    return { created: false, answer: written(row.id, taskWriteMessages.updated) };
  }
  const id = await withDraft(deps, body, me, (draft) => createPersonal(deps, body, me, draft));
  return { created: true, answer: written(id, taskWriteMessages.created) };
}

function createPersonal(deps: TasksDeps, body: TaskForm, me: AuthContext, draft: Draft) {
  const { id } = draft;
  return deps.write(async (trx) => {
    await actingAs(trx, me.userId);
    await assertOwnFolder(trx, body.folder_id, me.userId);
    await insertTask(trx, me, draft, body, 'personal', body.folder_id ?? null);
    const view = await taskViewIn(trx, id);
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
export async function delegateTask(
  deps: TasksDeps,
  me: AuthContext,
  body: TaskForm & { email: string },
  role: 'assign' | 'invite',
  /** The sender's language (their request's): the mail's, unless the recipient's own is known. */
  language: Language,
) {
  if (body.id) throw badRequest(taskWriteMessages.delegateNew);
  const email = body.email.toLowerCase();
  if (sameEmail(email, me.email)) throw badRequest(taskWriteMessages.self);
  const result = await withDraft(deps, body, me, (draft) =>
    delegate(deps, body, email, role, me, draft, language),
  );
  return written(result.id, result.message, result.invitationSent);
}

function delegate(
  deps: TasksDeps,
  body: TaskForm,
  email: string,
  role: 'assign' | 'invite',
  me: AuthContext,
  draft: Draft,
  language: Language,
) {
  const { id } = draft;
  return deps.write(async (trx) => {
    await actingAs(trx, me.userId);
    const to = await recipientFor(trx, email, me.userId);
    await insertTask(trx, me, draft, body, role, null, to.recipient?.id ?? null);
    const { view, ...handed } = await handOver(
      deps,
      trx,
      me,
      { id, title: body.title, role },
      email,
      to,
      language,
    );
    const task = toTask(view, me.userId);
    await enqueueEvent(trx, 'tasks.task.created', {
      actorId: me.userId,
      audience: audienceOf(view),
      data: { task },
    });
    await enqueueEvent(trx, role === 'assign' ? 'tasks.task.assigned' : 'tasks.task.invited', {
      actorId: me.userId,
      audience: audienceOf(view),
      data: { task, recipientEmail: email, recipientId: to.recipient?.id ?? null },
    });
    return { id, ...handed };
  });
}

/** Who `email` is to `ownerId`: the account that confirmed it (none: as no account), and whether it trusts them. */
export async function recipientFor(trx: TasksTrx, email: string, ownerId: string) {
  // An account whose address is unconfirmed may be a stranger's: the task waits, as for no account.
  const recipient = (await confirmedUser(trx, email)) ?? null;
  const trusted = recipient ? await trusts(trx, recipient.id, ownerId) : false;
  return { recipient, trusted };
}

/**
 * The recipient's side of delegating task `task` (its row written, with `to`'s id as recipient_id): their entry,
 * accepted at once when they trust the owner, and the mail. A registered recipient who trusts the owner gets
 * none; another registered one an accept link (held for the digest past a mail cap); an address with no
 * confirmed account an invitation to join, refused past a cap. Delegating and reassigning both hand over here.
 * With the task's card as it is now, for the events.
 */
export async function handOver(
  deps: TasksDeps,
  trx: TasksTrx,
  me: AuthContext,
  task: { id: string; title: string; role: 'assign' | 'invite' },
  email: string,
  to: Awaited<ReturnType<typeof recipientFor>>,
  language: Language,
) {
  const { id, title, role } = task;
  const { recipient, trusted } = to;
  await insertRecipientRow(trx, {
    task_id: id,
    email,
    user_id: recipient?.id ?? null,
    accepted_at: trusted ? new Date() : null,
    is_trusted: trusted,
  });
  const view = await taskViewIn(trx, id);
  const from = { name: view.owner_first_name ?? me.email, email: me.email };
  if (!recipient) {
    // The mail is the only way this task reaches them: past a cap, the task is refused.
    await deps.mailCaps.consume(trx, email, me.userId);
    const signup = new URL(pagePaths.signup, deps.config.PUBLIC_URL).toString();
    await enqueueMail(trx, await joinInvitationMail(email, from, title, role, signup, language));
  } else if (!trusted && (await deps.mailCaps.allows(trx, email, me.userId))) {
    const link = await issueAcceptLink(trx, deps.config, { taskId: id, email, userId: recipient.id, role });
    await enqueueMail(
      trx,
      // A registered recipient reads it in their own language, when tasks knows it.
      await acceptMail(
        email,
        from,
        title,
        role,
        link,
        deps.config.ACCEPT_TOKEN_TTL_DAYS,
        recipient.language ?? language,
      ),
    );
  } else if (!trusted) {
    // Past a cap, a registered person still gets the task (in their list and bell); its mail waits for the
    // digest (`mail-digest.ts`).
    await holdAcceptMail(trx, id);
  }
  const message = !recipient
    ? delegateMessages.notFound
    : trusted
      ? delegateMessages.trusted
      : role === 'assign'
        ? delegateMessages.assigned
        : delegateMessages.invited;
  return { view, invitationSent: !recipient, message };
}

/** /edit_shared_task/: the owner changes a delegated task; its recipient stays who it is. */
export async function editSharedTask(deps: TasksDeps, me: AuthContext, body: EditSharedForm) {
  const { row } = await taskFor(deps.db, body.id, me.userId, 'edit');
  if (row.kind === 'personal') throw badRequest(taskWriteMessages.useCreateList);
  if (body.email && row.recipient_email && !sameEmail(body.email, row.recipient_email))
    throw badRequest(taskWriteMessages.recipientFixed);
  await updateTask(deps, row, { ...body, folder_id: undefined }, me);
  return written(row.id, taskWriteMessages.updated);
}

async function updateTask(deps: TasksDeps, row: TaskViewRow, body: TaskForm, me: AuthContext) {
  const actorId = me.userId;
  const ref = { kind: 'task', id: row.id } as const;
  const field = { key: body.attachmentKey, url: body.attachmentUrl };
  await deps.files.withChange(me, ref, row.attachment_key, field, (attachment) =>
    deps.write(async (trx) => {
      await actingAs(trx, actorId);
      if (body.folder_id !== undefined) await assertOwnFolder(trx, body.folder_id, row.owner_id);
      await updateTaskRow(trx, row.id, {
        ...fieldsOf(body, row),
        ...attachmentColumns(attachment),
        ...(body.folder_id !== undefined ? { folder_id: body.folder_id } : {}),
      });
      await detach(trx, actorId, row.id, row.attachment_key, attachment);
      const view = await taskViewIn(trx, row.id);
      await enqueueEvent(trx, 'tasks.task.updated', {
        actorId,
        audience: audienceOf(view),
        data: { task: toTask(view, view.owner_id) },
      });
    }),
  );
}

/** /delete_list/{id}: the owner deletes the task (the id is written twice, and both must agree). */
export async function deleteTask(deps: TasksDeps, me: AuthContext, id: string, bodyId: string) {
  if (bodyId.toLowerCase() !== id.toLowerCase()) throw badRequest(taskWriteMessages.idMismatch);
  const { row } = await taskFor(deps.db, id, me.userId, 'delete');
  const actorId = me.userId;
  await deps.write(async (trx) => {
    await actingAs(trx, actorId);
    await deleteTaskRow(trx, row.id);
    await detach(trx, actorId, row.id, row.attachment_key, null);
    await endCommentSockets(trx, row.id, audienceOf(row));
    await enqueueEvent(trx, 'tasks.task.deleted', {
      actorId,
      audience: audienceOf(row),
      data: { taskId: row.id, title: row.title },
    });
  });
  return { message: taskWriteMessages.deleted };
}

/** /completed/{id}: completes or reopens the task, as whoever SPEC §6 lets. */
export async function setCompleted(
  deps: TasksDeps,
  me: AuthContext,
  id: string,
  body: { completed: boolean; userEmail?: string },
) {
  if (body.userEmail && !sameEmail(body.userEmail, me.email))
    throw new HttpError(403, 'forbidden', taskWriteMessages.notYou);
  const { row } = await taskFor(deps.db, id, me.userId, 'complete');
  const { completed } = body;
  const actorId = me.userId;
  await deps.write(async (trx) => {
    await actingAs(trx, actorId);
    await updateTaskRow(trx, row.id, { completed, completed_at: completed ? new Date() : null });
    const view = await taskViewIn(trx, row.id);
    await enqueueEvent(trx, completed ? 'tasks.task.completed' : 'tasks.task.reopened', {
      actorId,
      audience: audienceOf(view),
      data: { task: toTask(view, view.owner_id) },
    });
    // A repeating task's next occurrence: made by the first completion only, however many race.
    if (completed) await makeNextOccurrence(trx, actorId, row.id);
  });
  return { message: completed ? taskWriteMessages.completed : taskWriteMessages.reopened };
}

/** folders files a task the moment tasks committed it, before folders' copy has heard of it. */
export async function ownPersonal(deps: TasksDeps, me: AuthContext, ids: string[]) {
  return { tasks: await ownPersonalTasks(deps.db, me.userId, ids) };
}
