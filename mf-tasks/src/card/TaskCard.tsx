import type { Task } from '@baton/contracts';
import {
  Banner,
  Button,
  cx,
  Dialog,
  DropdownMenu,
  FilePreviewDialog,
  formatFileSize,
  GripIcon,
  PaperclipIcon,
  priorities,
  priorityColors,
  useToast,
} from '@baton/ui';
import { failureMessage, type TaskCategory, useApiClient, useTaskDrag } from '@baton/web-platform';
import { type CSSProperties, type SyntheticEvent, useState } from 'react';
import { useAccept } from '../accept/useAccept';
import {
  type TaskForm,
  useDeleteTaskMutation,
  useFolderChoicesQuery,
  useSaveTaskMutation,
  useSetCompletedMutation,
} from '../api';
import { CommentsDialog } from '../comments/CommentsDialog';
import { messages } from '../messages';
import {
  canMoveProgress,
  capabilities,
  dueDay,
  dueState,
  formatDueDay,
  kindOf,
  preview,
  shownProgress,
} from '../rules';
import { HistoryDialog } from './HistoryDialog';
import { ProgressControl } from './ProgressControl';

export interface TaskCardProps {
  task: Task;
  category: TaskCategory;
  selected: boolean;
  /** A click with ctrl, meta or shift toggles the card in the selection (SPEC §2). */
  onSelect: (id: string) => void;
  onEdit: (task: Task) => void;
  /** A change that failed where the card may no longer be (completing moves it): the list says so. */
  onFailure: (message: string) => void;
  /** The ids a drag carries: the selection when this card is in it, else this card. */
  dragIds: () => string[];
}

/**
 * The form of an existing task, for changes made on the card itself (priority, due date). Without
 * attachment fields, which the server reads as "keep the file".
 */
const formOf = (task: Task): TaskForm => ({
  title: task.title,
  description: task.description,
  dueDate: dueDay(task.dueDate),
  priority: task.priority,
  category: task.category,
});

/** Whether an event happened on the card itself rather than in one of its dialogs (portals elsewhere). */
const inCard = (event: SyntheticEvent<HTMLElement>) => event.currentTarget.contains(event.target as Node);

/**
 * Filing by menu, for keyboards and phones as well as a way out: "Move to <folder>" for each other active folder,
 * and "Remove from folder" for a filed task.
 */
function FolderMenu({ task, onMove }: { task: Task; onMove: (folderId: string | null) => void }) {
  const { data: folders = [] } = useFolderChoicesQuery();
  const items = [
    ...folders
      .filter((folder) => folder.id !== task.folder?.id)
      .map((folder) => ({ label: `Move to ${folder.name}`, onSelect: () => onMove(folder.id) })),
    ...(task.folder ? [{ label: 'Remove from folder', onSelect: () => onMove(null) }] : []),
  ];
  if (items.length === 0) return null;
  return (
    <DropdownMenu label="Folder" aria-label={`Folder of “${task.title}”`} variant="ghost" items={items} />
  );
}

/** Accepting a task sent to me from its card, as its mailed link does (trusting the sender is said as such). */
function AcceptButtons({ task, role }: { task: Task; role: 'invite' | 'assign' }) {
  const { accept, busy, trusting } = useAccept(task.id, role);
  const [failed, setFailed] = useState(false);
  const run = async (trust: boolean) => setFailed(!(await accept(trust)));
  return (
    <>
      <Button busy={busy && !trusting} disabled={busy} onClick={() => run(false)}>
        Accept
      </Button>
      <Button
        variant="secondary"
        busy={busy && trusting}
        disabled={busy}
        onClick={() => run(true)}
        title="Accept this task and trust its sender: their next tasks arrive accepted, without an e-mail"
      >
        Trust sender and accept
      </Button>
      {failed ? (
        <Banner tone="error" onDismiss={() => setFailed(false)}>
          {messages.acceptFailed}
        </Banner>
      ) : null}
    </>
  );
}

