import type { Task } from '@baton/contracts';
import {
  Banner,
  Button,
  cx,
  DecorativeIcon,
  DropdownMenu,
  formatFileSize,
  GripIcon,
  PaperclipIcon,
  type Priority,
  priorities,
  priorityColors,
} from '@baton/ui';
import { type TaskCategory, useDensity, useTaskDrag } from '@baton/web-platform';
import {
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type SyntheticEvent,
  useState,
} from 'react';
import { useAccept } from '../accept/useAccept';
import { PickBox } from '../bulk/PickBox';
import { describeRule } from '../form/recurrence';
import { reminderLabel } from '../form/reminder';
import { priorityKey, tt, useTasksT } from '../i18n';
import {
  type Capabilities,
  canMoveProgress,
  capabilities,
  dueDay,
  dueState,
  formatDueDay,
  kindOf,
  preview,
  shownProgress,
} from '../rules';
import { DeclinedNote, ProposalNote } from './DelegationNotes';
import { ProgressControl } from './ProgressControl';
import { TaskCardDialogs } from './TaskCardDialogs';
import { type CardAction, useTaskCardActions } from './useTaskCardActions';

export interface TaskCardProps {
  task: Task;
  category: TaskCategory;
  selected: boolean;
  /** A click with ctrl or meta (or on its checkbox) toggles the card in the selection (SPEC §2); with shift,
   * `range`: the cards from the last one picked to this one join it. */
  onSelect: (id: string, range?: boolean) => void;
  onEdit: (task: Task) => void;
  /** A change that failed where the card may no longer be (completing moves it): the list says so. */
  onFailure: (message: string) => void;
  /** The ids a drag carries: the selection when this card is in it, else this card. */
  dragIds: () => string[];
}

/** Whether an event happened on the card itself rather than in one of its dialogs (portals elsewhere). */
const inCard = (event: SyntheticEvent<HTMLElement>) => event.currentTarget.contains(event.target as Node);

/**
 * A click with ctrl or meta toggles, with shift selects a range; the keyboard's way is Ctrl+Enter (or Cmd or
 * Shift) anywhere in the card. The card's dialogs are portals: their clicks and keys bubble to the card through
 * React, not through it.
 */
