import { Button, formatFileSize, PaperclipIcon } from '@baton/ui';
import { useUploadChoice } from '@baton/web-platform';
import { useId, useRef } from 'react';
import type { BaseFileChoice } from './baseFile';

/** The sentence screen readers hear when the field's state changes (not on every percent). */
function announcement(choice: BaseFileChoice, currentLabel: string | null) {
  if (choice.kind === 'uploading') return `Uploading ${choice.name}`;
  if (choice.kind === 'uploaded') return `${choice.file.name} uploaded`;
  if (choice.kind === 'remove' && currentLabel) return `${currentLabel} will be removed when you save`;
  return '';
}

/**
 * The folder's base file (SPEC §5): the upload starts as soon as a file is chosen, with its progress; a file
 * over 25 MB is refused before any request. Replace and Remove for the current file (Undo brings it back).
 * `onChosen` hears the file name, for the display name's default.
 */
export function BaseFileField({
  current,
  value,
  onChange,
  onChosen,
}: {
  /** The display name of the folder's current base file, or null without one. */
  current: string | null;
  value: BaseFileChoice;
  onChange: (choice: BaseFileChoice) => void;
  onChosen: (fileName: string) => void;
}) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const { failure, reset, chosen } = useUploadChoice(value, onChange, onChosen);

  const replacing = current !== null;
  const empty = value.kind === 'keep' && !replacing;
  const describedBy = [empty && hintId, failure && errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className="b-field folder-file">
      <label htmlFor={inputId} className="b-field__label">
        Base file
      </label>
      <input
        ref={input}
        id={inputId}
        type="file"
        className="folder-file__input"
        hidden={!empty}
        aria-describedby={describedBy}
        aria-invalid={failure ? true : undefined}
        onChange={chosen}
      />
      {empty ? (
        <p id={hintId} className="b-field__hint">
          Optional, up to 25 MB. The upload starts when you choose a file.
        </p>
      ) : null}

      {value.kind === 'keep' && current !== null ? (
        <div className="folder-file__row">
          <span className="folder-file__file">
            <PaperclipIcon />
            <span className="folder-file__name">{current || 'Base file'}</span>
          </span>
          <div className="folder-file__actions">
            <Button variant="secondary" onClick={() => input.current?.click()}>
              Replace
            </Button>
            <Button variant="ghost" onClick={() => reset({ kind: 'remove' })}>
              Remove
            </Button>
          </div>
        </div>
      ) : null}

      {value.kind === 'remove' ? (
        <div className="folder-file__row">
          <p className="folder-file__removed">
            <s>{current || 'Base file'}</s> will be removed when you save.
          </p>
          <div className="folder-file__actions">
            <Button variant="secondary" onClick={() => reset({ kind: 'keep' })}>
              Undo
            </Button>
          </div>
        </div>
      ) : null}

      {value.kind === 'uploading' || value.kind === 'uploaded' ? (
        <div className="folder-file__row">
          {value.kind === 'uploading' ? (
            <div className="folder-file__upload">
              <FileLine name={value.name} size={value.size} />
              <div
                className="folder-progress"
                role="progressbar"
                aria-label={`Uploading ${value.name}`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={value.percent}
                aria-valuetext={`${value.percent}%`}
              >
                <span style={{ width: `${value.percent}%` }} />
              </div>
              <span className="folder-file__status">Uploading… {value.percent}%</span>
            </div>
          ) : (
            <div className="folder-file__upload">
              <FileLine name={value.file.name} size={value.file.size} />
              <span className="folder-file__status folder-file__status--done">
                Uploaded{replacing ? `, replaces ${current || 'the base file'} when you save` : ''}
              </span>
            </div>
          )}
          <div className="folder-file__actions">
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
    <span className="folder-file__file">
      <PaperclipIcon />
      <span className="folder-file__name">{name}</span>
      <span className="folder-file__size">{formatFileSize(size)}</span>
    </span>
  );
}
