import { z } from 'zod';

/**
 * One error body for every service and the gateway. SPEC clients read `error`, `message` or `detail`
 * depending on the route, so `error` and `message` both carry the human sentence; `code` is for programs.
 */
export const errorBody = z.object({
  code: z.string(),
  error: z.string(),
  message: z.string(),
  requestId: z.string().optional(),
  service: z.string().optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const errorCodes = [
  'bad_request',
  'validation_failed',
  'invalid_json',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'service_unavailable',
  'internal',
] as const;
export type ErrorCode = (typeof errorCodes)[number];
