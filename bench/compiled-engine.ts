// The engine as the service runs it: the compiled build in dist/ (`npm start`, the CLI and the
// conversion processes all run it), brought up to date with src/ first. Benches that time the engine
// load it from here, not from src/ through tsx: under tsx every conversion's `await import()` of its
// reader goes through tsx's loader thread (0.24 ms a call on the 2-core machine, against 0.003 ms
// compiled), about a tenth of a 1-page PDF's conversion, and a cost no customer pays.
// @ts-expect-error plain JavaScript module without type declarations
import { ensureBuilt } from '../scripts/build.mjs';

await (ensureBuilt as () => Promise<void>)();

/** A module of the compiled build, by its path under dist/ (typed by the caller as its source). */
export const loadCompiled = async <T>(file: string): Promise<T> => (await import(new URL(`../dist/${file}`, import.meta.url).href)) as T;

export const { convert } = await loadCompiled<typeof import('../src/engine/convert.js')>('engine/convert.js');
