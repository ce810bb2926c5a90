import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppConfig } from '@baton/mf-config';
import type { ExposedFiles } from '@baton/web-platform';

export default (_env: unknown, argv: { mode?: 'development' | 'production' }) =>
  createAppConfig(
    {
      dir: dirname(fileURLToPath(import.meta.url)),
      name: 'mf-folders',
      port: Number(process.env.PORT ?? 3002),
      exposes: {
        './FolderStrip': './src/strip/FolderStrip.tsx',
        './FolderView': './src/view/FolderView.tsx',
      } satisfies ExposedFiles<'mf-folders'>,
    },
    argv.mode ?? (process.env.NODE_ENV === 'development' ? 'development' : 'production'),
  );
