// Time is injected everywhere it matters (rate windows, quota months), so tests move it instead of waiting.
export type Clock = () => number; // epoch milliseconds

export const systemClock: Clock = () => Date.now();

export const isoAt = (ms: number) => new Date(ms).toISOString();

/** The UTC calendar month of a moment, as YYYY-MM, and the epoch ms at which the next one starts. */
export function monthOf(ms: number): { month: string; startMs: number; nextMs: number } {
  const d = new Date(ms);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  return {
    month: `${y}-${String(m + 1).padStart(2, '0')}`,
    startMs: Date.UTC(y, m, 1),
    nextMs: Date.UTC(y, m + 1, 1),
  };
}
