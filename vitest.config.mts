import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Every workspace with tests has its own vitest.config.mts, so each also runs alone.
    projects: [
      'packages/*/vitest.config.mts',
      'services/*/vitest.config.mts',
      'gateway/vitest.config.mts',
      'e2e/vitest.config.mts',
    ],
  },
});
