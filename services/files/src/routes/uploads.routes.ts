import {
  claimUploadRequest,
  grantRequest,
  internalFilePaths,
  presignUploadRequest,
  releaseUploadRequest,
} from '@baton/contracts';
import { type AppEnv, jsonBody, requireAuth, unauthorized } from '@baton/service-kit';
import { Hono } from 'hono';
import type { FilesDeps } from '../context';
import { claimUpload, grantUrl, presignUpload, quotaBytesOf, releaseUpload, usedBytes } from '../uploads';

/**
 * POST /api/uploads/presign/ (SPEC §7, through the gateway), and the calls of the services that attach
 * files (never routed by the gateway; the person's bearer token comes along and is checked here).
 */
export function uploadRoutes(deps: FilesDeps) {
  const app = new Hono<AppEnv>();
  const auth = requireAuth(deps.verifyAccess);

  app.post('/api/uploads/presign/', auth, async (c) => {
    const body = await jsonBody(c, presignUploadRequest);
    const erased = await deps.db
      .selectFrom('erased_users')
      .select('id')
      .where('id', '=', c.get('auth').userId)
      .executeTakeFirst();
    if (erased) throw unauthorized('Token is invalid or expired');
    return c.json(await presignUpload(deps, c.get('auth'), body));
  });

  app.get('/api/uploads/usage/', auth, async (c) =>
    c.json({
      usedBytes: await usedBytes(deps.db, c.get('auth').userId),
      quotaBytes: quotaBytesOf(deps.config),
    }),
  );

  app.post(internalFilePaths.claim, auth, async (c) =>
    c.json(await claimUpload(deps, c.get('auth'), await jsonBody(c, claimUploadRequest))),
  );

  app.post(internalFilePaths.release, auth, async (c) =>
    c.json(await releaseUpload(deps, c.get('auth'), await jsonBody(c, releaseUploadRequest))),
  );

  app.post(internalFilePaths.grant, auth, async (c) =>
    c.json(await grantUrl(deps, await jsonBody(c, grantRequest))),
  );

  return app;
}
