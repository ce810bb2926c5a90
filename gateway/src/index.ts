export { createGatewayApp, type GatewayOptions } from './app';
export { allowedOriginsOf, gatewayEnvSchema, repoRoot, serviceUrlsOf, staticConfigOf } from './config';
export { startConfiguredGateway, startGateway } from './server';
export { httpUpstream, inProcessUpstream, type Upstream, type Upstreams } from './upstreams';
