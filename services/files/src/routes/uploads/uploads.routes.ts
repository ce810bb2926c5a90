import { internalRoutes, routes } from '@baton/contracts';
import { contractRoutes, requireAuth } from '@baton/service-kit';
import type { FilesDeps } from '../../context';
import { claimUpload, grantUrl, presignUpload, releaseUpload, storageUsage } from './uploads.service';

/**
 * POST /api/uploads/presign/ and GET /api/uploads/usage/ (through the gateway), and the calls of the
 * services that attach files (never routed by the gateway; the person's bearer token comes along and is
 * checked here).
 */
export function uploadRoutes(deps: FilesDeps) {
  const { app, mount } = contractRoutes(requireAuth(deps.verifyAccess));

  mount(routes.presignUpload, ({ body, auth }) => presignUpload(deps, auth, body));
  mount(routes.uploadUsage, ({ auth }) => storageUsage(deps, auth.userId));
  mount(internalRoutes.claimUpload, ({ body, auth }) => claimUpload(deps, auth, body));
  mount(internalRoutes.releaseUpload, ({ body, auth }) => releaseUpload(deps, auth, body));
  mount(internalRoutes.grantFile, ({ body }) => grantUrl(deps, body));

  return app;
}
