// Vitest global setup: tests that start `bin/ledgerline.mjs` (CLI parity, server processes, the pool's
// workers) run the compiled build, so it is brought up to date with src/ once before any test.
// @ts-expect-error plain JavaScript module without type declarations
import { ensureBuilt } from '../../scripts/build.mjs';

export default async function setup(): Promise<void> {
  await (ensureBuilt as () => Promise<void>)();
}
