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
  type Priority,
  priorities,
  priorityColors,
  useToast,
} from '@baton/ui';
import {
  failureMessage,
  type TaskCategory,
  useApiClient,
  useDensity,
  useTaskDrag,
} from '@baton/web-platform';
import { type CSSProperties, type SyntheticEvent, useState } from 'react';
import { useAccept } from '../accept/useAccept';
import {
  formOf,
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

/** Whether an event happened on the card itself rather than in one of its dialogs (portals elsewhere). */
const inCard = (event: SyntheticEvent<HTMLElement>) => event.currentTarget.contains(event.target as Node);

/** An action of the card besides its main one: a button when comfortable, an item of "More actions" when compact. */
interface CardAction {
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
      .map((folder) => ({ label: `Move to ${folder.name}`, onSelect: () => onMove(folder.id) })),
    ...(task.folder ? [{ label: 'Remove from folder', onSelect: () => onMove(null) }] : []),
  ];
}

const dot = (priority: Priority) => (
  <span
    className="task-chip__dot"
    style={{ '--task-priority': priorityColors[priority].cssVar } as CSSProperties}
    aria-hidden="true"
  />
);

/**
 * The priority as a chip of its colour with its name (never the colour alone); for who may edit, a menu of the
 * three (SPEC §2 "priority selector", §4: changes only where editing is allowed).
 */
function PriorityChip({ priority, onChange }: { priority: Priority; onChange?: (next: Priority) => void }) {
  if (!onChange)
    return (
      <span className="task-chip">
        {dot(priority)}
        <span className="b-visually-hidden">Priority: </span>
        {priority}
      </span>
    );
  return (
    <DropdownMenu
      className="task-chip-menu"
      variant="secondary"
      align="end"
      aria-label={`Priority: ${priority}`}
      label={
        <>
          {dot(priority)}
          {priority}
        </>
      }
      items={priorities.map((option) => ({
        label: (
          <>
            {dot(option)}
            {option}
          </>
        ),
        checked: option === priority,
        onSelect: () => {
          if (option !== priority) onChange(option);
        },
      }))}
    />
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

/** One task (SPEC §2 "Task card"), with what this category may do to it (SPEC §6), compact or comfortable. */
export function TaskCard({ task, category, selected, onSelect, onEdit, onFailure, dragIds }: TaskCardProps) {
  const can = capabilities[category];
  const density = useDensity();
  const compact = density === 'compact';
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
  const folderMoves = useFolderMoves(task, filable, (folderId) => change({ folder_id: folderId }));

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

  // The same names as buttons and as menu items, so people (and tests) find them either way. Compact, the
  // attachment preview and the folder moves join them; comfortable, they keep their own places.
  const actions: CardAction[] = [
    { label: 'History', onSelect: () => setDialog('history') },
    ...(can.comments ? [{ label: 'Comments', onSelect: () => setDialog('comments') }] : []),
    ...(can.edit ? [{ label: 'Edit', onSelect: () => onEdit(task) }] : []),
    ...(compact && task.attachment
      ? [{ label: `Preview attachment ${task.attachment.name}`, onSelect: () => setDialog('preview') }]
      : []),
    ...(compact ? folderMoves : []),
    ...(can.delete ? [{ label: 'Delete task', onSelect: () => setDialog('delete'), danger: true }] : []),
  ];
  /** Delegated or received: it has an owner line. */
  const shared = category !== 'Personal Tasks';

  return (
    <article
      aria-labelledby={headingId}
      className={cx(
        'task-card',
        `task-card--${density}`,
        !task.is_accepted && 'task-card--pending',
        selected && 'task-card--selected',
        filable && 'task-card--filable',
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
        <h3 id={headingId} className="task-card__title">
          {task.title}
          {selected ? <span className="b-visually-hidden"> (selected)</span> : null}
        </h3>
        <div className="task-card__status">
          {can.dueDate ? (
            <label className="task-card__due-edit">
              <span className={compact ? 'b-visually-hidden' : undefined}>Due date</span>
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
          <PriorityChip
            priority={task.priority}
            onChange={can.edit ? (priority) => change({ priority }) : undefined}
          />
          {/* Last, so that the title starts at the same place on every kind of card. */}
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
        </div>
      </header>

      {shared || task.folder || task.attachment ? (
        <div className="task-card__facts">
          {shared ? (
            <span>{can.ownerSide ? 'Owner: You' : `From: ${task.firstName || task.owner}`}</span>
          ) : null}
          {shared && task.is_trusted && !can.ownerSide ? <span className="task-badge">Trusted</span> : null}
          {shared && !task.is_accepted ? (
            <span className="task-badge task-badge--muted">
              {can.ownerSide ? 'Not accepted yet' : 'Awaiting your acceptance'}
            </span>
          ) : null}
          {can.ownerSide && recipients.length > 0 ? (
            // The name where the recipient has one; the address stays a hover away.
            <span title={recipients.join(', ')}>
              {task.assigned_users.length > 0 ? 'Assigned to' : 'Invited'}:{' '}
              {task.recipientName ?? recipients.join(', ')}
            </span>
          ) : null}
          {task.folder ? <span className="task-badge">{task.folder.name}</span> : null}
          {task.attachment ? (
            <span className="task-card__attachment">
              <PaperclipIcon />
              <span className="task-card__attachment-name">{task.attachment.name}</span>
              <span>{formatFileSize(task.attachment.size)}</span>
              {compact ? null : (
                <button
                  type="button"
                  className="task-link"
                  aria-label={`Preview attachment ${task.attachment.name}`}
                  onClick={() => setDialog('preview')}
                >
                  Preview
                </button>
              )}
            </span>
          ) : null}
        </div>
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

      {failure ? (
        <Banner tone="error" onDismiss={() => setFailure(null)}>
          {failure}
        </Banner>
      ) : null}

      <div className="task-card__footer">
        <ProgressControl
          task={task}
          shown={shownProgress(task)}
          movable={canMoveProgress(category, task)}
          compact={compact}
        />
        <div className="task-card__actions">
          {!can.ownerSide && shared && !task.is_accepted ? (
            <AcceptButtons task={task} role={kindOf(category) === 'assign' ? 'assign' : 'invite'} />
          ) : null}
          {can.complete && task.is_accepted ? (
            <Button variant="secondary" busy={completing.isLoading} onClick={toggleCompleted}>
              {task.completed ? 'Uncheck' : 'Complete'}
            </Button>
          ) : null}
          {compact ? (
            <DropdownMenu
              className="task-card__more"
              variant="ghost"
              align="end"
              caret={false}
              aria-label={`More actions for “${task.title}”`}
              label={<span aria-hidden="true">⋯</span>}
              items={actions.map(({ label, onSelect, danger }) => ({
                label: danger ? <span className="task-card__delete">{label}</span> : label,
                onSelect,
              }))}
            />
          ) : (
            <>
              {folderMoves.length > 0 ? (
                <DropdownMenu
                  label="Folder"
                  aria-label={`Folder of “${task.title}”`}
                  variant="ghost"
                  items={folderMoves}
                />
              ) : null}
              {actions.map(({ label, onSelect, danger }) => (
                <Button
                  key={label}
                  variant="ghost"
                  className={danger ? 'task-card__delete' : undefined}
                  onClick={onSelect}
                >
                  {label}
                </Button>
              ))}
            </>
          )}
        </div>
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
