import type { Folder } from '@baton/contracts';
import { Button, NoticeBanner, Tabs, useNotice } from '@baton/ui';
import { useCreateFolderSignal, useOnline, useOpenFolder, useT } from '@baton/web-platform';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { FolderFormDialog } from '../dialogs/FolderFormDialog';
import { type FolderList, failureOf, useFoldersQuery, useUpdateFolderMutation } from '../folders/api';
import { takeReturn } from '../folders/focus';
import { useLiveFolders } from '../folders/live';
import { book } from '../messages';
import { FolderCard } from './FolderCard';
import { useFileTasks } from './fileTasks';
import '../folders.css';

/**
 * The folder strip of Personal Tasks (SPEC §2), exposed to the shell as `mf-folders/FolderStrip`: the
 * folders as cards in one scrolling row, "Create Folder", the archived folders on their own tab with Restore.
 * Task cards dropped on a folder are filed in it. It answers the workspace's "create folder" request.
 */
export default function FolderStrip() {
  const t = useT(book);
  const headingId = useId();
  const [list, setList] = useState<FolderList>('active');
  const [creating, setCreating] = useState(false);
  const { notice, show, clear } = useNotice();
  const openFolder = useOpenFolder();
  const fileTasks = useFileTasks();
  const [update] = useUpdateFolderMutation();
  const [restoring, setRestoring] = useState<string | null>(null);

  useCreateFolderSignal(() => setCreating(true));
  useLiveFolders();

  async function drop(folder: Folder, taskIds: string[]) {
    const result = await fileTasks(folder, taskIds);
    show(result.ok ? 'success' : 'error', result.text);
  }

  async function restore(folder: Folder) {
    setRestoring(folder.id);
    try {
      await update({ id: folder.id, patch: { is_archived: false } }).unwrap();
      show('success', t('restored', { name: folder.name }));
    } catch (error) {
      show('error', failureOf(error, t('restoreFailed')));
    } finally {
      setRestoring(null);
    }
  }

  return (
    <section className="folder-strip" aria-labelledby={headingId}>
      <div className="folder-strip__header">
        <h2 id={headingId} className="folder-strip__title">
          {t('folders')}
        </h2>
        <Button variant="secondary" onClick={() => setCreating(true)}>
          {t('createFolder')}
        </Button>
      </div>
      <NoticeBanner notice={notice} onDismiss={clear} />
      <Tabs
        aria-label={t('whichFolders')}
        className="folder-strip__tabs"
        value={list}
        onChange={(id) => setList(id as FolderList)}
        tabs={[
          { id: 'active', label: t('active') },
          { id: 'archived', label: t('archived') },
        ]}
      >
        {list === 'active' ? (
          <Folders
            list="active"
            empty={t('empty')}
            onOpen={(folder) => openFolder(folder.id)}
            onDropTasks={drop}
          />
        ) : (
          <Folders
            list="archived"
            empty={t('archivedEmpty')}
            onOpen={(folder) => openFolder(folder.id)}
            extra={(folder) => (
              <Button
                variant="secondary"
                className="folder-strip__restore"
                busy={restoring === folder.id}
                aria-label={t('restoreOf', { name: folder.name })}
                onClick={() => restore(folder)}
              >
                {t('restore')}
              </Button>
            )}
          />
        )}
      </Tabs>
      {creating ? (
        <FolderFormDialog
          onClose={() => setCreating(false)}
          onSaved={(folder) => show('success', t('created', { name: folder.name }))}
        />
      ) : null}
    </section>
  );
}

/** One list of folders: loading, unavailable (tasks keep working), empty, or the cards in a row. */
function Folders({
  list,
  empty,
  onOpen,
  onDropTasks,
  extra,
}: {
  list: FolderList;
  empty: string;
  onOpen: (folder: Folder) => void;
  onDropTasks?: (folder: Folder, taskIds: string[]) => void;
  extra?: (folder: Folder) => ReactNode;
}) {
  const t = useT(book);
  const { data, isLoading, isError, isFetching, refetch } = useFoldersQuery(list);
  const online = useOnline();
  const cards = useRef(new Map<string, HTMLButtonElement>());

  // Back from a folder's view: its card takes the focus again.
  useEffect(() => {
    if (!data) return;
    const id = takeReturn();
    if (id) cards.current.get(id)?.focus();
  }, [data]);

  if (isLoading)
    return (
      <p className="folder-strip__state" role="status">
        {t('loading')}
      </p>
    );
  if (isError && !data)
    return (
      <div className="folder-strip__state folder-strip__state--failed" role="alert">
        {/* Offline, that is the reason (the list asks again by itself when the connection returns). */}
        <p>{online ? `${t('unavailable')} ${t('tasksStillWork')}` : t('offline')}</p>
        <Button variant="secondary" busy={isFetching} onClick={() => refetch()}>
          {t('tryAgain')}
        </Button>
      </div>
    );
  if (!data || data.length === 0) return <p className="folder-strip__state">{empty}</p>;
  return (
    <ul className="folder-strip__list">
      {data.map((folder) => (
        <li key={folder.id} className="folder-strip__item">
          <FolderCard
            folder={folder}
            onOpen={onOpen}
            onDropTasks={onDropTasks}
            ref={(node) => {
              if (node) cards.current.set(folder.id, node);
              else cards.current.delete(folder.id);
            }}
          />
          {extra?.(folder)}
        </li>
      ))}
    </ul>
  );
}
