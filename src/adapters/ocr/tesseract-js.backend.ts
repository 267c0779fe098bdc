// OCR with tesseract.js (wasm), the embedded default: works after `npm install` alone and offline.
// The wasm core comes from the installed tesseract.js-core package and the English LSTM model from
// @tesseract.js-data/eng (4.0.0_best_int), both read from node_modules; nothing is fetched and
// nothing is cached to disk (cacheMethod 'none'). One wasm worker thread per process, created on
// first use and ended after `keepAliveMs` idle (0: at the end of each conversion).
import { createRequire } from 'node:module';
import path from 'node:path';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import { pageTimeout } from '../../engine/ocr/recognize.js';
import type { OcrBackend, OcrImage, OcrWord, RecognizeOptions } from '../../engine/ocr/ocr-backend.js';

const req = createRequire(import.meta.url);

/** Local paths of the model, the core and the worker script: never a URL. */
export function localPaths() {
  return {
    langPath: path.join(path.dirname(req.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int'),
    corePath: path.dirname(req.resolve('tesseract.js-core/package.json')),
    workerPath: path.join(path.dirname(req.resolve('tesseract.js/package.json')), 'src', 'worker-script', 'node', 'index.js'),
  };
}

export interface TesseractJsOptions {
  /** Milliseconds an idle worker is kept for the next conversion (0: ended after each). */
  keepAliveMs?: number;
}

export class TesseractJsBackend implements OcrBackend {
  readonly name = 'tesseract.js';
  private worker: Promise<Worker> | null = null;
  private idle: NodeJS.Timeout | null = null;
  constructor(private readonly options: TesseractJsOptions = {}) {}

  private getWorker(): Promise<Worker> {
    if (this.idle) {
      clearTimeout(this.idle);
      this.idle = null;
    }
    if (!this.worker) {
      const { langPath, corePath, workerPath } = localPaths();
      const w = createWorker('eng', OEM.LSTM_ONLY, {
        langPath,
        corePath,
        workerPath,
        cacheMethod: 'none',
        gzip: true,
        logger: () => undefined,
        errorHandler: () => undefined,
      }).then(async (worker) => {
        await worker.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_BLOCK, user_defined_dpi: '300' });
        return worker;
      });
      w.catch(() => {
        if (this.worker === w) this.worker = null;
      });
      this.worker = w;
    }
    return this.worker;
  }

  async recognize(image: OcrImage, opts: RecognizeOptions): Promise<OcrWord[]> {
    const worker = await this.getWorker();
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        // The wasm call cannot be interrupted: end the worker thread; the next page starts a new one.
        void this.terminate();
        reject(pageTimeout(opts.page, opts.timeoutMs));
      }, opts.timeoutMs);
    });
    const v = opts.variant;
    try {
      if (v) await worker.setParameters({ tessedit_pageseg_mode: String(v.psm ?? 6) as PSM, tessedit_char_whitelist: v.whitelist ?? '' });
      const res = await Promise.race([
        worker.recognize(Buffer.from(image.png.buffer, image.png.byteOffset, image.png.byteLength), {}, { blocks: true, text: false }),
        limit,
      ]);
      const words: OcrWord[] = [];
      let line = 0;
      for (const b of res.data.blocks ?? []) {
        for (const p of b.paragraphs) {
          for (const l of p.lines) {
            for (const w of l.words) {
              if (w.text.trim()) words.push({ text: w.text.trim(), conf: w.confidence, x0: w.bbox.x0, y0: w.bbox.y0, x1: w.bbox.x1, y1: w.bbox.y1, line });
            }
            line++;
          }
        }
      }
      return words;
    } finally {
      clearTimeout(timer);
      // Back to whole pages for the next call (a worker is shared between conversions).
      if (v && this.worker) await worker.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_BLOCK, tessedit_char_whitelist: '' }).catch(() => undefined);
    }
  }

  async release(): Promise<void> {
    const keep = this.options.keepAliveMs ?? 0;
    if (keep <= 0) return this.terminate();
    if (this.idle) clearTimeout(this.idle);
    this.idle = setTimeout(() => void this.terminate(), keep);
    this.idle.unref();
  }

  async terminate(): Promise<void> {
    if (this.idle) {
      clearTimeout(this.idle);
      this.idle = null;
    }
    const w = this.worker;
    this.worker = null;
    if (w) await w.then((x) => x.terminate()).catch(() => undefined);
  }
}
