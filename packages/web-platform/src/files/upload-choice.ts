import { fileMessages, limits } from '@baton/contracts/constants';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { useApiClient } from '../context';
import { UploadError, type UploadedFile, uploadFile } from './upload';

/**
 * What a form does with a thing's file (SPEC §4 "Attachment in the edit form"; a folder's base file): keep
 * the current one (or have none), remove it, or a chosen file on its way up, then stored.
 */
export type UploadChoice =
  | { kind: 'keep' }
  | { kind: 'remove' }
  | { kind: 'uploading'; name: string; size: number; percent: number }
  | { kind: 'uploaded'; file: UploadedFile };

/**
 * One file field's uploads: a chosen file goes up at once with its progress; choosing another, `reset`
 * (Undo, Remove) or leaving the form stops the one on its way; a failure keeps its sentence and brings the
 * field back to what it was. `onChosen` hears a chosen file's name (a folder's display name defaults to it).
 */
export function useUploadChoice(
  value: UploadChoice,
  onChange: (choice: UploadChoice) => void,
  onChosen?: (fileName: string) => void,
) {
  const { request } = useApiClient();
  const running = useRef<AbortController | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  // Closing the form stops an upload on its way.
  useEffect(() => () => running.current?.abort(), []);

  const cancel = () => {
    running.current?.abort();
    running.current = null;
  };

  async function upload(file: File) {
    cancel();
    setFailure(null);
    if (file.size > limits.fileBytes) return setFailure(fileMessages.tooLarge);
    const before = value.kind === 'uploading' ? { kind: 'keep' as const } : value;
    const controller = new AbortController();
    running.current = controller;
    const mine = () => running.current === controller;
    const progress = (percent: number) =>
      onChange({ kind: 'uploading', name: file.name, size: file.size, percent });
    progress(0);
    onChosen?.(file.name);
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

  return {
    failure,
    /** Goes to `choice` (Undo, Remove), stopping an upload on its way. */
    reset(choice: UploadChoice) {
      cancel();
      setFailure(null);
      onChange(choice);
    },
    /** The file input's change handler. */
    chosen(event: ChangeEvent<HTMLInputElement>) {
      const file = event.target.files?.[0];
      // Cleared so that choosing the same file again (after a failure) fires a change.
      event.target.value = '';
      if (file) void upload(file);
    },
  };
}
