import type { Task } from '@baton/contracts';
import { useToast } from '@baton/ui';
import { failureMessage, type TaskCategory } from '@baton/web-platform';
import { useState } from 'react';
import {
  formOf,
  type TaskForm,
  useDeleteTaskMutation,
  useFolderChoicesQuery,
  useSaveTaskMutation,
  useSetCompletedMutation,
} from '../api';
import { tt, useTasksT } from '../i18n';
import { capabilities, kindOf } from '../rules';

/** The card's dialogs; one at most is open. */
export type CardDialog = 'history' | 'comments' | 'delete' | 'preview' | 'decline' | 'propose' | 'reassign';

/** An action of the card besides its main one: a button when comfortable, an item of "More actions" when compact. */
export interface CardAction {
  label: string;
  onSelect: () => void;
  danger?: boolean;
}

/**
 * Filing by menu, for keyboards and phones as well as a way out: "Move to <folder>" for each other active folder,
 * and "Remove from folder" for a filed task.
 */
function useFolderMoves(
  task: Task,
  enabled: boolean,
  onMove: (folderId: string | null) => void,
): CardAction[] {
  const { data: folders = [] } = useFolderChoicesQuery(undefined, { skip: !enabled });
  if (!enabled) return [];
  return [
    ...folders
      .filter((folder) => folder.id !== task.folder?.id)
      .map((folder) => ({ label: tt('moveTo', { folder: folder.name }), onSelect: () => onMove(folder.id) })),
    ...(task.folder ? [{ label: tt('removeFromFolder'), onSelect: () => onMove(null) }] : []),
  ];
}

/**
 * Completing and reopening. A failure is the list's to say (a completed card has left for the other tab); a
 * completion is said by a toast with a way back.
 */
function useCompletion(task: Task, onFailure: (message: string) => void) {
  const [setCompleted, completing] = useSetCompletedMutation();
  const toast = useToast();

  async function complete(completed: boolean) {
    try {
      await setCompleted({ id: task.id, completed }).unwrap();
      return true;
    } catch (error) {
      onFailure(`“${task.title}”: ${failureMessage(error, tt('changeFailed'))}`);
      return false;
    }
  }

  async function toggle() {
    const completed = !task.completed;
    if (!(await complete(completed)) || !completed) return;
    const id = toast(
      <>
        {tt('completedToast', { title: task.title })}{' '}
        <button
          type="button"
          className="task-link"
          onClick={() => {
            toast.dismiss(id);
            void complete(false);
          }}
        >
          {tt('undo')}
        </button>
      </>,
      'success',
    );
  }

  return { toggle, completing: completing.isLoading };
}

export interface TaskCardActionsOptions {
  task: Task;
  category: TaskCategory;
  compact: boolean;
  onEdit: (task: Task) => void;
  /** A change that failed where the card may no longer be (completing moves it). */
  onFailure: (message: string) => void;
}

/** What a card does: its requests, its open dialog, its failure line, and the actions it offers. */
export function useTaskCardActions({ task, category, compact, onEdit, onFailure }: TaskCardActionsOptions) {
  const t = useTasksT();
  const can = capabilities[category];
  const [dialog, setDialog] = useState<CardDialog | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saveTask] = useSaveTaskMutation();
  const [deleteTask, deleting] = useDeleteTaskMutation();
  const completion = useCompletion(task, onFailure);
  // SPEC §2: personal tasks are filed into folders (by dragging, or by these menu items).
  const folderMoves = useFolderMoves(task, category === 'Personal Tasks', (folderId) =>
    change({ folder_id: folderId }),
  );

  async function change(patch: Partial<TaskForm>) {
    setFailure(null);
    try {
      await saveTask({ kind: kindOf(category), id: task.id, form: { ...formOf(task), ...patch } }).unwrap();
    } catch (error) {
      setFailure(failureMessage(error, tt('changeFailed')));
    }
  }

  async function toggleCompleted() {
    setFailure(null);
    await completion.toggle();
  }

  async function remove() {
    try {
      await deleteTask(task.id).unwrap();
      setDialog(null);
    } catch {
      setDialog(null);
      setFailure(tt('deleteFailed'));
    }
  }

  // The same names as buttons and as menu items, so people (and tests) find them either way. Compact, the
  // attachment preview and the folder moves join them; comfortable, they keep their own places.
  // The recipient of an open task (pending or accepted) may ask for another date or give the task back.
  const recipient = !can.ownerSide && category !== 'Personal Tasks' && !task.completed;
  const actions: CardAction[] = [
    { label: t('history'), onSelect: () => setDialog('history') },
    ...(can.comments ? [{ label: t('comments'), onSelect: () => setDialog('comments') }] : []),
    ...(can.edit ? [{ label: t('edit'), onSelect: () => onEdit(task) }] : []),
    ...(recipient && !task.proposal
      ? [{ label: t('proposeDate'), onSelect: () => setDialog('propose') }]
      : []),
    ...(recipient ? [{ label: t('decline'), onSelect: () => setDialog('decline'), danger: true }] : []),
    ...(compact && task.attachment
      ? [
          {
            label: t('previewAttachment', { name: task.attachment.name }),
            onSelect: () => setDialog('preview'),
          },
        ]
      : []),
    ...(compact ? folderMoves : []),
    ...(can.delete ? [{ label: t('deleteTask'), onSelect: () => setDialog('delete'), danger: true }] : []),
  ];

  return {
    dialog,
    openDialog: setDialog,
    closeDialog: () => setDialog(null),
    failure,
    dismissFailure: () => setFailure(null),
    change,
    toggleCompleted,
    completing: completion.completing,
    remove,
    deleting: deleting.isLoading,
    folderMoves,
    actions,
  };
}
