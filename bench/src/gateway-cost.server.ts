import { createServer } from 'node:http';
import { createIdentity, identityConfigSchema, tokenCheck } from '@baton/identity';
import { createLogger, HttpError, InProcessBus, listen } from '@baton/service-kit';
import { jsonRequest, makeUser, readJson } from '@baton/test-kit';

/**
 * Two servers of bench:gateway-cost, in this one process (the load comes from another, and the gateway runs in
 * a third, as in the distributed topology): identity's `GET /api/token/check/` work on bare `node:http`, and
 * identity's Hono app. Prints their addresses and a valid token as one JSON line.
 */
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('Set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)');
const logger = createLogger({ name: 'bench', level: 'warn' });
const bus = new InProcessBus();
const config = identityConfigSchema.parse({ RATE_LIMITS: 'false' });
const identity = await createIdentity({
  databaseUrl,
  bus,
  logger,
  config,
  database: 'baton_bench_gateway_cost',
});

const bare = createServer(async (req, res) => {
  try {
    const body = JSON.stringify(await tokenCheck(identity.deps, req.headers.authorization));
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  } catch (error) {
    const status = error instanceof HttpError ? error.status : 500;
    res.writeHead(status, { 'content-type': 'application/json' }).end('{"error":"refused"}');
  }
});
await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
const service = await listen(identity.app.fetch, 0, '127.0.0.1');
const serviceUrl = `http://127.0.0.1:${service.port}`;
const user = makeUser();
await identity.app.request('/user_signup/', jsonRequest('POST', { ...user, confirmPassword: user.password }));
const login = await readJson(
  identity.app.request('/login/', jsonRequest('POST', { email: user.email, password: user.password })),
);
const address = bare.address();
console.log(
  JSON.stringify({
    bare: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    service: serviceUrl,
    token: login.tokens.access,
  }),
);

// Exit normally when the benchmark ends it (a CPU profile taken with --cpu-prof is then written).
process.once('SIGTERM', () => process.exit(0));
