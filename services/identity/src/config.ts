import { envVars } from '@baton/service-kit';
import { z } from 'zod';

export const identityConfigSchema = z.object({
  PUBLIC_URL: z.url().default('http://localhost:8080'),
  JWT_ISSUER: z.string().min(1).default('baton-identity'),
  JWT_AUDIENCE: z.string().min(1).default('baton'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  RESET_TOKEN_TTL_MINUTES: z.coerce.number().int().min(1).max(1_440).default(60),
  /** Set to false only in tests that need many sign-ins from one address. */
  RATE_LIMITS: envVars.bool(true),
});
export type IdentityConfig = z.infer<typeof identityConfigSchema>;

export const defaultIdentityConfig = (): IdentityConfig => identityConfigSchema.parse({});
