import type { Generated, Insertable, Selectable } from 'kysely';

/** What tasks knows of people, from identity's events (names for cards, e-mail lookups). */
export interface UsersTable {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
}

/** `owner_id` trusts `trusted_id`: tasks from the trusted person arrive accepted, without a mail. */
export interface TrustsTable {
  owner_id: string;
  trusted_id: string;
}

/** Folder names and colours for task cards, from the folders service's events. */
export interface FoldersTable {
  id: string;
  owner_id: string;
  name: string;
  color: string | null;
}

export type TaskKind = 'personal' | 'assign' | 'invite';

export interface TasksTable {
  id: Generated<string>;
  owner_id: string;
  owner_email: string;
  kind: TaskKind;
  title: string;
  description: string;
  due_date: string | null;
  priority: 'Immediate' | 'Moderate' | 'Lenient';
  progress: Generated<number>;
  completed: Generated<boolean>;
  completed_at: Date | null;
  folder_id: string | null;
  attachment_key: string | null;
  attachment_url: string | null;
  /** The attached file's name, sniffed type and size, as files answered when it was attached. */
  attachment_name: string | null;
  attachment_type: string | null;
  attachment_size: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** The person a delegated task went to: a user, or an e-mail that has no account yet (user_id null). */
export interface RecipientsTable {
  task_id: string;
  email: string;
  user_id: string | null;
  accepted_at: Date | null;
  /** The recipient trusted the owner when the task arrived: accepted without a mail. */
  is_trusted: Generated<boolean>;
  created_at: Generated<Date>;
}

/** Accept links: random token stored as SHA-256, bound to task and recipient, expiring, used once. */
export interface AcceptTokensTable {
  token_hash: string;
  task_id: string;
  email: string;
  expires_at: Date;
  used_at: Date | null;
}

export interface ProgressLogsTable {
  id: Generated<string>;
  task_id: string;
  author_id: string;
  author_name: string;
  progress: number;
  message: string;
  created_at: Generated<Date>;
}

/** A comment on a delegated task; author e-mail and name as they were when it was written. */
export interface CommentsTable {
  id: Generated<string>;
  task_id: string;
  author_id: string;
  author_email: string;
  author_name: string;
  content: string;
  /** The commit order within a task (comments of one task are written one at a time): `after` pages by it. */
  created_at: Date;
}

export interface TasksTables {
  users: UsersTable;
  trusts: TrustsTable;
  folders: FoldersTable;
  tasks: TasksTable;
  task_recipients: RecipientsTable;
  accept_tokens: AcceptTokensTable;
  progress_logs: ProgressLogsTable;
  comments: CommentsTable;
  erased_users: {
    id: string;
    erased_at: Generated<Date>;
  };
}

export type TaskRow = Selectable<TasksTable>;
export type NewTask = Insertable<TasksTable>;
export type RecipientRow = Selectable<RecipientsTable>;
