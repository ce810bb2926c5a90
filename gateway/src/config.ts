import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serviceNames } from '@baton/contracts';
import { envVars, jwtEnv } from '@baton/service-kit';
import { z } from 'zod';
import { trustedProxies } from './client-address';
import { manifestUrls, readEnvironment, remoteNames } from './environments';
import { missingReleases, releaseStoreEnv, releaseStoreOf } from './release-store';
import type { StaticConfig } from './static';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

const origins = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.url()));

export const gatewayEnvSchema = z
  .object({
    PORT: envVars.port(8080),
    HOST: z.string().default('0.0.0.0'),
    PUBLIC_URL: z.url().default('http://localhost:8080'),
    /** Extra origins allowed to open WebSockets, comma-separated (PUBLIC_URL's origin is always allowed). */
    ALLOWED_ORIGINS: origins.default([]),
    ...jwtEnv,
    NATS_URL: z.string().default('nats://127.0.0.1:4222'),
    IDENTITY_URL: envVars.optionalUrl,
    TASKS_URL: envVars.optionalUrl,
    FOLDERS_URL: envVars.optionalUrl,
    NOTIFICATIONS_URL: envVars.optionalUrl,
    FILES_URL: envVars.optionalUrl,
    /** Defaults to identity's JWKS. */
    JWKS_URL: envVars.optionalUrl,
    SHELL_DIR: z.string().default(resolve(repoRoot, 'shell/dist')),
    /** Origins a tester may load one remote from for a tab (`?remote=mf-tasks@https://…`), comma-separated. */
    REMOTE_OVERRIDE_ORIGINS: origins.default([]),
    /** The environment whose remotes /remotes.json names: `<ENVIRONMENTS_DIR>/<BATON_ENVIRONMENT>.json`. */
    BATON_ENVIRONMENT: z.string().default('local'),
    ENVIRONMENTS_DIR: z.string().default(resolve(repoRoot, 'deploy/environments')),
    /** Where uploaded files live when not behind this gateway (an S3 bucket's origin), comma-separated. */
    STORAGE_ORIGINS: origins.default([]),
    /**
     * The reverse proxies in front of the gateway (an ingress controller, a load balancer), as CIDRs or
     * addresses, comma-separated: a request from one of them is counted against the address its
     * X-Forwarded-For names. Unset: every request is its socket's peer (nothing in front).
     */
    TRUSTED_PROXIES: z
      .string()
      .default('')
      .transform((v, ctx) => {
        try {
          return trustedProxies(
            v
              .split(',')
              .map((entry) => entry.trim())
              .filter(Boolean),
          );
        } catch (error) {
          ctx.addIssue({ code: 'custom', message: (error as Error).message });
          return z.NEVER;
        }
      }),
    MAX_BODY_BYTES: z.coerce
      .number()
      .int()
      .positive()
      .default(1024 * 1024),
  })
  .extend(releaseStoreEnv.shape);
export type GatewayEnv = z.infer<typeof gatewayEnvSchema>;

export const serviceUrlsOf = (env: GatewayEnv) => {
  const urls: Partial<Record<(typeof serviceNames)[number], string>> = {};
  for (const name of serviceNames) {
    const value = env[`${name.toUpperCase()}_URL` as keyof GatewayEnv];
    if (typeof value === 'string') urls[name] = value;
  }
  return urls;
};

export const allowedOriginsOf = (env: Pick<GatewayEnv, 'PUBLIC_URL' | 'ALLOWED_ORIGINS'>) => {
  const list = new Set([
    new URL(env.PUBLIC_URL).origin,
    ...env.ALLOWED_ORIGINS.map((o) => new URL(o).origin),
  ]);
  return [...list];
};

export type StaticEnv = Pick<
  GatewayEnv,
  | 'SHELL_DIR'
  | 'BATON_ENVIRONMENT'
  | 'ENVIRONMENTS_DIR'
  | 'REMOTE_OVERRIDE_ORIGINS'
  | keyof typeof releaseStoreEnv.shape
>;

/** What the gateway serves, with the releases its environment names fetched from the store. */
export async function staticConfigOf(env: StaticEnv): Promise<StaticConfig> {
  const environment = readEnvironment(env.ENVIRONMENTS_DIR, env.BATON_ENVIRONMENT);
  const releases = releaseStoreOf(env, repoRoot);
  // An environment that names a release this gateway cannot serve must not go live.
  const missing = await missingReleases(environment, releases.localDir);
  if (missing.length > 0)
    throw new Error(
      `environment "${env.BATON_ENVIRONMENT}" names releases not in ${releases.location}: ${missing.join(', ')}`,
    );
  return {
    shellDir: env.SHELL_DIR,
    environment: env.BATON_ENVIRONMENT,
    remotes: manifestUrls(environment),
    overrideOrigins: env.REMOTE_OVERRIDE_ORIGINS.map((o) => new URL(o).origin),
    remoteDirs: Object.fromEntries(remoteNames.map((name) => [name, resolve(repoRoot, name, 'dist')])),
    releases,
  };
}
