import type { RouteName, routes } from '@baton/contracts';
import type { ApiClient } from '@baton/web-platform';
import type { z } from 'zod';

type Contract<N extends RouteName> = (typeof routes)[N];

/** What route N takes: the input of its body schema. */
export type RouteBody<N extends RouteName> =
  Contract<N> extends { body: infer S extends z.ZodType } ? z.input<S> : undefined;

/** What route N answers when it succeeds: the output of its response schema. */
export type RouteAnswer<N extends RouteName> =
  Contract<N> extends { response: infer S extends z.ZodType } ? z.output<S> : undefined;

/** A route of the table as the browser calls it: its name (which gives the types), method and path. */
export interface Endpoint<N extends RouteName> {
  name: N;
  method: Contract<N>['method'];
  path: Contract<N>['path'];
}

const endpoint = <N extends RouteName>(
  name: N,
  method: Contract<N>['method'],
  path: Contract<N>['path'],
): Endpoint<N> => ({ name, method, path });

/**
 * The identity routes the shell calls. Their method and path are the table's own (literal types: the compiler
 * refuses any other), without its zod schemas, which would put zod into the first page's bundle.
 */
export const identityRoutes = {
  tokenCheck: endpoint('tokenCheck', 'GET', '/api/token/check/'),
  login: endpoint('login', 'POST', '/login/'),
  signup: endpoint('signup', 'POST', '/user_signup/'),
  verifyEmail: endpoint('verifyEmail', 'POST', '/api/auth/verify-email/'),
  resendVerification: endpoint('resendVerification', 'POST', '/api/auth/verify-email/resend/'),
  requestPasswordReset: endpoint('requestPasswordReset', 'POST', '/api/auth/password-reset/request/'),
  checkPasswordReset: endpoint('checkPasswordReset', 'POST', '/api/auth/password-reset/check/'),
  confirmPasswordReset: endpoint('confirmPasswordReset', 'POST', '/api/auth/password-reset/confirm/'),
};

/** The routes of `identityRoutes`, all GET or POST and without path parameters. */
export type IdentityRoute = keyof typeof identityRoutes;

/**
 * A route's answer: the contract's body when the call succeeded (a 2xx without an `error` sentence), else what
 * came back and the server's error sentence, if it gave one. The body is trusted, not parsed.
 */
export type RouteResult<N extends RouteName> =
  | { ok: true; status: number; body: RouteAnswer<N>; error: null }
  | { ok: false; status: number; body: Record<string, unknown>; error: string | null };

/** Reads the answer of route N (a body that is not JSON reads as `{}`). */
export async function resultOf<N extends RouteName>(response: Response): Promise<RouteResult<N>> {
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  const error = typeof json.error === 'string' && json.error ? json.error : null;
  return response.ok && !error
    ? { ok: true, status: response.status, body: json as RouteAnswer<N>, error: null }
    : { ok: false, status: response.status, body: json, error };
}

/** Calls a GET route, or POSTs `body` to a POST route, through the request wrapper (the person's session). */
export async function callRoute<N extends IdentityRoute>(
  client: ApiClient,
  route: Endpoint<N>,
  ...[body]: RouteBody<N> extends undefined ? [] : [RouteBody<N>]
): Promise<RouteResult<N>> {
  const response =
    route.method === 'GET' ? await client.request(route.path) : await client.post(route.path, body);
  return resultOf<N>(response);
}
