import type { UploadChoice } from '@baton/web-platform';
import type { TaskForm } from '../api';

/**
 * What the form does with the task's file (SPEC §4 "Attachment in the edit form"). With a current file,
 * `keep` is "existing", `remove` "marked for removal" and a chosen file "replaced"; without one, a chosen
 * file is "new".
 */
export type AttachmentChoice = UploadChoice;

type AttachmentFields = Pick<TaskForm, 'attachmentKey' | 'attachmentUrl'>;

/** The payload's attachment fields: none to keep the current file (the server keeps it), null to remove it. */
export function attachmentPayload(choice: AttachmentChoice): AttachmentFields {
  if (choice.kind === 'remove') return { attachmentKey: null, attachmentUrl: null };
  if (choice.kind === 'uploaded')
    return { attachmentKey: choice.file.key, attachmentUrl: choice.file.attachmentUrl };
  return {};
}
