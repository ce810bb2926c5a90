import { type RouteContract, toHonoPath } from '@baton/contracts';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from './app';
import type { AuthContext } from './auth';
import { jsonBody, pathParams, queryParams } from './validate';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a route's handler is given, parsed by the route's own contract schemas. */
export interface RouteInput<R extends RouteContract> {
  params: Parsed<R['params']>;
  query: Parsed<R['query']>;
  body: Parsed<R['body']>;
  /** The caller, on a route the contract protects. */
  auth: R['auth'] extends true ? AuthContext : undefined;
}

/** What a handler answers: the contract's response (sent as JSON with its status), or a whole Response. */
export type RouteAnswer<R extends RouteContract> =
  | (R['response'] extends z.ZodType ? z.input<R['response']> : never)
  | Response;

export type RouteHandler<R extends RouteContract> = (
  input: RouteInput<R>,
  c: Context<AppEnv>,
) => RouteAnswer<R> | Promise<RouteAnswer<R>>;

/**
 * A service's routes, each bound to its entry of the route table (`@baton/contracts` routes): `mount`
 * takes the method, the path, the schemas of its params, query and body, and whether it is protected from
 * the contract, so no service writes a path, and a handler's input and answer types are the contract's.
 * `authenticate` guards the protected ones (`requireAuth(verifyAccess)`; identity checks its own sessions).
 */
export function contractRoutes(authenticate: MiddlewareHandler<AppEnv>) {
  const app = new Hono<AppEnv>();
  function mount<R extends RouteContract>(route: R, handler: RouteHandler<R>) {
    const run = async (c: Context<AppEnv>) => {
      const input = {
        params: route.params ? pathParams(c, route.params) : undefined,
        query: route.query ? queryParams(c, route.query) : undefined,
        body: route.body ? await jsonBody(c, route.body) : undefined,
        auth: route.auth ? c.get('auth') : undefined,
      } as RouteInput<R>;
      const answer = await handler(input, c);
      if (answer instanceof Response) return answer;
      return c.json(answer as object, (route.status ?? 200) as 200);
    };
    const path = toHonoPath(route.path);
    if (route.auth) app.on(route.method, path, authenticate, run);
    else app.on(route.method, path, run);
  }
  return { app, mount };
}
