import { type ChangeEvent, useId, useRef } from 'react';
import { Button } from './Button';
import { formatFileSize } from './fileSize';
import { PaperclipIcon } from './icons';
import { type UiText, useUiText } from './text';

/** A file field's state (web-platform's `UploadChoice` has this shape). */
export type FileChoice =
  | { kind: 'keep' }
  | { kind: 'remove' }
  | { kind: 'uploading'; name: string; size: number; percent: number }
  | { kind: 'uploaded'; file: { name: string; size: number } };

export interface FileChoiceFieldProps {
  label: string;
  /** Shown while no file is there. */
  hint: string;
  /** The thing's current file, or null without one. */
  current: { name: string; size?: number } | null;
  value: FileChoice;
  /** The sentence of the last failed upload. */
  failure: string | null;
  /** Back to the current file (Undo) or marked for removal, stopping an upload on its way. */
  reset: (choice: { kind: 'keep' } | { kind: 'remove' }) => void;
  /** The file input's change handler (the upload starts there). */
  chosen: (event: ChangeEvent<HTMLInputElement>) => void;
}

/** The sentence screen readers hear when the field's state changes (not on every percent). */
function announcement(choice: FileChoice, current: FileChoiceFieldProps['current'], t: UiText['t']) {
  if (choice.kind === 'uploading') return t('uploadingFile', { name: choice.name });
  if (choice.kind === 'uploaded') return t('fileUploaded', { name: choice.file.name });
  if (choice.kind === 'remove' && current) return t('fileWillBeRemoved', { name: current.name });
  return '';
}

function FileLine({ name, size }: { name: string; size?: number }) {
  const { language } = useUiText();
  return (
    <span className="b-file-choice__file">
      <PaperclipIcon />
      <span className="b-file-choice__name">{name}</span>
      {size === undefined ? null : (
        <span className="b-file-choice__size">{formatFileSize(size, language)}</span>
      )}
    </span>
  );
}

/**
 * A form's file (SPEC §4 "Attachment in the edit form"; a folder's base file): existing (Replace, Remove),
 * marked for removal (Undo), replaced or new (progress while it uploads, then Undo or Remove). One real file
 * input, labelled; Replace opens it. The state and the uploads are the caller's (`useUploadChoice`).
 */
export function FileChoiceField({
  label,
  hint,
  current,
  value,
  failure,
  reset,
  chosen,
}: FileChoiceFieldProps) {
  const { t } = useUiText();
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const empty = value.kind === 'keep' && !current;
  const describedBy = [empty && hintId, failure && errorId].filter(Boolean).join(' ') || undefined;

  return (
    <div className="b-field b-file-choice">
      <label htmlFor={inputId} className="b-field__label">
        {label}
      </label>
      <input
        ref={input}
        id={inputId}
        type="file"
        className="b-file-choice__input"
        hidden={!empty}
        aria-describedby={describedBy}
        aria-invalid={failure ? true : undefined}
        onChange={chosen}
      />
      {empty ? (
        <p id={hintId} className="b-field__hint">
          {hint}
        </p>
      ) : null}

      {value.kind === 'keep' && current ? (
        <div className="b-file-choice__row">
          <FileLine name={current.name} size={current.size} />
          <div className="b-file-choice__actions">
            <Button variant="secondary" onClick={() => input.current?.click()}>
              {t('replace')}
            </Button>
            <Button variant="ghost" onClick={() => reset({ kind: 'remove' })}>
              {t('remove')}
            </Button>
          </div>
        </div>
      ) : null}

      {value.kind === 'remove' && current ? (
        <div className="b-file-choice__row">
          <p className="b-file-choice__removed">
            <s>{current.name}</s> {t('willBeRemoved')}
          </p>
          <div className="b-file-choice__actions">
            <Button variant="secondary" onClick={() => reset({ kind: 'keep' })}>
              {t('undo')}
            </Button>
          </div>
        </div>
      ) : null}

      {value.kind === 'uploading' || value.kind === 'uploaded' ? (
        <div className="b-file-choice__row">
          {value.kind === 'uploading' ? (
            <div className="b-file-choice__upload">
              <FileLine name={value.name} size={value.size} />
              <div
                className="b-file-choice__progress"
                role="progressbar"
                aria-label={t('uploadingFile', { name: value.name })}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={value.percent}
                aria-valuetext={`${value.percent}%`}
              >
                <span style={{ width: `${value.percent}%` }} />
              </div>
              <span className="b-file-choice__status">
                {t('uploadingPercent', { percent: value.percent })}
              </span>
            </div>
          ) : (
            <div className="b-file-choice__upload">
              <FileLine name={value.file.name} size={value.file.size} />
              <span className="b-file-choice__status b-file-choice__status--done">
                {current ? t('uploadedReplaces', { name: current.name }) : t('uploaded')}
              </span>
            </div>
          )}
          <div className="b-file-choice__actions">
            {/* Undo goes back to the current file; without one, Remove drops the new file. Both stop an upload. */}
            <Button variant="secondary" onClick={() => reset({ kind: 'keep' })}>
              {current ? t('undo') : t('remove')}
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
        {announcement(value, current, t)}
      </p>
    </div>
  );
}
