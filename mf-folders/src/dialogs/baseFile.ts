import type { Folder } from '@baton/contracts';
import { limits } from '@baton/contracts/constants';
import type { UploadChoice } from '@baton/web-platform';
import type { FolderFields } from '../folders/api';

/**
 * What the form does with the folder's base file: keep the current one (or have none), remove it, or a
 * chosen file on its way up or stored.
 */
export type BaseFileChoice = UploadChoice;

/** SPEC §5: the display name defaults to the file name without its extension, at most 60 characters. */
export function defaultLabel(fileName: string) {
  const bare = fileName.replace(/\.[^.]*$/, '').trim() || fileName.trim();
  return [...bare].slice(0, limits.baseFileLabel).join('').trim();
}

type BaseFileFields = Pick<FolderFields, 'baseFileKey' | 'baseFileUrl' | 'baseFileLabel'>;

/**
 * The base-file fields a save sends: a stored file's key, url and display name (its default when left
 * empty); nulls to remove the file; for the current file only a changed display name; else nothing.
 */
export function baseFilePayload(
  choice: BaseFileChoice,
  label: string,
  current: Pick<Folder, 'baseFileKey' | 'baseFileLabel'> | null,
): BaseFileFields {
  const shown = label.trim();
  if (choice.kind === 'uploaded')
    return {
      baseFileKey: choice.file.key,
      baseFileUrl: choice.file.attachmentUrl,
      baseFileLabel: shown || defaultLabel(choice.file.name),
    };
  if (choice.kind === 'remove') return { baseFileKey: null, baseFileUrl: null, baseFileLabel: null };
  if (current?.baseFileKey && shown !== (current.baseFileLabel ?? ''))
    return { baseFileLabel: shown || null };
  return {};
}
