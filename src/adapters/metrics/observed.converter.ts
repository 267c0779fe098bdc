// A Converter that reports every engine run (outcome, input kind, time) to an observer and is
// otherwise the converter it wraps.
import { sniff } from '../../engine/sniff.js';
import type { ConvertOptions, EngineResult } from '../../engine/types.js';
import { isAppError } from '../../errors.js';
import type { Converter, ConverterStats } from '../converter.js';
import type { ConversionEvent, ConversionObserver } from './conversion-observer.js';

function inputOf(bytes: Uint8Array): ConversionEvent['input'] {
  const kind = sniff(bytes).kind;
  return kind === 'pdf' ? 'pdf' : kind === 'unsupported' ? 'unknown' : 'csv';
}

export class ObservedConverter implements Converter {
  constructor(private readonly inner: Converter, private readonly observer: ConversionObserver) {}

  async convert(bytes: Uint8Array, opts: ConvertOptions): Promise<EngineResult> {
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    // Read before the inner converter may move the bytes to a worker.
    const input = inputOf(bytes);
    try {
      const result = await this.inner.convert(bytes, opts);
      this.report({ input: result.meta.inputKind === 'pdf' ? 'pdf' : 'csv', verdict: result.reconcile_status, code: null, seconds: seconds() });
      return result;
    } catch (e) {
      this.report({ input, verdict: 'failed', code: isAppError(e) ? e.code : 'internal_error', seconds: seconds() });
      throw e;
    }
  }

  // A broken metrics sink must never fail a conversion.
  private report(e: ConversionEvent): void {
    try {
      this.observer.onConversion(e);
    } catch {
      /* ignored on purpose */
    }
  }

  stats(): ConverterStats {
    return this.inner.stats();
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
