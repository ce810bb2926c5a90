import type { ClaimedFile } from '@baton/service-kit';

/** The task's attachment columns: set, cleared, or (undefined) left as they are. */
export type AttachmentChange = ClaimedFile | null | undefined;

export const attachmentColumns = (change: AttachmentChange) =>
  change === undefined
    ? {}
    : {
        attachment_key: change?.key ?? null,
        attachment_url: change?.url ?? null,
        attachment_name: change?.name ?? null,
        attachment_type: change?.contentType ?? null,
        attachment_size: change ? String(change.size) : null,
      };
