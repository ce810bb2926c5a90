import type { ErrorBody, ErrorCode } from '@baton/contracts';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** The one error type handlers throw; `onError` turns it into the shared error body. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
    readonly extra: Partial<Pick<ErrorBody, 'issues' | 'service'>> & {
      headers?: Record<string, string>;
    } = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const errorBodyOf = (code: ErrorCode, message: string, extra: Partial<ErrorBody> = {}): ErrorBody => ({
  code,
  error: message,
  message,
  ...extra,
});

export const badRequest = (message: string, issues?: ErrorBody['issues']) =>
  new HttpError(400, 'validation_failed', message, issues ? { issues } : {});
export const unauthorized = (message = 'Authentication credentials were not provided.') =>
  new HttpError(401, 'unauthorized', message);
export const notFound = (message = 'Not found.') => new HttpError(404, 'not_found', message);
export const conflict = (message: string) => new HttpError(409, 'conflict', message);
