import type { TaskCategory } from './state/workspace';

/**
 * Props of the views the shell places, in one module both sides import, so a remote that changes what its
 * view takes breaks the type check of the shell (ARCHITECTURE.md "Front end").
 */

/** `mf-tasks/TaskList`: one category's tasks; with `folderId`, only the personal tasks filed in that folder. */
export interface TaskListProps {
  category: TaskCategory;
  /** Personal Tasks only: the open folder. Without it Personal Tasks lists the unfiled tasks. */
  folderId?: string;
}

/** `mf-folders/FolderView`: the header of an open folder (SPEC §2 "Folder view"). */
export interface FolderViewProps {
  folderId: string;
}
