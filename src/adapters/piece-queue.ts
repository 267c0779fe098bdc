// An answer's bytes as they come from a conversion process: pushed by the IPC handler, taken by the
// HTTP response's stream. Pieces wait here only while the client reads slower than the process writes.

/** An async iterable of pieces fed from outside; ends, or fails with the error that stopped it. */
export class PieceQueue implements AsyncIterable<Uint8Array> {
  private readonly pieces: Uint8Array[] = [];
  private ended = false;
  private failure: Error | null = null;
  private wake: (() => void) | null = null;

  push(piece: Uint8Array): void {
    this.pieces.push(piece);
    this.resume();
  }

  end(): void {
    this.ended = true;
    this.resume();
  }

  /** Fails the pieces still to come; once ended (every piece here), the answer is whole and stands. */
  fail(error: unknown): void {
    if (this.ended) return;
    this.failure = error instanceof Error ? error : new Error(`the answer stopped: ${String(error)}`);
    this.resume();
  }

  private resume(): void {
    const w = this.wake;
    this.wake = null;
    w?.();
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Uint8Array> {
    for (;;) {
      const next = this.pieces.shift();
      if (next) {
        yield next;
        continue;
      }
      if (this.failure) throw this.failure;
      if (this.ended) return;
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }
}
