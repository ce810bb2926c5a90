import {
  type FolderViewProps,
  selectOpenTaskId,
  TaskDragProvider,
  type TaskListProps,
  type TaskPageProps,
  useCategory,
  useCategoryText,
  useOpenFolderId,
  usePlatformSelector,
  useT,
} from '@baton/web-platform';
import { useRef, useState } from 'react';
import { shellBook } from '../i18n/shell';
import { CommandPalette } from '../palette/CommandPalette';
import { RemoteArea } from '../remotes/RemoteArea';
import { areas } from './areas';
import { EmailConfirmation } from './EmailConfirmation';
import { OfflineBanner } from './OfflineBanner';
import { Sidebar } from './Sidebar';
import { useWorkspaceUrl } from './useWorkspaceUrl';
import './workspace.css';

function CategoryView() {
  const category = useCategory();
  const folderId = useOpenFolderId();
  const taskId = usePlatformSelector(selectOpenTaskId);
  if (taskId) {
    const task: TaskPageProps = { taskId };
    return <RemoteArea key={`task-${taskId}`} {...areas.taskPage} props={{ ...task }} />;
  }
  if (category === 'Dashboard') return <RemoteArea key="dashboard" {...areas.dashboard} />;
  if (category === 'Settings') return <RemoteArea key="settings" {...areas.settings} />;
  if (category === 'Waiting on others') return <RemoteArea key="waiting" {...areas.waiting} />;
  if (category === 'Personal Tasks' && folderId) {
    // SPEC §2 "Folder view": the folder's head (mf-folders), then its tasks (mf-tasks), each in its own area.
    const view: FolderViewProps = { folderId };
    const tasks: TaskListProps = { category, folderId };
    return (
      <>
        <RemoteArea key={`folder-${folderId}`} {...areas.folderView} props={{ ...view }} />
        <RemoteArea key={`tasks-${category}`} {...areas.taskList} props={{ ...tasks }} />
      </>
    );
  }
  const tasks: TaskListProps = { category };
  return (
    <>
      {category === 'Personal Tasks' ? (
        <div className="workspace__folders">
          <RemoteArea key="folders" {...areas.folderStrip} secondary />
        </div>
      ) : null}
      <RemoteArea key={`tasks-${category}`} {...areas.taskList} props={{ ...tasks }} />
    </>
  );
}

/** /home: the sidebar, a header with the notification bell, and the active category's view. */
export function Workspace() {
  useWorkspaceUrl();
  const t = useT(shellBook);
  const heading = useCategoryText().heading;
  const category = useCategory();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeMenu = () => {
    setMenuOpen(false);
    menuButton.current?.focus();
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape closes the narrow-screen menu from wherever focus is in it.
    <div className="workspace" onKeyDown={(e) => menuOpen && e.key === 'Escape' && closeMenu()}>
      <title>{t('documentTitle', { title: heading(category) })}</title>
      <a className="workspace__skip" href="#workspace-content">
        {t('skipToContent')}
      </a>
      <CommandPalette />
      <Sidebar open={menuOpen} onNavigate={() => setMenuOpen(false)} />
      {menuOpen ? (
        <button type="button" className="workspace__scrim" aria-label={t('closeMenu')} onClick={closeMenu} />
      ) : null}
      <div className="workspace__main">
        <header className="workspace__header">
          <button
            ref={menuButton}
            type="button"
            className="workspace__menu"
            aria-expanded={menuOpen}
            aria-controls="workspace-sidebar"
            onClick={() => setMenuOpen((o) => !o)}
          >
            <span className="b-visually-hidden">{t('menu')}</span>
            <span aria-hidden="true" className="workspace__menu-icon" />
          </button>
          <h1 className="workspace__title">{heading(category)}</h1>
          <div className="workspace__bell">
            <RemoteArea {...areas.notifications} compact secondary />
          </div>
        </header>
        <main className="workspace__content" id="workspace-content" tabIndex={-1}>
          <OfflineBanner />
          <EmailConfirmation />
          {/* Task cards (mf-tasks) are dragged onto folders (mf-folders) within one drag context. */}
          <TaskDragProvider>
            <CategoryView />
          </TaskDragProvider>
        </main>
      </div>
    </div>
  );
}
