import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * Anything that could carry a secret is censored wherever it appears. Handlers log ids and route
 * patterns, never raw URLs (acceptance and reset links carry tokens in the path or query).
 */
const secretKeys = [
  'password',
  'newPassword',
  'currentPassword',
  'confirmPassword',
  'token',
  'refresh',
  'access',
  'accessToken',
  'refreshToken',
  'authorization',
  'cookie',
  'secret',
];
const redactPaths = secretKeys.flatMap((k) => [k, `*.${k}`, `*.*.${k}`]);

export function createLogger(options: {
  name: string;
  level?: string;
  destination?: DestinationStream;
}): Logger {
  const level = options.level ?? process.env.LOG_LEVEL ?? (process.env.VITEST ? 'silent' : 'info');
  return pino(
    {
      name: options.name,
      level,
      redact: { paths: redactPaths, censor: '[redacted]' },
      base: { service: options.name },
    },
    options.destination,
  );
}
