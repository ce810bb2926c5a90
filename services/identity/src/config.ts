import { MAX_ACCESS_TOKEN_TTL_SECONDS } from '@baton/contracts';
import { envVars, jwtEnv, mailEnv, serviceEnv } from '@baton/service-kit';
import { z } from 'zod';

export const identityConfigSchema = z.object({
  PUBLIC_URL: z.url().default('http://localhost:8080'),
  ...jwtEnv,
  /**
   * Outlives the 15-minute idle mark by a useful margin: the shell renews it 15 minutes before `exp`
   * while the person is active, so the idle modal always has minutes left to count down.
   */
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(MAX_ACCESS_TOKEN_TTL_SECONDS).default(1_800),
  /**
   * A refresh token presented again this soon after its rotation, while its successor is unused, gets
   * the same new pair instead of revoking the family (tabs racing to renew). Later, reuse revokes.
   */
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(120).default(30),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  RESET_TOKEN_TTL_MINUTES: z.coerce.number().int().min(1).max(1_440).default(60),
  /** How long the link that confirms a new account's address works. */
  VERIFY_TOKEN_TTL_HOURS: z.coerce.number().int().min(1).max(720).default(72),
  /** Set to false only in tests that need many sign-ins from one address. */
  RATE_LIMITS: envVars.bool(true),
});
export type IdentityConfig = z.infer<typeof identityConfigSchema>;

export const defaultIdentityConfig = (): IdentityConfig => identityConfigSchema.parse({});

/** The process's whole environment (`npm start -w @baton/identity`, containers, manifests). */
export const identityProcessEnv = serviceEnv(identityConfigSchema.extend(mailEnv), 7101);
