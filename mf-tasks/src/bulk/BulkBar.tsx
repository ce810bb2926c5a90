import { Button, Dialog, DropdownMenu, priorities } from '@baton/ui';
import { type TaskCategory, useLanguage, useT } from '@baton/web-platform';
import {
  type FormEvent,
  type KeyboardEvent,
  type Ref,
  useEffect,
  useId,
  useImperativeHandle,
  useRef,
  useState,
} from 'react';
import { useFolderChoicesQuery } from '../api';
import { priorityKey, useTasksT } from '../i18n';
import { capabilities, formatDueDay, type Tab, today } from '../rules';
import { bulkBook } from './messages';
import { type BulkChange, undoSeconds } from './useBulkAction';
import './bulk.css';

/** What the list's shortcuts ask of the toolbar. */
export interface BulkBarHandle {
  /** Opens the "Move to folder" menu (the toolbar shows once a card is selected). */
  openFolderMenu: () => void;
}

export interface BulkBarProps {
  category: TaskCategory;
  tab: Tab;
  /** The folder whose view this is, if any (its tasks can be taken out of it). */
  folderId?: string;
  /** How many cards the view shows (nothing to select without any). */
  shown: number;
  selected: ReadonlySet<string>;
  all: boolean;
  selectAll: () => void;
  clear: () => void;
  run: (ids: readonly string[], change: BulkChange, shown?: string) => Promise<boolean>;
  busy: boolean;
  ref?: Ref<BulkBarHandle>;
}

/** Arrow keys, Home and End move between the toolbar's controls (WAI-ARIA toolbar), not inside its menus. */
function moveInToolbar(event: KeyboardEvent<HTMLElement>) {
  const keys = ['ArrowLeft', 'ArrowRight', 'Home', 'End'];
  if (!keys.includes(event.key) || (event.target as HTMLElement).closest('[role="menu"]')) return;
  const controls = Array.from(
    event.currentTarget.querySelectorAll<HTMLElement>('button:not(:disabled):not([role^="menuitem"])'),
  );
  const at = controls.indexOf(document.activeElement as HTMLElement);
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? controls.length - 1
        : (at + (event.key === 'ArrowRight' ? 1 : -1) + controls.length) % controls.length;
  event.preventDefault();
  controls[next]?.focus();
}

/**
 * "Select all in view", and with a selection the bulk toolbar: complete (or reopen), priority, due date, folder
 * and delete, each one request for every selected task.
 */
