import { z } from 'zod';
import { delegationMessages, identityMessages, taskMessages } from './constants';
import { type ErrorBody, type ErrorCode, errorBody } from './errors';
import {
  type ErrorStatus,
  type RouteContract,
  routes,
  type ServiceName,
  serviceNames,
  wsRoutes,
} from './routes';

const schema = (s: z.ZodType, io: 'input' | 'output') => z.toJSONSchema(s, { io, unrepresentable: 'any' });

/** The shared error answers (`components/responses`), one per status, each with the shared error body. */
const errorResponses = {
  400: {
    name: 'BadRequest',
    example: {
      code: 'validation_failed',
      message: taskMessages.required,
      issues: [{ path: 'title', message: taskMessages.required }],
    },
    description:
      'The request is malformed or fails validation (`code` `validation_failed`, `invalid_json` or `bad_request`; `issues` names each field).',
  },
  401: {
    name: 'Unauthorized',
    example: { code: 'unauthorized', message: 'Authentication credentials were not provided.' },
    description:
      'No valid credentials: the access token is missing, expired or revoked (refresh it), or the sign-in or refresh token was refused.',
  },
  403: {
    name: 'Forbidden',
    example: { code: 'forbidden', message: delegationMessages.onlyOwner },
    description: 'Signed in, but this person may not do this to this resource.',
  },
  404: {
    name: 'NotFound',
    example: { code: 'not_found', message: 'Task not found.' },
    description: 'Not found, or not visible to this person (a stranger’s task is never revealed).',
  },
  409: {
    name: 'Conflict',
    example: { code: 'conflict', message: delegationMessages.completed },
    description: 'The resource’s current state does not allow this (already done, still open, in use).',
  },
  413: {
    name: 'PayloadTooLarge',
    example: { code: 'payload_too_large', message: 'Request body is too large.' },
    description: 'The body, or the upload it announces, is larger than allowed.',
  },
  415: {
    name: 'UnsupportedMediaType',
    example: {
      code: 'unsupported_media_type',
      message: 'Request body must be JSON (Content-Type: application/json).',
    },
    description: 'The body is not JSON (send `Content-Type: application/json`).',
  },
  429: {
    name: 'RateLimited',
    example: { code: 'rate_limited', message: identityMessages.rateLimited(60) },
    description: 'Too many attempts: try again after the seconds in `Retry-After`.',
    retryAfter: true,
  },
  503: {
    name: 'ServiceUnavailable',
    example: {
      code: 'service_unavailable',
      message: 'The tasks service is not available yet.',
      service: 'tasks',
    },
    description:
      'The service that owns the route, or its database, is not reachable right now (`service` names it): try again shortly.',
    retryAfter: true,
  },
} satisfies Record<
  ErrorStatus,
  {
    name: string;
    /** What the body says, shown as the answer's example (`error` repeats `message`). */
    example: Pick<ErrorBody, 'code' | 'message' | 'issues' | 'service'> & { code: ErrorCode };
    description: string;
    retryAfter?: boolean;
  }
>;

/**
 * The error statuses a route answers: those its contract implies (400 for any input, 401 behind a sign-in,
 * 404 for a path naming something, 413 and 415 for a JSON body, 503 from the gateway for any route whose
 * service is away) and those it declares in `errors`.
 */
export function errorStatusesOf(r: RouteContract): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>([...(r.errors ?? []), 503]);
  if (r.body || r.query || r.params) statuses.add(400);
  if (r.auth) statuses.add(401);
  if (r.params) statuses.add(404);
  if (r.body) {
    statuses.add(413);
    statuses.add(415);
  }
  return [...statuses].sort((a, b) => a - b);
}

const tagDescriptions: Record<ServiceName, string> = {
  identity: 'Accounts, sign-in and sessions, passwords, preferences and trusted users.',
  tasks:
    'Personal and delegated tasks: lists, accepting and declining, progress, comments, attachments, search, saved views, bulk actions, calendar feed, export and import.',
  folders: 'Folders that group a person’s tasks, with an optional base file.',
  notifications:
    'In-app notifications, what a reconnecting socket missed, notification preferences, digests, unsubscribe links and web push.',
  files: 'Presigned uploads and the person’s storage usage.',
};

