import { z } from 'zod';

export class EnvError extends Error {
  override name = 'EnvError';
}

/**
 * Parses the environment once at boot. Throws an EnvError listing every bad variable, so `main`
 * can print it and exit instead of failing later with a confusing stack.
 */
export function parseEnv<S extends z.ZodObject>(
  schema: S,
  source: NodeJS.ProcessEnv = process.env,
): z.infer<S> {
  const result = schema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`);
  throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
}

/** Common variable shapes. */
export const envVars = {
  port: (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback),
  url: z.url(),
  optionalUrl: z.url().optional(),
  bool: (fallback: boolean) =>
    z
      .enum(['true', 'false', '1', '0'])
      .default(fallback ? 'true' : 'false')
      .transform((v) => v === 'true' || v === '1'),
};

/**
 * Who issues access tokens and for whom (identity signs with them; every verifier checks them): the one
 * shape every config that touches tokens spreads in (`z.object({ ...jwtEnv, … })`).
 */
export const jwtEnv = {
  JWT_ISSUER: z.string().min(1).default('baton-identity'),
  JWT_AUDIENCE: z.string().min(1).default('baton'),
};
export type JwtConfig = z.output<z.ZodObject<typeof jwtEnv>>;
