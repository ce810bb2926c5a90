import type { routes } from '@baton/contracts';
import type { z } from 'zod';

/**
 * The identity routes the platform calls itself. Their method and path are the route table's own (literal
 * types: the compiler refuses any other), without its zod schemas, which would put zod into every page's bundle.
 */
export const tokenRefreshRoute = {
  method: 'POST',
  path: '/api/token/refresh/',
} as const satisfies Pick<typeof routes.tokenRefresh, 'method' | 'path'>;
export type TokenRefreshBody = z.input<typeof routes.tokenRefresh.body>;
export type TokenRefreshAnswer = z.output<typeof routes.tokenRefresh.response>;

export const logoutRoute = {
  method: 'POST',
  path: '/api/logout/',
} as const satisfies Pick<typeof routes.logout, 'method' | 'path'>;
export type LogoutBody = z.input<typeof routes.logout.body>;
