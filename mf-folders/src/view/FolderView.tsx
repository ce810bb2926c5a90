import type { Folder } from '@baton/contracts';
import { Button, FilePreviewDialog, NoticeBanner, useNotice } from '@baton/ui';
import { type FolderViewProps, useApiClient, useCloseFolder, useT } from '@baton/web-platform';
import { useEffect, useId, useRef, useState } from 'react';
import { DeleteFolderDialog } from '../dialogs/DeleteFolderDialog';
import { FolderFormDialog } from '../dialogs/FolderFormDialog';
import { failureOf, useFoldersQuery, useUpdateFolderMutation } from '../folders/api';
import { rememberReturn } from '../folders/focus';
import { useLiveFolders } from '../folders/live';
import { BackIcon, LinkIcon } from '../icons';
import { book } from '../messages';
import { folderColour } from '../strip/FolderCard';
import '../folders.css';

type Dialog = 'edit' | 'delete' | 'preview' | null;

/**
 * The head of an open folder (SPEC §2 "Folder view"), exposed to the shell as `mf-folders/FolderView`: back
 * to Personal Tasks, the folder's name, its base file's preview, edit, archive or restore, delete. The shell
 * puts the folder's task list (mf-tasks) under it, and the bell stays in its header.
 */
export default function FolderView({ folderId }: FolderViewProps) {
  const t = useT(book);
  const active = useFoldersQuery('active');
  // An archived folder opens too: its tasks are still somewhere to be seen.
  const archived = useFoldersQuery('archived');
  const closeFolder = useCloseFolder();
  useLiveFolders();

  const found = active.data?.find((f) => f.id === folderId) ?? archived.data?.find((f) => f.id === folderId);
  // While a list is fetched again (after an archive, a rename) the folder keeps showing as it was.
  const last = useRef<Folder | undefined>(undefined);
  if (found) last.current = found;
  const settled = !active.isFetching && !archived.isFetching;
  const folder = found ?? (settled ? undefined : last.current);

  const back = () => {
    rememberReturn(folderId);
    closeFolder();
  };

  if (folder) return <FolderHeader folder={folder} onBack={back} onDeleted={closeFolder} />;

  const failed = (active.isError && !active.data) || (archived.isError && !archived.data);
  const loading = active.isLoading || archived.isLoading || !settled;
  return (
    <section className="folder-view" aria-label={t('folder')}>
      <div className="folder-view__bar">
        <BackButton onBack={back} />
        {loading && !failed ? (
          <p className="folder-view__state" role="status">
            {t('viewLoading')}
          </p>
        ) : failed ? (
          <div className="folder-view__state" role="alert">
            <p>
              {t('unavailable')} {t('tasksStillWork')}
            </p>
            <Button
              variant="secondary"
              onClick={() => {
                active.refetch();
                archived.refetch();
              }}
            >
              {t('tryAgain')}
            </Button>
          </div>
        ) : (
          <p className="folder-view__state" role="alert">
            {t('gone')}
          </p>
        )}
      </div>
    </section>
  );
}

function BackButton({ onBack }: { onBack: () => void }) {
  const t = useT(book);
  return (
    <button type="button" className="folder-view__back" onClick={onBack}>
      <BackIcon />
      <span className="b-visually-hidden">{t('back')}</span>
    </button>
  );
}

function FolderHeader({
  folder,
  onBack,
  onDeleted,
}: {
  folder: Folder;
  onBack: () => void;
  onDeleted: () => void;
}) {
  const t = useT(book);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const { request } = useApiClient();
  const { notice, show, clear } = useNotice();
  const [update, updating] = useUpdateFolderMutation();
  const label = folder.baseFileLabel || t('baseFile');

  // Opening a folder replaces the card that had the focus: the view's heading takes it.
  useEffect(() => {
    heading.current?.focus();
  }, []);

  async function setArchived(is_archived: boolean) {
    try {
      await update({ id: folder.id, patch: { is_archived } }).unwrap();
      show(
        'success',
        is_archived ? t('archivedDone', { name: folder.name }) : t('restored', { name: folder.name }),
      );
    } catch (error) {
      show('error', failureOf(error, is_archived ? t('archiveFailed') : t('restoreFailed')));
    }
  }

  return (
    <section className="folder-view" aria-labelledby={headingId} style={folderColour(folder)}>
      <div className="folder-view__bar">
        <BackButton onBack={onBack} />
        <span
          className={folder.color ? 'folder-swatch' : 'folder-swatch folder-swatch--none'}
          aria-hidden="true"
        />
        <h2 id={headingId} ref={heading} tabIndex={-1} className="folder-view__name">
          {folder.name}
        </h2>
        {folder.is_archived ? <span className="folder-badge">{t('archived')}</span> : null}
      </div>
      <p className="folder-view__meta">
        <span>{t('openTasks', { tasks: t('tasks', { count: folder.task_count }) })}</span>
        {folder.baseFileKey ? (
          <span className="folder-view__file">
            <LinkIcon />
            <span>{t('baseFileOf', { label })}</span>
          </span>
        ) : null}
      </p>
      <NoticeBanner notice={notice} onDismiss={clear} />
      <div className="folder-view__actions">
        {folder.baseFileKey ? (
          <Button variant="secondary" onClick={() => setDialog('preview')}>
            {t('previewBaseFile')}
          </Button>
        ) : null}
        <Button variant="secondary" onClick={() => setDialog('edit')}>
          {t('editFolder')}
        </Button>
        <Button
          variant="secondary"
          busy={updating.isLoading}
          onClick={() => setArchived(!folder.is_archived)}
        >
          {folder.is_archived ? t('restoreFolder') : t('archiveFolder')}
        </Button>
        <Button variant="ghost" className="folder-view__delete" onClick={() => setDialog('delete')}>
          {t('deleteFolder')}
        </Button>
      </div>

      {dialog === 'preview' ? (
        <FilePreviewDialog
          request={request}
          folderId={folder.id}
          title={t('previewTitle', { name: folder.name })}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === 'edit' ? <FolderFormDialog folder={folder} onClose={() => setDialog(null)} /> : null}
      {dialog === 'delete' ? (
        <DeleteFolderDialog folder={folder} onClose={() => setDialog(null)} onDeleted={onDeleted} />
      ) : null}
    </section>
  );
}
