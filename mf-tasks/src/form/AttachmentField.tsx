import type { AttachmentInfo } from '@baton/contracts';
import { FileChoiceField } from '@baton/ui';
import { useUploadChoice } from '@baton/web-platform';
import type { AttachmentChoice } from './attachment';

/**
 * The task form's file (SPEC §4): the upload starts as soon as a file is chosen, with its progress; Undo
 * goes back to the current file, Remove marks it (or drops a new one).
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
  const upload = useUploadChoice(value, onChange);
  return (
    <FileChoiceField
      label="Attachment"
      hint="Up to 25 MB. The upload starts when you choose a file."
      current={current}
      value={value}
      {...upload}
    />
  );
}
