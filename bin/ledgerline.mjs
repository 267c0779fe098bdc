#!/usr/bin/env node
// Runs the compiled build (dist/, from `npm run build`, which `npm install` runs); the runtime never
// builds. In a checkout whose src/ changed after the build it refuses to run stale code and says how
// to build, rather than answering with yesterday's engine.
import { isStale } from '../scripts/build.mjs';

if (isStale()) {
  process.stderr.write('ledgerline: dist/ is missing or older than src/. Run `npm run build` (npm install runs it), then try again.\n');
  process.exit(1);
}
await import('../dist/cli/main.js');
