// Chooses the OCR backend: Debian's `tesseract` binary when it is installed with English data
// (faster), else the embedded tesseract.js. 'auto' decides once per process, on first use.
import type { OcrBackend, OcrImage, OcrWord, RecognizeOptions } from '../../engine/ocr/ocr-backend.js';
import { findTesseract, TesseractCliBackend, TESSERACT_PATHS } from './tesseract-cli.backend.js';
import type { TesseractJsBackend as TesseractJs } from './tesseract-js.backend.js';

export type OcrChoice = 'auto' | 'tesseract' | 'tesseractjs';

export interface OcrBackendOptions {
  choice?: OcrChoice;
  /** Where to look for the binary (default: /usr/bin, /usr/local/bin). */
  tesseractPaths?: string[];
  /** tesseract.js: keep the wasm worker this long after a conversion (ms). */
  keepAliveMs?: number;
}

class AutoBackend implements OcrBackend {
  private chosen: Promise<OcrBackend> | null = null;
  private picked: OcrBackend | null = null;
  constructor(private readonly options: OcrBackendOptions) {}

  get name(): string {
    return this.picked?.name ?? 'auto';
  }

  private pick(): Promise<OcrBackend> {
    this.chosen ??= (async () => {
      const choice = this.options.choice ?? 'auto';
      const bin = choice === 'tesseractjs' ? null : await findTesseract(this.options.tesseractPaths ?? TESSERACT_PATHS);
      if (choice === 'tesseract' && !bin)
        throw new Error('OCR backend "tesseract" was asked for, but the tesseract binary with English data is not installed.');
      // tesseract.js is loaded only when it is the one used: pool workers start faster without it.
      this.picked = bin ? new TesseractCliBackend(bin) : new (await loadTesseractJs())({ keepAliveMs: this.options.keepAliveMs });
      return this.picked;
    })();
    return this.chosen;
  }

  async recognize(image: OcrImage, opts: RecognizeOptions): Promise<OcrWord[]> {
    return (await this.pick()).recognize(image, opts);
  }

  async release(): Promise<void> {
    await this.picked?.release?.();
  }
}

export function createOcrBackend(options: OcrBackendOptions = {}): OcrBackend {
  return new AutoBackend(options);
}

let shared: OcrBackend | null = null;
/** The process-wide backend of the worker pool, the in-process converter and the CLI. */
export function defaultOcrBackend(options: OcrBackendOptions = {}): OcrBackend {
  return (shared ??= createOcrBackend(options));
}

const loadTesseractJs = async (): Promise<typeof TesseractJs> => (await import('./tesseract-js.backend.js')).TesseractJsBackend;

export { TesseractCliBackend, findTesseract };
