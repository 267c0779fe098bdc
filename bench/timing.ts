// Timing helpers the benches share.

/** The median of some timings. */
export const p50 = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Wall and CPU milliseconds of one call (CPU time moves less with other processes' load). */
export async function once(fn: () => unknown): Promise<[number, number]> {
  const t = performance.now();
  const c = process.cpuUsage();
  await fn();
  const u = process.cpuUsage(c);
  return [performance.now() - t, (u.user + u.system) / 1000];
}
