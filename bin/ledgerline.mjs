#!/usr/bin/env node
// Runs the compiled build (dist/, from `npm run build`, which `npm install` runs). In a checkout it is
// rebuilt first when anything under src/ is newer (about a second), so the CLI never runs stale code.
import { ensureBuilt } from '../scripts/build.mjs';

await ensureBuilt();
await import('../dist/cli/main.js');