const selectionHandlers = (select: (range: boolean) => void) => ({
  onClick: (event: MouseEvent<HTMLElement>) => {
    if (!inCard(event)) return;
    if (event.ctrlKey || event.metaKey || event.shiftKey) select(event.shiftKey);
  },
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
    if (!inCard(event)) return;
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey || event.shiftKey)) {
      event.preventDefault();
      select(event.shiftKey);
    }
  },
});

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
  const t = useTasksT();
  const name = (p: Priority) => t(priorityKey[p]);
  if (!onChange)
    return (
      <span className="task-chip">
        {dot(priority)}
        <span className="b-visually-hidden">{t('priorityHidden')}</span>
        {name(priority)}
      </span>
    );
  return (
    <DropdownMenu
      className="task-chip-menu"
      variant="secondary"
      align="end"
      aria-label={t('priorityOf', { priority: name(priority) })}
      label={
        <>
          {dot(priority)}
          {name(priority)}
        </>
      }
      items={priorities.map((option) => ({
        label: (
          <>
            {dot(option)}
            {name(option)}
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
  const t = useTasksT();
  const { accept, busy, trusting } = useAccept(task.id, role);
  const [failed, setFailed] = useState(false);
  const run = async (trust: boolean) => setFailed(!(await accept(trust)));
  return (
    <>
      <Button busy={busy && !trusting} disabled={busy} onClick={() => run(false)}>
        {t('accept')}
      </Button>
      <Button
        variant="secondary"
        busy={busy && trusting}
        disabled={busy}
        onClick={() => run(true)}
        title={t('trustAndAcceptHint')}
      >
        {t('trustAndAccept')}
      </Button>
      {failed ? (
        <Banner tone="error" onDismiss={() => setFailed(false)}>
          {t('acceptFailed')}
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
  const card = useTaskCardActions({ task, category, compact, onEdit, onFailure });
  const recipients = [...task.assigned_users, ...task.invited_users];
  const headingId = `task-${task.id}-title`;
  // SPEC §2: personal tasks are filed by dragging them onto a folder (the selection, when this card is in it).
  const filable = category === 'Personal Tasks';
  const drag = useTaskDrag(task.id, {
    ids: dragIds,
    label: () => {
      const ids = dragIds();
      return ids.length > 1 ? tt('dragMany', { count: ids.length }) : `“${task.title}”`;
    },
    disabled: !filable,
  });
  /** Delegated or received: it has an owner line. */
  const shared = category !== 'Personal Tasks';

  return (
    <article
      aria-labelledby={headingId}
      className={cx(
        'task-card',
        `task-card--${density}`,
        !task.is_accepted && !task.declined && 'task-card--pending',
        selected && 'task-card--selected',
        filable && 'task-card--filable',
      )}
      style={{ '--task-priority': priorityColors[task.priority].cssVar } as CSSProperties}
      data-selected={selected || undefined}
      data-dragging={drag.isDragging || undefined}
      // The list's j/k move focus from card to card (not a Tab stop: the card's own controls are).
      tabIndex={-1}
      data-task-id={task.id}
      ref={drag.cardRef}
      {...(filable ? drag.cardProps : {})}
      {...selectionHandlers((range) => onSelect(task.id, range))}
    >
      <CardHeader
        pick={<PickBox title={task.title} picked={selected} onPick={(range) => onSelect(task.id, range)} />}
        task={task}
        can={can}
        compact={compact}
        selected={selected}
        headingId={headingId}
        handle={filable ? drag : null}
        onChange={card.change}
      />
      {shared || task.folder || task.attachment || task.recurrence ? (
        <CardFacts
          task={task}
          can={can}
          compact={compact}
          shared={shared}
          recipients={recipients}
          onPreview={() => card.openDialog('preview')}
        />
      ) : null}
      <CardDescription task={task} />
      {shared ? <ProposalNote task={task} ownerSide={can.ownerSide} /> : null}
      {can.ownerSide ? <DeclinedNote task={task} onReassign={() => card.openDialog('reassign')} /> : null}
      {card.failure ? (
        <Banner tone="error" onDismiss={card.dismissFailure}>
          {card.failure}
        </Banner>
      ) : null}
      <CardFooter task={task} category={category} compact={compact} shared={shared} card={card} />
      <TaskCardDialogs
        task={task}
        dialog={card.dialog}
        canWrite={can.ownerSide || task.is_accepted}
        hasRecipients={recipients.length > 0}
        deleting={card.deleting}
        onDelete={card.remove}
        onClose={card.closeDialog}
      />
    </article>
  );
}

type TaskChange = ReturnType<typeof useTaskCardActions>['change'];

/** The selection checkbox, title, due date, priority and the drag handle (given for a card that can be filed). */
function CardHeader({
  pick,
  task,
  can,
  compact,
  selected,
  headingId,
  handle,
  onChange,
}: {
  pick: ReactNode;
  task: Task;
  can: Capabilities;
  compact: boolean;
  selected: boolean;
  headingId: string;
  handle: ReturnType<typeof useTaskDrag> | null;
  onChange: TaskChange;
}) {
  const t = useTasksT();
  const due = dueState(task);
  return (
    <header className="task-card__header">
      {pick}
      <h3 id={headingId} className="task-card__title">
        {task.title}
        {selected ? <span className="b-visually-hidden">{t('selectedMark')}</span> : null}
      </h3>
      <div className="task-card__status">
        {can.dueDate ? (
          <label className="task-card__due-edit">
            <span className={compact ? 'b-visually-hidden' : undefined}>{t('dueDate')}</span>
            <input
              type="date"
              className="b-input"
              value={dueDay(task.dueDate)}
              required
              onChange={(event) => event.target.value && onChange({ dueDate: event.target.value })}
            />
          </label>
        ) : (
          <span>
            {task.dueDate ? t('dueOn', { date: formatDueDay(dueDay(task.dueDate)) }) : t('noDueDate')}
          </span>
        )}
        {due ? (
          <span className={`task-badge task-badge--${due}`}>
            {due === 'overdue' ? t('overdue') : t('dueToday')}
          </span>
        ) : null}
        {task.reminder ? <ReminderMark label={reminderLabel(task.reminder)} /> : null}
        <PriorityChip
          priority={task.priority}
          onChange={can.edit ? (priority) => onChange({ priority }) : undefined}
        />
        {/* Last, so that the title starts at the same place on every kind of card. */}
        {handle ? (
          <button
            type="button"
            className="task-card__handle"
            ref={handle.handleRef}
            {...handle.handleProps}
            aria-label={t('moveToAFolder', { title: task.title })}
          >
            <GripIcon />
          </button>
        ) : null}
      </div>
    </header>
  );
}

/** A small bell: the task has a reminder (its words for screen readers, and on hover). */
function ReminderMark({ label }: { label: string }) {
  return (
    <span className="task-card__reminder" title={label}>
      <DecorativeIcon d={bellIcon} size={16} />
      <span className="b-visually-hidden">{label}</span>
    </span>
  );
}

const bellIcon =
  'M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z';

const repeatIcon = 'M7 7h10v3l4-4-4-4v3H5v6h2V7Zm10 10H7v-3l-4 4 4 4v-3h12v-6h-2v4Z';

/** Owner or sender, acceptance, recipients, folder, repeat rule and attachment. */
function CardFacts({
  task,
  can,
  compact,
  shared,
  recipients,
  onPreview,
}: {
  task: Task;
  can: Capabilities;
  compact: boolean;
  shared: boolean;
  recipients: string[];
  onPreview: () => void;
}) {
  const t = useTasksT();
  return (
    <div className="task-card__facts">
      {shared ? (
        <span>{can.ownerSide ? t('ownerYou') : t('fromName', { name: task.firstName || task.owner })}</span>
      ) : null}
      {shared && task.is_trusted && !can.ownerSide ? (
        <span className="task-badge">{t('trusted')}</span>
      ) : null}
      {shared && !task.is_accepted && !task.declined ? (
        <span className="task-badge task-badge--muted">
          {can.ownerSide ? t('notAcceptedYet') : t('awaitingAcceptance')}
        </span>
      ) : null}
      {/* A declined task is held by nobody: its note says who gave it back. */}
      {can.ownerSide && recipients.length > 0 && !task.declined ? (
        // The name where the recipient has one; the address stays a hover away.
        <span title={recipients.join(', ')}>
          {t(task.assigned_users.length > 0 ? 'assignedTo' : 'invitedNames', {
            names: task.recipientName ?? recipients.join(', '),
          })}
        </span>
      ) : null}
      {task.folder ? <span className="task-badge">{task.folder.name}</span> : null}
      {task.recurrence ? (
        <span className="task-card__repeat">
          <DecorativeIcon d={repeatIcon} size={14} />
          {describeRule(task.recurrence)}
        </span>
      ) : null}
      {task.attachment ? (
        <span className="task-card__attachment">
          <PaperclipIcon />
          <span className="task-card__attachment-name">{task.attachment.name}</span>
          <span>{formatFileSize(task.attachment.size)}</span>
          {compact ? null : (
            <button
              type="button"
              className="task-link"
              aria-label={t('previewAttachment', { name: task.attachment.name })}
              onClick={onPreview}
            >
              {t('preview')}
            </button>
          )}
        </span>
      ) : null}
    </div>
  );
}

/** The description, cut at its preview length with a way to show the rest (SPEC §9). */
function CardDescription({ task }: { task: Task }) {
  const t = useTasksT();
  const [expanded, setExpanded] = useState(false);
  if (!task.description) return null;
  const description = preview(task.description);
  return (
    <p className="task-card__description">
      {expanded ? task.description : description.text}{' '}
      {description.cut ? (
        <button
          type="button"
          className="task-link"
          aria-expanded={expanded}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? t('showLess') : t('showMore')}
        </button>
      ) : null}
    </p>
  );
}

/** Progress, then the actions: accepting, completing, and the rest as buttons or, compact, one menu. */
function CardFooter({
  task,
  category,
  compact,
  shared,
  card,
}: {
  task: Task;
  category: TaskCategory;
  compact: boolean;
  shared: boolean;
  card: ReturnType<typeof useTaskCardActions>;
}) {
  const t = useTasksT();
  const can = capabilities[category];
  return (
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
          <Button variant="secondary" busy={card.completing} onClick={card.toggleCompleted}>
            {task.completed ? t('uncheck') : t('complete')}
          </Button>
        ) : null}
        {compact ? (
          <MoreActions title={task.title} actions={card.actions} />
        ) : (
          <ActionButtons title={task.title} actions={card.actions} folderMoves={card.folderMoves} />
        )}
      </div>
    </div>
  );
}

/** Compact: every action in one menu. */
function MoreActions({ title, actions }: { title: string; actions: CardAction[] }) {
  const t = useTasksT();
  return (
    <DropdownMenu
      className="task-card__more"
      variant="ghost"
      align="end"
      caret={false}
      aria-label={t('moreActionsFor', { title })}
      label={<span aria-hidden="true">⋯</span>}
      items={actions.map(({ label, onSelect, danger }) => ({
        label: danger ? <span className="task-card__delete">{label}</span> : label,
        onSelect,
      }))}
    />
  );
}

/** Comfortable: the folder moves in their own menu, each other action a button. */
function ActionButtons({
  title,
  actions,
  folderMoves,
}: {
  title: string;
  actions: CardAction[];
  folderMoves: CardAction[];
}) {
  const t = useTasksT();
  return (
    <>
      {folderMoves.length > 0 ? (
        <DropdownMenu
          label={t('folder')}
          aria-label={t('folderOf', { title })}
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
  );
}
