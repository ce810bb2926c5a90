import { createLogger, EnvError, jwksUrl, Lifecycle, NatsBus, parseEnv } from '@baton/service-kit';
import { gatewayEnvSchema, serviceUrlsOf } from './config';
import { startConfiguredGateway } from './server';
import { httpUpstream, type Upstreams } from './upstreams';

/** The gateway as its own process (distributed topology); run as many replicas as you like. */
async function main() {
  const env = parseEnv(gatewayEnvSchema);
  const urls = serviceUrlsOf(env);
  const jwks = env.JWKS_URL ?? (urls.identity && jwksUrl(urls.identity).toString());
  if (!jwks) throw new EnvError('Invalid configuration:\n  JWKS_URL: set it or IDENTITY_URL');
  const logger = createLogger({ name: 'gateway' });
  const lifecycle = new Lifecycle(logger);
  const bus = await NatsBus.connect({ url: env.NATS_URL, name: 'gateway', logger });
  lifecycle.onClose('nats', () => bus.close());
  const pools = Object.entries(urls).map(([name, url]) => [name, httpUpstream(url)] as const);
  // Closed after the gateway (closers run in reverse): its last answers still reach the services.
  lifecycle.onClose('upstreams', async () => {
    await Promise.all(pools.map(([, upstream]) => upstream.close()));
  });
  const upstreams: Upstreams = Object.fromEntries(pools);
  const gateway = await startConfiguredGateway(env, { upstreams, keys: new URL(jwks), bus, logger });
  lifecycle.onClose('gateway', () => gateway.close());
  lifecycle.handleSignals();
  logger.info({ port: gateway.port, services: Object.keys(urls) }, 'gateway listening');
}

main().catch((error) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});
