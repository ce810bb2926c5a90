import { z } from 'zod';
import { errorBody } from './errors';
import { allRoutes, type RouteContract } from './routes';

const schema = (s: z.ZodType, io: 'input' | 'output') => z.toJSONSchema(s, { io, unrepresentable: 'any' });

/** OpenAPI 3.1 document generated from the route table, served by the gateway at /openapi.json. */
export function openApiDocument(list: readonly RouteContract[] = allRoutes) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of list) {
    const parameters = [];
    const params = r.params
      ? (schema(r.params, 'input') as { properties?: Record<string, unknown> })
      : undefined;
    for (const [name, s] of Object.entries(params?.properties ?? {})) {
      parameters.push({ name, in: 'path', required: true, schema: s });
    }
    const query = r.query
      ? (schema(r.query, 'input') as { properties?: Record<string, unknown> })
      : undefined;
    for (const [name, s] of Object.entries(query?.properties ?? {}))
      parameters.push({ name, in: 'query', schema: s });
    const entry: Record<string, unknown> = {
      summary: r.summary,
      tags: [r.service],
      parameters,
      security: r.auth ? [{ bearer: [] }] : [],
      responses: {
        [String(r.status ?? 200)]: {
          description: 'Success',
          ...(r.response
            ? { content: { 'application/json': { schema: schema(r.response, 'output') } } }
            : {}),
        },
        default: {
          description: 'Error',
          content: { 'application/json': { schema: schema(errorBody, 'output') } },
        },
      },
    };
    if (r.body)
      entry.requestBody = {
        required: true,
        content: { 'application/json': { schema: schema(r.body, 'input') } },
      };
    paths[r.path] ??= {};
    (paths[r.path] as Record<string, unknown>)[r.method.toLowerCase()] = entry;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Baton API', version: '0.1.0' },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    paths,
  };
}
