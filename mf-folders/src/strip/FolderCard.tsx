import type { Folder } from '@baton/contracts';
import { cx } from '@baton/ui';
import { useT, useTaskDropTarget } from '@baton/web-platform';
import type { CSSProperties, Ref } from 'react';
import { LinkIcon } from '../icons';
import { book } from '../messages';

/** A folder's colour as the cards and the view paint it; no colour shows a neutral outline. */
export const folderColour = (folder: Pick<Folder, 'color'>) =>
  ({ '--folder-color': folder.color ?? 'transparent' }) as CSSProperties;

/**
 * One folder in the strip (SPEC §2): colour, name, count of open tasks and a link icon when it has a base
 * file. A button: click, Enter or Space opens the folder. With `onDropTasks` it takes dragged task cards.
 */
export function FolderCard({
  folder,
  onOpen,
  onDropTasks,
  ref,
}: {
  folder: Folder;
  onOpen: (folder: Folder) => void;
  onDropTasks?: (folder: Folder, taskIds: string[]) => void;
  ref?: Ref<HTMLButtonElement>;
}) {
  // A drop target for dragged task cards (the platform's drag context); archived folders take none.
  const target = useTaskDropTarget(folder.id, {
    name: folder.name,
    onDrop: (ids) => onDropTasks?.(folder, ids),
    disabled: !onDropTasks,
  });
  const t = useT(book);
  const idBase = `folder-card-${folder.id}`;
  const setRefs = (node: HTMLButtonElement | null) => {
    target.ref(node);
    if (typeof ref === 'function') ref(node);
    else if (ref) (ref as { current: HTMLButtonElement | null }).current = node;
  };

  return (
    <button
      ref={setRefs}
      type="button"
      className={cx(
        'folder-card',
        !folder.color && 'folder-card--no-colour',
        folder.is_archived && 'folder-card--archived',
        target.isOver && 'folder-card--over',
      )}
      style={folderColour(folder)}
      // The name, then the count (and the base file): "Work 3 tasks has a base file", the same in every browser.
      aria-labelledby={[`${idBase}-name`, `${idBase}-count`, folder.baseFileKey && `${idBase}-file`]
        .filter(Boolean)
        .join(' ')}
      data-folder-id={folder.id}
      onClick={() => onOpen(folder)}
    >
      <span className="folder-swatch folder-card__swatch" aria-hidden="true" />
      <span className="folder-card__text">
        <span id={`${idBase}-name`} className="folder-card__name">
          {folder.name}
        </span>{' '}
        <span className="folder-card__meta">
          <span id={`${idBase}-count`}>{t('tasks', { count: folder.task_count })}</span>
          {folder.baseFileKey ? (
            <span
              className="folder-card__link"
              title={t('baseFileOf', { label: folder.baseFileLabel || t('unnamed') })}
            >
              <LinkIcon />
              <span id={`${idBase}-file`} className="b-visually-hidden">
                {t('hasBaseFile')}
              </span>
            </span>
          ) : null}
        </span>
      </span>
    </button>
  );
}
