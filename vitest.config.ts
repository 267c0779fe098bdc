import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['node_modules/**', 'test/.generated/**', 'dist/**'],
    globalSetup: ['./test/helpers/build-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores: more forks only fight over them.
    pool: 'forks',
    maxWorkers: 2,
    reporters: ['default', './test/helpers/summary-reporter.ts'],
  },
});
