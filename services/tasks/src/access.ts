import { commentMessages } from '@baton/contracts';
import { HttpError, notFound, unauthorized } from '@baton/service-kit';
import type { TasksDb, TasksTrx } from './context';
import type { TaskKind } from './db/schema';
import { lockForWriting } from './people.repository';
import { type TaskViewRow, taskView } from './routes/tasks/tasks.repository';

/** How a person stands to a task. */
export type Relation = 'owner' | 'recipient' | 'pending' | 'stranger';
export type Action = 'view' | 'edit' | 'delete' | 'complete' | 'progress' | 'readComments' | 'comment';

/**
 * SPEC §6 as a table: what each side may do, per kind of task. A pending recipient (not accepted yet)
 * may only look, the comments included; a stranger may not even learn the task exists.
 */
const allowed: Record<TaskKind, Record<Exclude<Relation, 'stranger'>, readonly Action[]>> = {
  personal: { owner: ['view', 'edit', 'delete', 'complete', 'progress'], recipient: [], pending: [] },
  assign: {
    owner: ['view', 'edit', 'delete', 'readComments', 'comment'],
    recipient: ['view', 'complete', 'progress', 'readComments', 'comment'],
    pending: ['view', 'readComments'],
  },
  invite: {
    owner: ['view', 'edit', 'delete', 'readComments', 'comment', 'progress'],
    recipient: ['view', 'complete', 'progress', 'readComments', 'comment'],
    pending: ['view', 'readComments'],
  },
};

export function may(kind: TaskKind, relation: Relation, action: Action) {
  return relation !== 'stranger' && allowed[kind][relation].includes(action);
}

export function relationOf(
  row: Pick<TaskViewRow, 'owner_id' | 'recipient_id' | 'accepted_at'>,
  userId: string,
) {
  if (row.owner_id === userId) return 'owner';
  if (row.recipient_id === userId) return row.accepted_at ? 'recipient' : 'pending';
  return 'stranger';
}

export const accessMessages = {
  edit: 'Only the owner can change this task.',
  delete: 'Only the owner can delete this task.',
  complete: 'Only the recipient can complete a delegated task.',
  progress: 'Progress on an assigned task is set by the recipient.',
  readComments: commentMessages.personal,
  comment: commentMessages.personal,
  accept: 'Accept the task first.',
  view: 'Not found.',
} as const satisfies Record<Action | 'accept', string>;

/** The task if `userId` may do `action` on it: 404 when they may not see it, 403 when they may not act. */
export async function taskFor(db: TasksDb | TasksTrx, taskId: string, userId: string, action: Action) {
  const row = await taskView(db, taskId);
  const relation = row ? relationOf(row, userId) : 'stranger';
  if (!row || relation === 'stranger') throw notFound('Task not found.');
  if (!may(row.kind, relation, action)) {
    const message =
      relation === 'pending' && action !== 'edit' && action !== 'delete'
        ? accessMessages.accept
        : accessMessages[action];
    throw new HttpError(403, 'forbidden', message);
  }
  return { row, relation };
}

/**
 * The first step of each of a person's writes: refused (401) once their account was erased, and the erasure
 * waits for the write to commit (`lockForWriting`).
 */
export async function actingAs(trx: TasksTrx, userId: string) {
  if (await lockForWriting(trx, userId)) throw unauthorized('Token is invalid or expired');
}
