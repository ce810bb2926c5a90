import type { Generated } from 'kysely';

export type UploadState = 'pending' | 'stored' | 'attached' | 'deleted';

export interface FilesTables {
  /** Every upload ever presigned: pending (URL issued), stored (bytes checked), attached, deleted. */
  uploads: {
    key: string;
    owner_id: string;
    /** The name the person's file had; shown and used for downloads, never part of the key. */
    filename: string;
    declared_type: string;
    /** What the first bytes say (or the safe fallback), set once the bytes are stored. */
    content_type: string | null;
    size: string | null;
    /** The size the browser said at presign (or the largest allowed): counted against the quota until stored. */
    declared_size: string | null;
    state: UploadState;
    ref_kind: 'task' | 'folder' | null;
    ref_id: string | null;
    created_at: Generated<Date>;
    stored_at: Date | null;
    attached_at: Date | null;
    deleted_at: Date | null;
  };
  /** Deleted accounts: an upload presigned in flight must not outlive the erasure. */
  erased_users: { id: string };
}