const description = `The REST API of Baton, the task delegation app. Every answer is JSON unless the operation says
otherwise; every error answer has the same body (\`Error\`): \`code\` for programs, \`message\` (and \`error\`,
the same sentence) for people.

## Authentication

1. Sign in with \`POST ${routes.login.path}\` and \`{"email", "password"}\`. The answer's \`tokens\` holds a
   short-lived \`access\` token (a JWT) and a \`refresh\` token.
2. Send the access token on every protected operation: \`Authorization: Bearer <access>\`. Operations
   without a lock need none.
3. When an operation answers 401, trade the refresh token for a new pair with
   \`POST ${routes.tokenRefresh.path}\` and \`{"refresh"}\` (each refresh token works once), then retry.
   \`POST ${routes.logout.path}\` with \`{"refresh"}\` ends the session.
4. WebSockets (${wsRoutes.map((w) => `\`${w.path}\``).join(', ')}) authenticate with the subprotocols
   \`jwt\` and the access token: \`new WebSocket(url, ['jwt', access])\`.

New accounts come from \`POST ${routes.signup.path}\`. The interactive page for this document is \`/docs\`.`;

/** OpenAPI 3.1 document generated from the route table, served by the gateway at /openapi.json. */
export function openApiDocument(table: Record<string, RouteContract> = routes) {
  const paths: Record<string, Record<string, unknown>> = {};
  const used = new Set<ErrorStatus>();
  for (const [operationId, r] of Object.entries(table)) {
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
    const responses: Record<string, unknown> = {
      [String(r.status ?? 200)]: {
        description: 'Success',
        ...(r.response ? { content: { 'application/json': { schema: schema(r.response, 'output') } } } : {}),
      },
    };
    for (const status of errorStatusesOf(r)) {
      used.add(status);
      responses[String(status)] = { $ref: `#/components/responses/${errorResponses[status].name}` };
    }
    responses.default = { $ref: '#/components/responses/UnexpectedError' };
    const entry: Record<string, unknown> = {
      operationId,
      summary: r.summary,
      tags: [r.service],
      parameters,
      security: r.auth ? [{ bearer: [] }] : [],
      responses,
    };
    if (r.body)
      entry.requestBody = {
        required: true,
        content: { 'application/json': { schema: schema(r.body, 'input') } },
      };
    paths[r.path] ??= {};
    (paths[r.path] as Record<string, unknown>)[r.method.toLowerCase()] = entry;
  }
  const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };
  const retryAfter = {
    'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer' } },
  };
  const responses: Record<string, unknown> = {
    UnexpectedError: {
      description: 'Something failed on the server (`code` `internal`).',
      content: errorContent,
    },
  };
  for (const status of [...used].sort((a, b) => a - b)) {
    const { name, description, example, ...rest } = errorResponses[status];
    const { code, message, ...extra } = example;
    responses[name] = {
      description,
      ...('retryAfter' in rest ? { headers: retryAfter } : {}),
      content: {
        'application/json': {
          ...errorContent['application/json'],
          example: { code, error: message, message, ...extra },
        },
      },
    };
  }
  const tags = new Set(Object.values(table).map((r) => r.service));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Baton API',
      version: '0.1.0',
      description,
      // Baton is not open source: the API is used under the app's terms of use.
      license: { name: 'Baton terms of use', url: '/terms' },
    },
    servers: [{ url: '/', description: 'This Baton server (the origin that serves this document)' }],
    tags: serviceNames
      .filter((name) => tags.has(name))
      .map((name) => ({ name, description: tagDescriptions[name] })),
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: `The \`access\` token from \`POST ${routes.login.path}\` or \`POST ${routes.tokenRefresh.path}\`.`,
        },
      },
      schemas: { Error: schema(errorBody, 'output') },
      responses,
    },
    paths,
  };
}
