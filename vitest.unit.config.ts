// `npm run test:unit`: the edit loop. The pure engine (its engine cases too), the writers and the page's shared modules,
// with no server, database, browser or compiled build (no global setup): under a minute on two idle
// cores. `npm test` stays the full suite CI runs.
import { defineConfig } from 'vitest/config';
import base from './vitest.config.js';

export default defineConfig({
  test: {
    ...base.test,
    include: ['src/engine/**/*.test.ts', 'src/formats/**/*.test.ts', 'src/web/static/**/*.test.ts', 'test/engine-cases/*.test.ts'],
    globalSetup: [],
  },
});
