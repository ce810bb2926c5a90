import type { Category, Task } from '@baton/contracts';
import { sql } from 'kysely';
import type { TasksDb } from './context';
import type { TaskKind } from './db/schema';

/** A task with what its card shows: the recipient, the owner's name, the folder. */
export function selectTaskViews(db: TasksDb) {
  return db
    .selectFrom('tasks as t')
    .leftJoin('task_recipients as r', 'r.task_id', 't.id')
    .leftJoin('users as u', 'u.id', 't.owner_id')
    .leftJoin('folders as f', 'f.id', 't.folder_id')
    .select([
      't.id',
      't.owner_id',
      't.owner_email',
      't.kind',
      't.title',
      't.description',
      't.due_date',
      't.priority',
      't.progress',
      't.completed',
      't.completed_at',
      't.created_at',
      't.folder_id',
      't.attachment_key',
      't.attachment_url',
      't.attachment_name',
      't.attachment_type',
      't.attachment_size',
      'r.email as recipient_email',
      'r.user_id as recipient_id',
      'r.accepted_at',
      'r.is_trusted',
      'u.first_name as owner_first_name',
      'f.name as folder_name',
      'f.color as folder_color',
    ])
    .orderBy('t.completed')
    .orderBy(sql`t.completed_at desc nulls last`)
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id');
}

export type TaskViewRow = Awaited<ReturnType<ReturnType<typeof selectTaskViews>['executeTakeFirstOrThrow']>>;

const categoryOf = (kind: TaskKind, asOwner: boolean): Category => {
  if (kind === 'personal') return 'Personal Tasks';
  if (kind === 'assign') return asOwner ? 'Tasks Delegated - Assigned' : 'Assigned Tasks';
  return asOwner ? 'Tasks Delegated - Invitation' : 'Invited Tasks';
};

/** The task as SPEC §3 describes it, seen by `viewerId` (the category depends on which side they are on). */
export function toTask(row: TaskViewRow, viewerId: string): Task {
  const recipients = row.recipient_email ? [row.recipient_email] : [];
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    dueDate: row.due_date,
    priority: row.priority,
    progress: row.progress,
    completed: row.completed,
    completedAt: row.completed_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    owner: row.owner_email,
    firstName: row.owner_first_name ?? row.owner_email,
    assigned_users: row.kind === 'assign' ? recipients : [],
    invited_users: row.kind === 'invite' ? recipients : [],
    is_trusted: row.is_trusted ?? false,
    is_accepted: row.kind === 'personal' || row.accepted_at !== null,
    folder:
      row.folder_id && row.folder_name
        ? { id: row.folder_id, name: row.folder_name, color: row.folder_color }
        : null,
    attachmentKey: row.attachment_key,
    attachmentUrl: row.attachment_url,
    attachment:
      row.attachment_key && row.attachment_name
        ? {
            name: row.attachment_name,
            contentType: row.attachment_type ?? 'application/octet-stream',
            size: Number(row.attachment_size ?? 0),
          }
        : null,
    category: categoryOf(row.kind, row.owner_id === viewerId),
  };
}

/** The people an event about this task is for: the owner and a recipient who has an account. */
export const audienceOf = (row: Pick<TaskViewRow, 'owner_id' | 'recipient_id'>) =>
  [row.owner_id, row.recipient_id].filter((id): id is string => Boolean(id));
