import { existsSync, readdirSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { projectConfig, testFiles, webProjectConfig } from './vitest.shared.mts';

/**
 * The workspaces whose tests share a project here, by kind. A worker's files share the modules they have in
 * common (hono, kysely, pg, zod, React, the kits) across workspaces: with a project per workspace, each
 * workspace's workers started anew and loaded them again (17 projects, 3 workers each), which was half of
 * the unit tests' CPU. Each workspace keeps its own vitest.config.mts to run alone (`npm test -w <name>`).
 */
const node = [
  'packages/contracts',
  'packages/local-infra',
  'packages/mailer',
  'packages/service-kit',
  'services/files',
  'services/folders',
  'services/identity',
  'services/notifications',
  'services/tasks',
  'gateway',
  'deploy',
];
/** Component tests in happy-dom. The shell's files are isolated (module state, vi.mock): a project apart. */
const web = [
  'packages/ui',
  'packages/web-platform',
  'mf-folders',
  'mf-notifications',
  'mf-settings',
  'mf-tasks',
];
/** Workspaces with a configuration of their own (isolated, no Postgres, a browser): run as they are. */
const apart = ['shell', 'packages/mf-config', 'e2e'];

// A workspace with tests that no list names would silently not run in `npm test`.
const workspaces = ['packages', 'services', '.'].flatMap((parent) =>
  readdirSync(parent).map((name) => (parent === '.' ? name : `${parent}/${name}`)),
);
const unlisted = workspaces.filter(
  (dir) => existsSync(`${dir}/vitest.config.mts`) && ![...node, ...web, ...apart].includes(dir),
);
if (unlisted.length)
  throw new Error(`vitest.config.mts: no project runs the tests of ${unlisted.join(', ')}`);

export default defineConfig({
  test: {
    // In CI also write a JSON report, from which .ci/run's summary line is read, and each file's whole time
    // (vitest.file-times.mts), from which its time per area and ten slowest files are.
    reporters: process.env.CI
      ? [
          'default',
          ['json', { outputFile: '.vitest-report.json' }],
          ['./vitest.file-times.mts', { outputFile: '.vitest-file-times.json' }],
        ]
      : ['default'],
    // Most test time is waiting (Postgres, NATS, sockets, a browser), not computing: three files at once keep
    // 2 cores busy (vitest's default there is one). The browser tests run last, with workers of their own.
    maxWorkers: Number(process.env.TEST_WORKERS ?? 3),
    projects: [
      projectConfig('node', { include: node.map((dir) => `${dir}/${testFiles.node}`) }),
      webProjectConfig('web', { include: web.map((dir) => `${dir}/${testFiles.web}`) }),
      ...apart.map((dir) => `${dir}/vitest.config.mts`),
      // The end-to-end files that run alone, after the others (e2e/vitest.alone.config.mts).
      'e2e/vitest.alone.config.mts',
    ],
  },
});
