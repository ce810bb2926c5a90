import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppConfig } from '@baton/mf-config';
import type { ExposedFiles } from '@baton/web-platform';

export default (_env: unknown, argv: { mode?: 'development' | 'production' }) =>
  createAppConfig(
    {
      dir: dirname(fileURLToPath(import.meta.url)),
      name: 'mf-notifications',
      port: Number(process.env.PORT ?? 3003),
      exposes: {
        './NotificationBell': './src/NotificationBell.tsx',
      } satisfies ExposedFiles<'mf-notifications'>,
    },
    argv.mode ?? (process.env.NODE_ENV === 'development' ? 'development' : 'production'),
  );
