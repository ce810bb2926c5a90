import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'mf-config', include: ['src/**/*.test.ts'] } });
