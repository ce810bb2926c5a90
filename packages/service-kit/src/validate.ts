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
  const problem = textProblem(raw);
  if (problem) throw badRequest(problem);
  return parseOr400(schema, raw);
}

export const nulMessage = 'Text must not contain NUL characters.';
export const surrogateMessage = 'Text must be valid Unicode (it contains a lone surrogate).';
export const MAX_JSON_DEPTH = 64;
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const depthMessage = `Request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`;

/**
 * What Postgres cannot store (NUL, a lone UTF-16 surrogate) or no contract needs (nesting beyond
 * MAX_JSON_DEPTH), as the 400's sentence; undefined when the value is fine. Iterative: a body of
 * 12,000 nested arrays must not overflow the stack.
 */
export function textProblem(value: unknown): string | undefined {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const strings: unknown[] = [];
    if (typeof item.value === 'string') strings.push(item.value);
    else if (item.value && typeof item.value === 'object') {
      if (item.depth >= MAX_JSON_DEPTH) return depthMessage;
      const entries = Array.isArray(item.value) ? item.value.entries() : Object.entries(item.value);
      for (const [key, inner] of entries) {
        strings.push(key);
        stack.push({ value: inner, depth: item.depth + 1 });
      }
    }
    for (const text of strings) {
      if (typeof text !== 'string') continue;
      if (text.includes('\u0000')) return nulMessage;
      if (loneSurrogate.test(text)) return surrogateMessage;
    }
  }
  return undefined;
}

export const pathParams = <S extends z.ZodType>(c: Context, schema: S): z.output<S> =>
  parseOr400(schema, c.req.param());

export const queryParams = <S extends z.ZodType>(c: Context, schema: S): z.output<S> =>
  parseOr400(schema, c.req.query());
