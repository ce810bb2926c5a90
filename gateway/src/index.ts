export { createGatewayApp, type GatewayOptions } from './app';
export { allowedOriginsOf, gatewayEnvSchema, repoRoot, serviceUrlsOf, staticConfigOf } from './config';
export {
  type Environment,
  environmentFile,
  manifestUrls,
  missingReleases,
  type RemoteName,
  readEnvironment,
  readEnvironmentFile,
  releaseDir,
  releaseVersion,
  remoteNames,
} from './environments';
export { startConfiguredGateway, startGateway } from './server';
export {
  httpUpstream,
  inProcessUpstream,
  type Upstream,
  type Upstreams,
  upstreamReadiness,
} from './upstreams';
