import type { AttachmentInfo } from '@baton/contracts';
import { FileChoiceField } from '@baton/ui';
import { useUploadChoice } from '@baton/web-platform';
import { useTasksT } from '../i18n';
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
  const t = useTasksT();
  const upload = useUploadChoice(value, onChange);
  return (
    <FileChoiceField
      label={t('attachment')}
      hint={t('attachmentHint')}
      current={current}
      value={value}
      {...upload}
    />
  );
}
