import {
  type claimUploadResponse,
  type FileOwnerRef,
  type filePreview,
  internalFilePaths,
} from '@baton/contracts';
import { type AuthContext, badRequest, HttpError } from '@baton/service-kit';
import type { z } from 'zod';
import type { TasksDeps } from './context';

const filesUnavailable = () =>
  new HttpError(503, 'service_unavailable', 'The files service is not available. Please try again.', {
    service: 'files',
  });

/**
 * Calls files on the person's behalf (their own bearer token: files checks who owns an upload from the
 * token, never from what tasks says). A refusal keeps files' sentence; an outage is a 503.
 */
async function askFiles<T>(deps: TasksDeps, me: AuthContext, path: string, body: unknown): Promise<T> {
  const response = await deps
    .files(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${me.token}` },
      body: JSON.stringify(body),
    })
    .catch((error: unknown) => {
      deps.logger.warn({ err: error }, 'files call failed');
      throw filesUnavailable();
    });
  const answer = (await response.json().catch(() => null)) as (T & { message?: string }) | null;
  if (response.ok && answer) return answer;
  if (response.status >= 500 || !answer?.message) throw filesUnavailable();
  return Promise.reject(
    response.status === 404 ? new HttpError(404, 'not_found', answer.message) : badRequest(answer.message),
  );
}

/** The task's attachment columns: set, cleared, or (undefined) left as they are. */
export type AttachmentChange = z.infer<typeof claimUploadResponse> | null | undefined;

/**
 * What the form's attachmentKey/attachmentUrl ask for: absent keeps the current file, null removes it,
 * the current key keeps it, another key attaches that upload (files checks it is the person's and stored).
 */
export async function attachmentChange(
  deps: TasksDeps,
  me: AuthContext,
  taskId: string,
  current: string | null,
  form: { attachmentKey?: string | null; attachmentUrl?: string | null },
): Promise<AttachmentChange> {
  if (form.attachmentKey === undefined || (form.attachmentKey !== null && form.attachmentKey === current))
    return undefined;
  if (form.attachmentKey === null) return null;
  const ref: FileOwnerRef = { kind: 'task', id: taskId };
  return askFiles(deps, me, internalFilePaths.claim, {
    key: form.attachmentKey,
    ref,
    url: form.attachmentUrl,
  });
}

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

/** A short-lived URL of the task's file, to show inline (preview) or to save (download). */
export const attachmentGrant = (
  deps: TasksDeps,
  me: AuthContext,
  taskId: string,
  key: string,
  disposition: 'inline' | 'attachment',
) =>
  askFiles<z.infer<typeof filePreview>>(deps, me, internalFilePaths.grant, {
    key,
    ref: { kind: 'task', id: taskId },
    disposition,
  });
