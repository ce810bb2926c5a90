export { createIdentity, createIdentityApp, type IdentityService, SERVICE_NAME } from './app';
export { type IdentityConfig, identityConfigSchema } from './config';
