import type { ComponentType } from 'react';
import type { TaskCategory } from './state/workspace';

/**
 * The contract between the shell and the remotes: which views each remote exposes and the props each takes,
 * in one module both sides import, so a remote that changes what its view takes breaks the type check of the
 * shell. At run time the contract is this package's version: remotes require `^` the version they were built
 * with, strictly (packages/mf-config), so a change here that older remotes cannot run with is a breaking
 * (semver) change of @baton/web-platform.
 */

/** `mf-tasks/TaskList`: one category's tasks; with `folderId`, only the personal tasks filed in that folder. */
export interface TaskListProps {
  category: TaskCategory;
  /** Personal Tasks only: the open folder. Without it Personal Tasks lists the unfiled tasks. */
  folderId?: string;
}

/** `mf-tasks/TaskPage`: one task on its own page (`/home/tasks/<id>`). */
export interface TaskPageProps {
  taskId: string;
}

/** `mf-folders/FolderView`: the header of an open folder (SPEC §2 "Folder view"). */
export interface FolderViewProps {
  folderId: string;
}

/** `mf-tasks/AcceptTask`: the accept-task page, with the link's parameters (SPEC §4 "Accept-task page"). */
export interface AcceptTaskProps {
  uidb64: string;
  token: string;
  taskId: string;
  action: string;
}

/** A view the shell places without props. */
export type NoProps = Record<never, never>;

/** Every remote's exposed views, by remote and view name, with their props. */
export interface RemoteViews {
  'mf-tasks': {
    TaskList: TaskListProps;
    TaskPage: TaskPageProps;
    Dashboard: NoProps;
    AcceptTask: AcceptTaskProps;
    /** Every open task the person delegated, by the person it waits on (0.3.0). */
    Waiting: NoProps;
  };
  'mf-folders': { FolderStrip: NoProps; FolderView: FolderViewProps };
  'mf-notifications': { NotificationBell: NoProps };
  'mf-settings': { Settings: NoProps };
}
export type RemoteName = keyof RemoteViews;
export type ViewName<R extends RemoteName> = keyof RemoteViews[R] & string;
export type ViewProps<R extends RemoteName, V extends ViewName<R>> = RemoteViews[R][V];

/** What an exposed module is: its view as the default export. */
export interface RemoteViewModule<R extends RemoteName, V extends ViewName<R>> {
  default: ComponentType<ViewProps<R, V>>;
}

/**
 * A remote's exposed views, checked against the contract: a remote writes
 * `Exposes<'mf-settings', { Settings: typeof import('./Settings') }>`, and a missing view or one taking other
 * props fails its typecheck.
 */
export type Exposes<R extends RemoteName, M extends { [V in ViewName<R>]: RemoteViewModule<R, V> }> = M;

/** The `exposes` of a remote's build ('./Settings' → its file), with exactly the contract's view names. */
export type ExposedFiles<R extends RemoteName> = { [V in ViewName<R> as `./${V}`]: string };
