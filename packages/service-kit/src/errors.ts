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

/** Postgres error classes of a server that is away, stopping or starting (57P01-57P03, class 08). */
const unavailableCodes = /^(57P0[1-3]|08...)$/;
const unreachable = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);
const lostConnection =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout/i;

/**
 * Whether `error` says the database could not be reached (stopped, restarting, cut off, or too slow to
 * connect) rather than that the request was wrong: such a request may succeed a moment later (503).
 */
export function isDatabaseUnavailable(error: unknown) {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && (unavailableCodes.test(code) || unreachable.has(code))) return true;
  return error instanceof Error && lostConnection.test(error.message);
}

/** What a request that met an unreachable database answers: try again in a moment. */
export const databaseUnavailable = () =>
  new HttpError(
    503,
    'service_unavailable',
    'Baton cannot reach its database right now. Please try again in a moment.',
    {
      headers: { 'Retry-After': '2' },
    },
  );
