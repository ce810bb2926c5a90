import type { Context } from 'hono';
import type { z } from 'zod';
import { badRequest, HttpError } from './errors';

const issuesOf = (error: z.ZodError) =>
  error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));

/** Parses `value` with `schema`, or throws a 400 whose message is the first issue's sentence. */
export function parseOr400<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = issuesOf(result.error);
  throw badRequest(issues[0]?.message ?? 'Invalid request.', issues);
}

/** Reads and validates a JSON body. Malformed JSON and non-JSON bodies get their own clear 400/415. */
export async function jsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/(.+\+)?json\b/i.test(type)) {
    throw new HttpError(
      415,
      'unsupported_media_type',
      'Request body must be JSON (Content-Type: application/json).',
    );
  }
  let raw: unknown;
  try {
    raw = JSON.parse(await c.req.text());
  } catch {
    throw new HttpError(400, 'invalid_json', 'Request body is not valid JSON.');
  }
  // Postgres text cannot hold NUL: refuse it here with a 400 rather than fail at the insert with a 500.
  if (containsNul(raw)) throw badRequest(nulMessage);
  return parseOr400(schema, raw);
}

export const nulMessage = 'Text must not contain NUL characters.';

function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === 'object')
    return Object.entries(value).some(([key, inner]) => key.includes('\u0000') || containsNul(inner));
  return false;
}

export const pathParams = <S extends z.ZodType>(c: Context, schema: S): z.output<S> =>
  parseOr400(schema, c.req.param());

export const queryParams = <S extends z.ZodType>(c: Context, schema: S): z.output<S> =>
  parseOr400(schema, c.req.query());
