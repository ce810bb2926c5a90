export { createIdentity, createIdentityApp, type IdentityService, SERVICE_NAME } from './app';
export { type IdentityConfig, identityConfigSchema, identityProcessEnv } from './config';
/** The session check's work without a framework, for the gateway-cost benchmark. */
export { tokenCheck } from './routes/auth/auth.service';
