import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppConfig } from '@baton/mf-config';
import type { ExposedFiles } from '@baton/web-platform';

export default (_env: unknown, argv: { mode?: 'development' | 'production' }) =>
  createAppConfig(
    {
      dir: dirname(fileURLToPath(import.meta.url)),
      name: 'mf-tasks',
      port: Number(process.env.PORT ?? 3001),
      exposes: {
        './TaskList': './src/list/TaskList.tsx',
        './TaskPage': './src/page/TaskPage.tsx',
        './Dashboard': './src/dashboard/Dashboard.tsx',
        './AcceptTask': './src/accept/AcceptTask.tsx',
        './Waiting': './src/waiting/Waiting.tsx',
      } satisfies ExposedFiles<'mf-tasks'>,
    },
    argv.mode ?? (process.env.NODE_ENV === 'development' ? 'development' : 'production'),
  );
