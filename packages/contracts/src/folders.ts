import { z } from 'zod';
import { int32, isoDateTime, limits, uuid } from './common';
import { defaultFolderColor, folderMessages } from './constants';

export { defaultFolderColor, folderMessages, folderPalette } from './constants';

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Colour must be a hex value like #4299E1.');

export const folder = z.object({
  id: uuid,
  name: z.string(),
  color: hexColor.nullable(),
  baseFileKey: z.string().nullable(),
  baseFileLabel: z.string().nullable(),
  baseFileUrl: z.string().nullable(),
  sort_order: z.number().int(),
  is_archived: z.boolean(),
  task_count: z.number().int().nonnegative(),
  attachmentUrl: z.string().nullable(),
  created_at: isoDateTime,
});
export type Folder = z.infer<typeof folder>;

const folderFields = {
  name: z
    .string({ error: folderMessages.nameRequired })
    .trim()
    .min(1, folderMessages.nameRequired)
    .max(limits.folderName, folderMessages.nameTooLong),
  color: hexColor.nullable(),
  baseFileKey: z.string().max(512).nullable(),
  baseFileLabel: z.string().trim().max(limits.baseFileLabel, folderMessages.labelTooLong).nullable(),
  baseFileUrl: z.string().max(2048).nullable(),
  sort_order: int32,
  is_archived: z.boolean(),
};

// GET /api/folders/?archived=0|1
export const folderListQuery = z.object({ archived: z.enum(['0', '1']).default('0') });
export const folderListResponse = z.object({ folders: z.array(folder) });
// POST /api/folders/
export const createFolderRequest = z.object({
  ...folderFields,
  color: folderFields.color.default(defaultFolderColor),
  baseFileKey: folderFields.baseFileKey.optional(),
  baseFileLabel: folderFields.baseFileLabel.optional(),
  baseFileUrl: folderFields.baseFileUrl.optional(),
  sort_order: folderFields.sort_order.default(0),
  is_archived: folderFields.is_archived.default(false),
});
// PUT /api/folders/{id}/
export const updateFolderRequest = z.object(folderFields).partial();
// POST /api/folders/{id}/attach-tasks/
export const attachTasksRequest = z.object({ task_ids: z.array(uuid).min(1).max(limits.idsMax) });
export const attachTasksResponse = z.object({ folder });
export const folderIdParam = z.object({ folderId: uuid });
