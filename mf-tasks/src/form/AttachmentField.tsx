import type { AttachmentInfo } from '@baton/contracts';
import { Button, formatFileSize, PaperclipIcon } from '@baton/ui';
import { useUploadChoice } from '@baton/web-platform';
import { useId, useRef } from 'react';
import type { AttachmentChoice } from './attachment';

/** The sentence screen readers hear when the field's state changes (not on every percent). */
function announcement(choice: AttachmentChoice, current: AttachmentInfo | null) {
  if (choice.kind === 'uploading') return `Uploading ${choice.name}`;
  if (choice.kind === 'uploaded') return `${choice.file.name} uploaded`;
  if (choice.kind === 'remove' && current) return `${current.name} will be removed when you save`;
  return '';
}

/**
 * The task form's file (SPEC §4): the upload starts as soon as a file is chosen, with its progress; Undo
 * goes back to the current file, Remove marks it (or drops a new one). One real file input, labelled
 * "Attachment"; "Replace" opens it while a file is shown.
 */
export function AttachmentField({
  current,
  value,
  onChange,
}: {
  current: AttachmentInfo | null;
  value: AttachmentChoice;
  onChange: (choice: AttachmentChoice) => void;
}) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const { failure, reset, chosen } = useUploadChoice(value, onChange);

  const replacing = current !== null;
  const empty = value.kind === 'keep' && !current;
  const describedBy = [empty && hintId, failure && errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className="b-field task-attachment">
      <label htmlFor={inputId} className="b-field__label">
        Attachment
      </label>
      <input
        ref={input}
        id={inputId}
        type="file"
        className="task-attachment__input"
        hidden={!empty}
        aria-describedby={describedBy}
        aria-invalid={failure ? true : undefined}
        onChange={chosen}
      />
      {empty ? (
        <p id={hintId} className="b-field__hint">
          Up to 25 MB. The upload starts when you choose a file.
        </p>
      ) : null}

      {value.kind === 'keep' && current ? (
        <div className="task-attachment__row">
          <FileLine name={current.name} size={current.size} />
          <div className="task-attachment__actions">
            <Button variant="secondary" onClick={() => input.current?.click()}>
              Replace
            </Button>
            <Button variant="ghost" onClick={() => reset({ kind: 'remove' })}>
              Remove
            </Button>
          </div>
        </div>
      ) : null}

      {value.kind === 'remove' && current ? (
        <div className="task-attachment__row">
          <p className="task-attachment__removed">
            <s>{current.name}</s> will be removed when you save.
          </p>
          <div className="task-attachment__actions">
            <Button variant="secondary" onClick={() => reset({ kind: 'keep' })}>
              Undo
            </Button>
          </div>
        </div>
      ) : null}

      {value.kind === 'uploading' || value.kind === 'uploaded' ? (
        <div className="task-attachment__row">
          {value.kind === 'uploading' ? (
            <div className="task-attachment__upload">
              <FileLine name={value.name} size={value.size} />
              <div
                className="task-progress__bar"
                role="progressbar"
                aria-label={`Uploading ${value.name}`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={value.percent}
                aria-valuetext={`${value.percent}%`}
              >
                <span style={{ width: `${value.percent}%` }} />
              </div>
              <span className="task-attachment__status">Uploading… {value.percent}%</span>
            </div>
          ) : (
            <div className="task-attachment__upload">
              <FileLine name={value.file.name} size={value.file.size} />
              <span className="task-attachment__status task-attachment__status--done">
                Uploaded{replacing ? `, replaces ${current.name} when you save` : ''}
              </span>
            </div>
          )}
          <div className="task-attachment__actions">
            {/* Undo goes back to the current file; without one, Remove drops the new file. Both stop an upload. */}
            <Button variant="secondary" onClick={() => reset({ kind: 'keep' })}>
              {replacing ? 'Undo' : 'Remove'}
            </Button>
          </div>
        </div>
      ) : null}

      {failure ? (
        <p id={errorId} className="b-field__error" role="alert">
          {failure}
        </p>
      ) : null}
      <p className="b-visually-hidden" aria-live="polite">
        {announcement(value, current)}
      </p>
    </div>
  );
}

function FileLine({ name, size }: { name: string; size: number }) {
  return (
    <span className="task-attachment__file">
      <PaperclipIcon />
      <span className="task-attachment__name">{name}</span>
      <span className="task-attachment__size">{formatFileSize(size)}</span>
    </span>
  );
}
