export { createGatewayApp, type GatewayOptions } from './app';
export { allowedOriginsOf, gatewayEnvSchema, repoRoot, serviceUrlsOf, staticConfigOf } from './config';
export {
  type Environment,
  type EnvironmentSettings,
  environmentChain,
  environmentDir,
  environmentNames,
  environmentSettings,
  isRemoteName,
  manifestUrls,
  type Pointer,
  pointerFile,
  pointerFileName,
  type RemoteName,
  readEnvironment,
  readEnvironmentSettings,
  readPointers,
  releaseVersion,
  remoteNames,
  settingsFileName,
} from './environments';
export {
  type BucketOptions,
  bucketStore,
  directoryStore,
  immutableCaching,
  missingReleases,
  type ReleaseStore,
  releaseFiles,
  releaseStoreEnv,
  releaseStoreOf,
} from './release-store';
export { startConfiguredGateway, startGateway } from './server';
export {
  httpUpstream,
  inProcessUpstream,
  type Upstream,
  type Upstreams,
  upstreamReadiness,
} from './upstreams';
export { defaultSocketLimits } from './ws';
