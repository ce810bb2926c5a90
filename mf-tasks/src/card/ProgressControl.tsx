import type { Task } from '@baton/contracts';
import { limits } from '@baton/contracts/constants';
import { Banner, Button, Dialog, Slider } from '@baton/ui';
import { useEffect, useId, useState } from 'react';
import { useSaveProgressMutation } from '../api';
import { messages } from '../messages';
import { progressLabel } from '../rules';

/** SPEC §9: the dialog opens after the slider rests this long on a new value. */
export const progressDebounceMs = 550;

/** The progress bar, and the slider when the person may move it (SPEC §4 "Progress slider"). */
export function ProgressControl({ task, shown, movable }: { task: Task; shown: number; movable: boolean }) {
  const [value, setValue] = useState(shown);
  const [asking, setAsking] = useState(false);
  const [failed, setFailed] = useState(false);
  const [save] = useSaveProgressMutation();

  // A new value from the server (or a live event) resets the slider unless the person is choosing one.
  useEffect(() => {
    if (!asking) setValue(shown);
  }, [shown, asking]);

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

  const label = progressLabel(value);
  return (
    <div className="task-progress">
      {movable ? (
        <Slider label="Progress" value={value} onChange={setValue} valueText={`${value}% · ${label}`} />
      ) : (
        <div className="task-progress__static">
          <div className="task-progress__header">
            <span>Progress</span>
            <span>
              {value}% · {label}
            </span>
          </div>
          <div
            className="task-progress__bar"
            role="progressbar"
            aria-label="Progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={value}
            aria-valuetext={`${value}% · ${label}`}
          >
            <span style={{ width: `${value}%` }} />
          </div>
        </div>
      )}
      {failed ? (
        <Banner tone="error" onDismiss={() => setFailed(false)}>
          {messages.progressFailed}
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
  const [note, setNote] = useState('');
  const noteId = useId();
  const countId = useId();
  return (
    <Dialog open title="Update progress" description={`${from}% -> ${to}%`} onClose={onClose}>
      <button type="button" className="b-icon-button task-dialog__close" aria-label="Close" onClick={onClose}>
        ×
      </button>
      <div className="b-field">
        <label htmlFor={noteId} className="b-field__label">
          Note (optional)
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
          Skip
        </Button>
        <Button onClick={() => onSave(note.trim())}>Save</Button>
      </div>
    </Dialog>
  );
}
