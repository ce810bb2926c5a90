import { internalRoutes } from '@baton/contracts';
import { contractRoutes, requireAuth } from '@baton/service-kit';
import { granted, type ObjectDeps, objectHeaders, readObject, storeObject } from './objects.service';

/**
 * The local store's signed object URLs (`/files/objects/<key>?exp=…&sig=…`): PUT stores an upload's bytes
 * once, streamed to disk and counted; GET streams them back with the signed type and disposition. The
 * signature is the credential: no bearer token.
 */
export function objectRoutes(deps: ObjectDeps) {
  const { app, mount } = contractRoutes(requireAuth(deps.verifyAccess));

  mount(internalRoutes.putObject, ({ params }, c) =>
    storeObject(deps, params.key, granted(deps.store, 'PUT', params.key, c.req.url), {
      contentType: c.req.header('content-type'),
      contentLength: c.req.header('content-length'),
      body: c.req.raw.body,
    }),
  );

  mount(internalRoutes.getObject, async ({ params }, c) => {
    const grant = granted(deps.store, 'GET', params.key, c.req.url);
    const { stream, size } = await readObject(deps, params.key);
    return new Response(stream, { headers: objectHeaders(grant, size) });
  });

  return app;
}
