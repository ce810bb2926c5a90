import type { Generated } from 'kysely';

export interface FoldersTables {
  folders: {
    id: Generated<string>;
    owner_id: string;
    name: string;
    /** A palette colour, or null ("no colour"). */
    color: string | null;
    base_file_key: string | null;
    base_file_label: string | null;
    base_file_url: string | null;
    sort_order: number;
    is_archived: boolean;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  /**
   * The owners' personal tasks as tasks' events describe them: who may file which task, and the counts.
   * `folder_changed_at` orders what this service decided (attach, delete) against older task events.
   */
  tasks: {
    id: string;
    owner_id: string;
    folder_id: string | null;
    completed: boolean;
    folder_changed_at: Date;
  };
  /** Deleted accounts: a late event must not bring their rows back. */
  erased_users: { id: string };
}
