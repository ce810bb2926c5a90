import {
  type claimUploadResponse,
  type FileOwnerRef,
  type filePreview,
  internalRoutes,
} from '@baton/contracts';
import type { z } from 'zod';
import type { AuthContext } from './auth';
import { badRequest, HttpError } from './errors';
import type { Logger } from './logger';

/** How a service reaches another: HTTP in the distributed topology, the app itself in `npm start`. */
export type ServiceFetch = (path: string, init: RequestInit) => Promise<Response>;
/** How a service reaches files. */
export type FilesFetch = ServiceFetch;
export type ClaimedFile = z.infer<typeof claimUploadResponse>;
export type GrantedFile = z.infer<typeof filePreview>;

/**
 * A POST to another service's internal route on the person's behalf: their own bearer token goes along,
 * so the other service decides from the token, never from what the caller says. A refusal keeps its
 * sentence (404 stays 404, anything else is the caller's 400); an outage is a 503 naming the service.
 */
export function onBehalfOf(fetchService: ServiceFetch, logger: Logger, service: string) {
  const unavailable = () =>
    new HttpError(503, 'service_unavailable', `The ${service} service is not available. Please try again.`, {
      service,
    });
  return async function ask<T>(me: AuthContext, path: string, body: unknown): Promise<T> {
    const response = await fetchService(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${me.token}` },
      body: JSON.stringify(body),
    }).catch((error: unknown) => {
      logger.warn({ err: error, service }, 'internal call failed');
      throw unavailable();
    });
    const answer = (await response.json().catch(() => null)) as (T & { message?: string }) | null;
    if (response.ok && answer) return answer;
    if (response.status >= 500 || !answer?.message) throw unavailable();
    throw response.status === 404
      ? new HttpError(404, 'not_found', answer.message)
      : badRequest(answer.message);
  };
}

/** The files service as tasks and folders call it, on the person's behalf (`onBehalfOf`). */
export function filesClient(fetchFiles: FilesFetch, logger: Logger) {
  const ask = onBehalfOf(fetchFiles, logger, 'files');
  /**
   * What a form's file field asks for, done: `key` absent (or the current one) keeps the file
   * (undefined), null removes it (null), another key attaches that upload of the person's to `ref`
   * (checking `url`, when given, is the key's) and answers what files knows of it.
   */
  async function change(
    me: AuthContext,
    ref: FileOwnerRef,
    current: string | null,
    key: string | null | undefined,
    url?: string | null,
  ): Promise<ClaimedFile | null | undefined> {
    if (key === undefined || (key !== null && key === current)) return undefined;
    if (key === null) return null;
    return ask<ClaimedFile>(me, internalRoutes.claimUpload.path, { key, ref, url });
  }
  return {
    change,
    /**
     * `change`, then `write` with its answer. When `write` fails (its task or folder row is never written or
     * changed), an upload it attached is let go again: the person can use it elsewhere, and the sweep
     * deletes it if nothing claims it. A failure to let go is logged; the write's error is what the caller gets.
     */
    async withChange<T>(
      me: AuthContext,
      ref: FileOwnerRef,
      current: string | null,
      field: { key: string | null | undefined; url?: string | null },
      write: (file: ClaimedFile | null | undefined) => Promise<T>,
    ): Promise<T> {
      const file = await change(me, ref, current, field.key, field.url);
      try {
        return await write(file);
      } catch (error) {
        if (file)
          await ask(me, internalRoutes.releaseUpload.path, { key: file.key, ref }).catch(
            (releaseError: unknown) =>
              logger.warn(
                { err: releaseError, key: file.key },
                'could not let go of an upload after a failed write',
              ),
          );
        throw error;
      }
    },
    /** A short-lived URL of the file attached to `ref`, to show inline (preview) or to save (download). */
    grant: (me: AuthContext, ref: FileOwnerRef, key: string, disposition: 'inline' | 'attachment') =>
      ask<GrantedFile>(me, internalRoutes.grantFile.path, { key, ref, disposition }),
  };
}
export type FilesClient = ReturnType<typeof filesClient>;
