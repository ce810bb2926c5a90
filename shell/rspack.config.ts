import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppConfig } from '@baton/mf-config';

export default (_env: unknown, argv: { mode?: 'development' | 'production' }) =>
  createAppConfig(
    {
      dir: dirname(fileURLToPath(import.meta.url)),
      name: 'shell',
      port: Number(process.env.PORT ?? 3000),
      proxyTarget: process.env.GATEWAY_URL ?? 'http://localhost:8080',
    },
    argv.mode ?? (process.env.NODE_ENV === 'development' ? 'development' : 'production'),
  );
