import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // In CI also write a JSON report, from which .ci/run's summary line is read.
    reporters: process.env.CI ? ['default', ['json', { outputFile: '.vitest-report.json' }]] : ['default'],
    // Most test time is waiting (Postgres, NATS, sockets, a browser), not computing: three files at once keep
    // 2 cores busy (vitest's default there is one). The browser tests still run one file at a time, last.
    maxWorkers: Number(process.env.TEST_WORKERS ?? 3),
    // Every workspace with tests has its own vitest.config.mts, so each also runs alone.
    projects: [
      'packages/*/vitest.config.mts',
      'services/*/vitest.config.mts',
      'gateway/vitest.config.mts',
      'shell/vitest.config.mts',
      'mf-*/vitest.config.mts',
      'deploy/vitest.config.mts',
      'e2e/vitest.config.mts',
    ],
  },
});