export function BulkBar({
  category,
  tab,
  folderId,
  shown,
  selected,
  all,
  selectAll,
  clear,
  run,
  busy,
  ref,
}: BulkBarProps) {
  const t = useT(bulkBook);
  const tTasks = useTasksT();
  const language = useLanguage();
  const can = capabilities[category];
  const personal = category === 'Personal Tasks';
  const { data: folders = [] } = useFolderChoicesQuery(undefined, { skip: !personal });
  const [dialog, setDialog] = useState<'due' | 'delete' | null>(null);
  const toolbarRef = useRef<HTMLDivElement>(null);
  const [folderMenuAsked, setFolderMenuAsked] = useState(0);
  const selectAllRef = useRef<HTMLInputElement>(null);
  const ids = [...selected];
  const count = selected.size;

  useImperativeHandle(ref, () => ({ openFolderMenu: () => setFolderMenuAsked((n) => n + 1) }), []);
  // Asked (by `m`) maybe in the same update that selected the first card: the menu is there once rendered.
  useEffect(() => {
    if (folderMenuAsked === 0) return;
    toolbarRef.current?.querySelector<HTMLButtonElement>('.task-bulk__folder button')?.click();
  }, [folderMenuAsked]);
  useEffect(() => {
    if (selectAllRef.current) selectAllRef.current.indeterminate = count > 0 && !all;
  }, [count, all]);
  // The toolbar goes with the selection: focus that was in it (on the button just used) lands on "Select all".
  const hadSelection = useRef(false);
  useEffect(() => {
    if (count === 0 && hadSelection.current && document.activeElement === document.body)
      selectAllRef.current?.focus();
    hadSelection.current = count > 0;
  }, [count]);

  if (shown === 0) return null;

  const folderItems = [
    ...folders
      .filter((folder) => folder.id !== folderId)
      .map((folder) => ({
        label: folder.name,
        onSelect: () => void run(ids, { action: 'folder', value: folder.id }, folder.name),
      })),
    ...(folderId
      ? [{ label: t('noFolder'), onSelect: () => void run(ids, { action: 'folder', value: null }) }]
      : []),
  ];

  return (
    <div className="task-bulk">
      <label className="task-bulk__all">
        <input
          ref={selectAllRef}
          type="checkbox"
          checked={all}
          onChange={() => (all ? clear() : selectAll())}
        />
        {t('selectAll')}
      </label>
      {count > 0 ? (
        <div
          ref={toolbarRef}
          role="toolbar"
          aria-label={t('toolbar')}
          className="task-bulk__toolbar"
          onKeyDown={moveInToolbar}
        >
          {/* Said by the list's live region on every change, so not a live region itself. */}
          <span className="task-bulk__count">{t('selected', { count })}</span>
          {can.complete ? (
            <Button
              variant="secondary"
              busy={busy}
              onClick={() => void run(ids, { action: 'complete', value: tab === 'due' })}
            >
              {tab === 'due' ? t('complete') : t('reopen')}
            </Button>
          ) : null}
          {can.edit ? (
            <>
              <DropdownMenu
                label={t('priority')}
                disabled={busy}
                items={priorities.map((priority) => ({
                  label: tTasks(priorityKey[priority]),
                  onSelect: () =>
                    void run(ids, { action: 'priority', value: priority }, tTasks(priorityKey[priority])),
                }))}
              />
              <Button variant="secondary" disabled={busy} onClick={() => setDialog('due')}>
                {t('dueDate')}
                <span aria-hidden="true"> ▸</span>
              </Button>
            </>
          ) : null}
          {personal ? (
            <DropdownMenu
              className="task-bulk__folder"
              label={t('folder')}
              disabled={busy}
              items={
                folderItems.length > 0
                  ? folderItems
                  : [{ label: t('noFolders'), onSelect: () => undefined, disabled: true }]
              }
            />
          ) : null}
          {can.delete ? (
            <Button variant="danger" disabled={busy} onClick={() => setDialog('delete')}>
              {t('delete')}
            </Button>
          ) : null}
          <Button variant="ghost" onClick={clear}>
            {t('clear')}
          </Button>
        </div>
      ) : null}

      <DueDateDialog
        open={dialog === 'due'}
        count={count}
        busy={busy}
        onClose={() => setDialog(null)}
        onSave={async (day) => {
          if (await run(ids, { action: 'due_date', value: day }, formatDueDay(day, language)))
            setDialog(null);
        }}
      />
      <Dialog
        open={dialog === 'delete'}
        role="alertdialog"
        title={t('deleteTitle', { count })}
        description={t('deleteText', { seconds: undoSeconds })}
        onClose={() => setDialog(null)}
      >
        <div className="task-dialog__actions">
          <Button variant="secondary" onClick={() => setDialog(null)}>
            {t('cancel')}
          </Button>
          <Button
            variant="danger"
            busy={busy}
            onClick={async () => {
              await run(ids, { action: 'delete', value: null });
              setDialog(null);
            }}
          >
            {t('delete')}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}

/** A date for every selected task (today to start with). */
function DueDateDialog({
  open,
  count,
  busy,
  onClose,
  onSave,
}: {
  open: boolean;
  count: number;
  busy: boolean;
  onClose: () => void;
  onSave: (day: string) => void;
}) {
  const t = useT(bulkBook);
  const [day, setDay] = useState(today);
  const inputId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (day) onSave(day);
  };
  return (
    <Dialog open={open} title={t('dueTitle', { count })} onClose={onClose}>
      <form onSubmit={submit} className="task-bulk__due">
        <label htmlFor={inputId}>{t('dueLabel')}</label>
        <input
          id={inputId}
          type="date"
          className="b-input"
          required
          value={day}
          onChange={(event) => setDay(event.target.value)}
        />
        <div className="task-dialog__actions">
          <Button variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" busy={busy}>
            {t('dueSave')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
