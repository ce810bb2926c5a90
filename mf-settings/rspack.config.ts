import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppConfig } from '@baton/mf-config';
import type { ExposedFiles } from '@baton/web-platform';

export default (_env: unknown, argv: { mode?: 'development' | 'production' }) =>
  createAppConfig(
    {
      dir: dirname(fileURLToPath(import.meta.url)),
      name: 'mf-settings',
      port: Number(process.env.PORT ?? 3004),
      exposes: { './Settings': './src/Settings.tsx' } satisfies ExposedFiles<'mf-settings'>,
    },
    argv.mode ?? (process.env.NODE_ENV === 'development' ? 'development' : 'production'),
  );
