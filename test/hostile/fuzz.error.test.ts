// A bounded fuzz run in CI (fixed seed, so a failure replays): every mutated corpus file or fixture is
// answered with a result or a contract 4xx error within the per-file time limit. Longer runs:
// `npm run fuzz -- --iterations 20000`.
import { describe, expect, it } from 'vitest';
import { runFuzz } from './fuzz.js';

const ITERATIONS = Number(process.env.FUZZ_ITERATIONS ?? 300);
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);

describe('fuzz (bounded)', () => {
  it(`${ITERATIONS} mutated inputs: only results and contract 4xx errors, no hang`, { timeout: 170_000 }, async () => {
    const report = await runFuzz({ iterations: ITERATIONS, seed: SEED, timeoutMs: 30_000, log: (s) => console.log(s) });
    const total = Object.values(report.outcomes).reduce((a, b) => a + b, 0);
    expect(total).toBe(ITERATIONS);
    expect(report.findings, JSON.stringify(report.findings.slice(0, 5), null, 1)).toEqual([]);
  });
});
