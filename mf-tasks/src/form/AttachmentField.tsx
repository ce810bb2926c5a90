import type { AttachmentInfo } from '@baton/contracts';
import { fileMessages } from '@baton/contracts/constants';
import { Button, formatFileSize, PaperclipIcon } from '@baton/ui';
import { UploadError, uploadFile, useApiClient } from '@baton/web-platform';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
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
  const { request } = useApiClient();
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const running = useRef<AbortController | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  // Closing the form stops an upload on its way.
  useEffect(() => () => running.current?.abort(), []);

  const cancel = () => {
    running.current?.abort();
    running.current = null;
  };
  const reset = (choice: AttachmentChoice) => {
    cancel();
    setFailure(null);
    onChange(choice);
  };

  async function upload(file: File) {
    cancel();
    setFailure(null);
    const before = value.kind === 'uploading' ? { kind: 'keep' as const } : value;
    const controller = new AbortController();
    running.current = controller;
    const mine = () => running.current === controller;
    const progress = (percent: number) =>
      onChange({ kind: 'uploading', name: file.name, size: file.size, percent });
    progress(0);
    try {
      const uploaded = await uploadFile(request, file, {
        signal: controller.signal,
        onProgress: (percent) => mine() && progress(percent),
      });
      if (!mine()) return;
      running.current = null;
      onChange({ kind: 'uploaded', file: uploaded });
    } catch (error) {
      // A cancelled upload (Undo, Remove, another file, the form closed) is not a failure.
      if (!mine() || controller.signal.aborted) return;
      running.current = null;
      setFailure(error instanceof UploadError ? error.message : fileMessages.uploadRetry);
      onChange(before);
    }
  }

  function chosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again (after a failure) fires a change.
    event.target.value = '';
    if (file) void upload(file);
  }

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
