// The instance's own state during shutdown: once draining, /readyz says so and new uploads are refused,
// while the uploads already accepted are counted until they are answered.
export class Lifecycle {
  draining = false;
  private inFlight = 0;
  private idle: (() => void)[] = [];

  /** Counts one accepted upload; call the returned function once it has been answered. */
  begin(): () => void {
    this.inFlight++;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.inFlight--;
      if (this.inFlight === 0) for (const wake of this.idle.splice(0)) wake();
    };
  }

  get uploadsInFlight(): number {
    return this.inFlight;
  }

  /** Starts draining; resolves once no accepted upload is left, or after `timeoutMs` (false then). */
  drain(timeoutMs: number): Promise<boolean> {
    this.draining = true;
    if (this.inFlight === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      timer.unref();
      this.idle.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }
}
