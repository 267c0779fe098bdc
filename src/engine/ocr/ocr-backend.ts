// What the engine needs from an OCR engine, and nothing more. Backends live in src/adapters/ocr/
// (they read language data from disk or start a process); the engine only ever sees this interface,
// handed in through ConvertOptions.ocr, so it stays free of I/O decisions.

/** One recognised word. Pixels of the image handed in, origin top-left; confidence 0-100. */
export interface OcrWord {
  text: string;
  conf: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** The backend's own line id (words sharing it were read as one text line), for the skew estimate. */
  line: number;
  /** A second reading of a figure (reread.ts), tried by the balance chain; never used unchecked. */
  alt?: string;
}

/** One page image, PNG encoded (both backends read PNG natively). Size in pixels. */
export interface OcrImage {
  png: Uint8Array;
  width: number;
  height: number;
}

export interface RecognizeOptions {
  /** Hard limit for this page in milliseconds; the backend stops work and rejects past it. */
  timeoutMs: number;
  /** 1-based page number, for error messages only. */
  page: number;
  /** A second reading of part of a page: page segmentation mode and a character whitelist. */
  variant?: OcrVariant;
}

export interface OcrVariant {
  /** Tesseract page segmentation mode (6: one block; 7: one line; 4: one column of lines). */
  psm?: number;
  /** Only these characters may be read (figures: digits, separators and signs). */
  whitelist?: string;
}

export interface OcrBackend {
  /** 'tesseract' (Debian's binary) or 'tesseract.js' (embedded wasm). */
  readonly name: string;
  recognize(image: OcrImage, opts: RecognizeOptions): Promise<OcrWord[]>;
  /** Called once a conversion is done with OCR: a backend may free its worker here. */
  release?(): Promise<void>;
}

/** Page count and pixel limits for anything that reaches OCR (uploads and rendered PDF pages). */
export interface OcrLimits {
  maxPages: number;
  /** Pixels per page (width x height). */
  maxPixels: number;
  /** Per-page OCR time limit, milliseconds. */
  pageTimeoutMs: number;
  /** Render resolution for PDF pages, dots per inch. */
  dpi: number;
}

export const DEFAULT_OCR_LIMITS: OcrLimits = { maxPages: 50, maxPixels: 40_000_000, pageTimeoutMs: 45_000, dpi: 300 };
