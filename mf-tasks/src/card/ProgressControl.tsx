import type { Task } from '@baton/contracts';
import { limits } from '@baton/contracts/constants';
import { Banner, Button, cx, Dialog, Slider } from '@baton/ui';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useSaveProgressMutation } from '../api';
import { useTasksT } from '../i18n';
import { progressLabel } from '../rules';

/** SPEC §9: the dialog opens after the slider rests this long on a new value. */
export const progressDebounceMs = 550;

/** Focuses the slider as it opens on demand (a stable ref: called on mount only). */
const focusOnMount = (node: HTMLElement | null) => node?.focus();

/**
 * The progress bar, and the slider when the person may move it (SPEC §4 "Progress slider"). Compact, the bar is
 * thin and read-only: "Update progress" opens the slider in its place, Done (or Escape, which drops a move not
 * yet asked about) closes it.
 */
export function ProgressControl({
  task,
  shown,
  movable,
  compact,
}: {
  task: Task;
  shown: number;
  movable: boolean;
  compact: boolean;
}) {
  const t = useTasksT();
  const [value, setValue] = useState(shown);
  const [asking, setAsking] = useState(false);
  const [failed, setFailed] = useState(false);
  const [open, setOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const [save] = useSaveProgressMutation();

  // A new value from the server (or a live event) resets the slider unless the person is choosing one: in the
  // render that brings it (an effect would show the old value beside the event's other fields for a render).
  const [synced, setSynced] = useState({ shown, asking });
  if (synced.shown !== shown || synced.asking !== asking) {
    setSynced({ shown, asking });
    if (!asking) setValue(shown);
  }

  useEffect(() => {
    if (!movable || value === shown || asking) return;
    const timer = setTimeout(() => setAsking(true), progressDebounceMs);
    return () => clearTimeout(timer);
  }, [movable, value, shown, asking]);

  async function persist(message: string) {
    setAsking(false);
    setFailed(false);
    try {
      await save({ id: task.id, progress: value, message }).unwrap();
    } catch {
      setValue(shown);
      setFailed(true);
    }
  }

  /** Done asks about a new value at once rather than after the pause. */
  function done() {
    setOpen(false);
    if (value !== shown && !asking) setAsking(true);
  }

  function onEscape(event: KeyboardEvent) {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    if (!asking) setValue(shown);
    setOpen(false);
    toggleRef.current?.focus();
  }

  const valueText = `${value}% · ${progressLabel(value)}`;
  const text = <span className="task-progress__value">{valueText}</span>;
  const bar = (
    <div
      className="task-progress__bar"
      role="progressbar"
      aria-label={t('progress')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      aria-valuetext={valueText}
    >
      <span style={{ width: `${value}%` }} />
    </div>
  );
  return (
    <div className={cx('task-progress', compact && 'task-progress--compact')}>
      {movable && (open || !compact) ? (
        <Slider
          ref={compact ? focusOnMount : undefined}
          label={t('progress')}
          value={value}
          onChange={setValue}
          valueText={valueText}
          onKeyDown={compact ? onEscape : undefined}
        />
      ) : compact ? (
        <div className="task-progress__static">
          {bar}
          {text}
        </div>
      ) : (
        <div className="task-progress__static">
          <div className="task-progress__header">
            <span>{t('progress')}</span>
            {text}
          </div>
          {bar}
        </div>
      )}
      {compact && movable ? (
        <Button
          ref={toggleRef}
          variant="ghost"
          onClick={open ? done : () => setOpen(true)}
          onKeyDown={open ? onEscape : undefined}
        >
          {open ? t('progressDone') : t('updateProgress')}
        </Button>
      ) : null}
      {failed ? (
        <Banner tone="error" onDismiss={() => setFailed(false)}>
          {t('progressFailed')}
        </Banner>
      ) : null}
      {asking ? (
        <ProgressDialog
          from={shown}
          to={value}
          onSave={persist}
          onClose={() => {
            setAsking(false);
            setValue(shown);
          }}
        />
      ) : null}
    </div>
  );
}

function ProgressDialog({
  from,
  to,
  onSave,
  onClose,
}: {
  from: number;
  to: number;
  onSave: (message: string) => void;
  onClose: () => void;
}) {
  const t = useTasksT();
  const [note, setNote] = useState('');
  const noteId = useId();
  const countId = useId();
  return (
    <Dialog open title={t('updateProgress')} description={`${from}% -> ${to}%`} onClose={onClose}>
      <button
        type="button"
        className="b-icon-button task-dialog__close"
        aria-label={t('close')}
        onClick={onClose}
      >
        ×
      </button>
      <div className="b-field">
        <label htmlFor={noteId} className="b-field__label">
          {t('noteOptional')}
        </label>
        <textarea
          id={noteId}
          className="b-input task-textarea"
          maxLength={limits.progressNote}
          rows={3}
          value={note}
          aria-describedby={countId}
          onChange={(event) => setNote(event.target.value)}
        />
        <p id={countId} className="b-field__hint">
          {note.length}/{limits.progressNote}
        </p>
      </div>
      <div className="task-dialog__actions">
        <Button variant="secondary" onClick={() => onSave('')}>
          {t('skip')}
        </Button>
        <Button onClick={() => onSave(note.trim())}>{t('save')}</Button>
      </div>
    </Dialog>
  );
}
