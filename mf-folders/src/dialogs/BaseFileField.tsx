import { FileChoiceField } from '@baton/ui';
import { useT, useUploadChoice } from '@baton/web-platform';
import { book } from '../messages';
import type { BaseFileChoice } from './baseFile';

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
  const t = useT(book);
  const upload = useUploadChoice(value, onChange, onChosen);
  return (
    <FileChoiceField
      label={t('baseFile')}
      hint={t('baseFileHint')}
      current={current === null ? null : { name: current || t('baseFile') }}
      value={value}
      {...upload}
    />
  );
}