/** One task (SPEC §2 "Task card"), with what this category may do to it (SPEC §6). */
export function TaskCard({ task, category, selected, onSelect, onEdit, onFailure, dragIds }: TaskCardProps) {
  const can = capabilities[category];
  const [expanded, setExpanded] = useState(false);
  const [dialog, setDialog] = useState<'history' | 'comments' | 'delete' | 'preview' | null>(null);
  const { request } = useApiClient();
  const [failure, setFailure] = useState<string | null>(null);
  const [saveTask] = useSaveTaskMutation();
  const [setCompleted, completing] = useSetCompletedMutation();
  const toast = useToast();
  const [deleteTask, deleting] = useDeleteTaskMutation();
  const description = preview(task.description);
  const due = dueState(task);
  const recipients = [...task.assigned_users, ...task.invited_users];
  const headingId = `task-${task.id}-title`;
  // SPEC §2: personal tasks are filed by dragging them onto a folder (the selection, when this card is in it).
  const filable = category === 'Personal Tasks';
  const drag = useTaskDrag(task.id, {
    ids: dragIds,
    label: () => {
      const ids = dragIds();
      return ids.length > 1 ? `${ids.length} tasks` : `“${task.title}”`;
    },
    disabled: !filable,
  });

  async function change(patch: Partial<TaskForm>) {
    setFailure(null);
    try {
      await saveTask({ kind: kindOf(category), id: task.id, form: { ...formOf(task), ...patch } }).unwrap();
    } catch (error) {
      setFailure(failureMessage(error, messages.changeFailed));
    }
  }

  /** Completes or reopens; a failure is the list's to say (a completed card has left for the other tab). */
  async function complete(completed: boolean) {
    try {
      await setCompleted({ id: task.id, completed }).unwrap();
      return true;
    } catch (error) {
      onFailure(`“${task.title}”: ${failureMessage(error, messages.changeFailed)}`);
      return false;
    }
  }

  async function toggleCompleted() {
    setFailure(null);
    const completed = !task.completed;
    if (!(await complete(completed)) || !completed) return;
    // The card leaves for the Completed tab: say so, with a way back.
    const id = toast(
      <>
        “{task.title}” completed.{' '}
        <button
          type="button"
          className="task-link"
          onClick={() => {
            toast.dismiss(id);
            void complete(false);
          }}
        >
          Undo
        </button>
      </>,
      'success',
    );
  }

  async function remove() {
    try {
      await deleteTask(task.id).unwrap();
      setDialog(null);
    } catch {
      setDialog(null);
      setFailure(messages.deleteFailed);
    }
  }

  return (
    <article
      aria-labelledby={headingId}
      className={cx(
        'task-card',
        !task.is_accepted && 'task-card--pending',
        selected && 'task-card--selected',
      )}
      style={{ '--task-priority': priorityColors[task.priority].cssVar } as CSSProperties}
      data-selected={selected || undefined}
      data-dragging={drag.isDragging || undefined}
      ref={drag.cardRef}
      {...(filable ? drag.cardProps : {})}
      // The card's dialogs are portals: their clicks and keys bubble here through React, not through the card.
      onClick={(event) => {
        if (!inCard(event)) return;
        if (event.ctrlKey || event.metaKey || event.shiftKey) onSelect(task.id);
      }}
      // The keyboard's way: Ctrl+Enter (or Cmd or Shift) anywhere in the card.
      onKeyDown={(event) => {
        if (!inCard(event)) return;
        if (event.key === 'Enter' && (event.ctrlKey || event.metaKey || event.shiftKey)) {
          event.preventDefault();
          onSelect(task.id);
        }
      }}
    >
      <header className="task-card__header">
        {filable ? (
          <button
            type="button"
            className="task-card__handle"
            ref={drag.handleRef}
            {...drag.handleProps}
            aria-label={`Move “${task.title}” to a folder`}
          >
            <GripIcon />
          </button>
        ) : null}
        <h3 id={headingId} className="task-card__title">
          {task.title}
          {selected ? <span className="b-visually-hidden"> (selected)</span> : null}
        </h3>
        <label className="task-card__priority">
          <span className="b-visually-hidden">Priority</span>
          <select
            className="b-input task-select"
            value={task.priority}
            disabled={!can.edit}
            onChange={(event) => change({ priority: event.target.value as Task['priority'] })}
          >
            {priorities.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </label>
      </header>

      {category !== 'Personal Tasks' ? (
        <p className="task-card__owner">
          {can.ownerSide ? 'Owner: You' : `From: ${task.firstName || task.owner}`}
          {task.is_trusted && !can.ownerSide ? <span className="task-badge">Trusted</span> : null}
          {!task.is_accepted ? (
            <span className="task-badge task-badge--muted">
              {can.ownerSide ? 'Not accepted yet' : 'Awaiting your acceptance'}
            </span>
          ) : null}
        </p>
      ) : null}
      {can.ownerSide && recipients.length > 0 ? (
        <p className="task-card__recipients">
          {task.assigned_users.length > 0 ? 'Assigned to' : 'Invited'}: {recipients.join(', ')}
        </p>
      ) : null}

      {task.description ? (
        <p className="task-card__description">
          {expanded ? task.description : description.text}{' '}
          {description.cut ? (
            <button
              type="button"
              className="task-link"
              aria-expanded={expanded}
              onClick={() => setExpanded(!expanded)}
            >
              {expanded ? 'Show less' : 'Show more'}
            </button>
          ) : null}
        </p>
      ) : null}

      <ProgressControl task={task} shown={shownProgress(task)} movable={canMoveProgress(category, task)} />

      <div className="task-card__due">
        {can.dueDate ? (
          <label className="task-card__due-edit">
            Due date
            <input
              type="date"
              className="b-input"
              value={dueDay(task.dueDate)}
              required
              onChange={(event) => event.target.value && change({ dueDate: event.target.value })}
            />
          </label>
        ) : (
          <span>{task.dueDate ? `Due: ${formatDueDay(dueDay(task.dueDate))}` : 'No due date'}</span>
        )}
        {due ? (
          <span className={`task-badge task-badge--${due}`}>
            {due === 'overdue' ? 'Overdue' : 'Due today'}
          </span>
        ) : null}
        {task.folder ? <span className="task-badge">{task.folder.name}</span> : null}
      </div>

      {task.attachment ? (
        <p className="task-card__attachment">
          <PaperclipIcon />
          <span className="task-card__attachment-name">{task.attachment.name}</span>
          <span className="task-card__attachment-size">{formatFileSize(task.attachment.size)}</span>
          <button
            type="button"
            className="task-link"
            aria-label={`Preview attachment ${task.attachment.name}`}
            onClick={() => setDialog('preview')}
          >
            Preview
          </button>
        </p>
      ) : null}

      {failure ? (
        <Banner tone="error" onDismiss={() => setFailure(null)}>
          {failure}
        </Banner>
      ) : null}

      <div className="task-card__actions">
        {!can.ownerSide && category !== 'Personal Tasks' && !task.is_accepted ? (
          <AcceptButtons task={task} role={kindOf(category) === 'assign' ? 'assign' : 'invite'} />
        ) : null}
        <Button variant="ghost" onClick={() => setDialog('history')}>
          History
        </Button>
        {can.comments ? (
          <Button variant="ghost" onClick={() => setDialog('comments')}>
            Comments
          </Button>
        ) : null}
        {can.edit ? (
          <Button variant="ghost" onClick={() => onEdit(task)}>
            Edit
          </Button>
        ) : null}
        {can.complete && task.is_accepted ? (
          <Button variant="secondary" busy={completing.isLoading} onClick={toggleCompleted}>
            {task.completed ? 'Uncheck' : 'Complete'}
          </Button>
        ) : null}
        {filable ? <FolderMenu task={task} onMove={(folderId) => change({ folder_id: folderId })} /> : null}
        {can.delete ? (
          <Button variant="ghost" className="task-card__delete" onClick={() => setDialog('delete')}>
            Delete
          </Button>
        ) : null}
      </div>

      {dialog === 'preview' ? (
        <FilePreviewDialog request={request} taskId={task.id} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'comments' ? (
        <CommentsDialog
          task={task}
          canWrite={can.ownerSide || task.is_accepted}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === 'history' ? (
        <HistoryDialog taskId={task.id} title={task.title} onClose={() => setDialog(null)} />
      ) : null}
      <Dialog
        open={dialog === 'delete'}
        role="alertdialog"
        title="Delete task?"
        description={`“${task.title}” will be deleted${recipients.length ? ' for everyone it was shared with' : ''}. This cannot be undone.`}
        onClose={deleting.isLoading ? undefined : () => setDialog(null)}
      >
        <div className="task-dialog__actions">
          <Button variant="secondary" disabled={deleting.isLoading} onClick={() => setDialog(null)}>
            Cancel
          </Button>
          <Button variant="danger" busy={deleting.isLoading} onClick={remove}>
            {deleting.isLoading ? 'Deleting…' : 'Delete'}
          </Button>
        </div>
      </Dialog>
    </article>
  );
}
