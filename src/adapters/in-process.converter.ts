import { convert } from '../engine/convert.js';
import type { ConvertOptions, EngineResult } from '../engine/types.js';
import type { Converter } from './converter.js';
import { defaultOcrBackend } from './ocr/index.js';

export class InProcessConverter implements Converter {
  private running = 0;

  async convert(bytes: Uint8Array, opts: ConvertOptions): Promise<EngineResult> {
    this.running++;
    try {
      return await convert(bytes, { ...opts, ocr: opts.ocr ?? defaultOcrBackend() });
    } finally {
      this.running--;
    }
  }

  stats() {
    return { running: this.running, queued: 0 };
  }

  async close(): Promise<void> {}
}
