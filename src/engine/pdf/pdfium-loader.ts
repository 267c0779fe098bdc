// PDFium (Chrome's PDF engine) compiled to WebAssembly, loaded once per thread from the installed npm
// package (no network, no native build). The engine calls the module's raw exports directly: the
// wrapper's JavaScript glue checks every call, which costs more than the call on per-character loops.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The PDFium C functions this project calls (names as exported by the WebAssembly module). */
export interface PdfiumExports {
  memory: WebAssembly.Memory;
  malloc(size: number): number;
  free(ptr: number): void;
  FPDF_LoadMemDocument64(data: number, size: number, password: number): number;
  FPDF_CloseDocument(doc: number): void;
  FPDF_GetLastError(): number;
  FPDF_GetPageCount(doc: number): number;
  FPDF_GetMetaText(doc: number, tag: number, buffer: number, length: number): number;
  FPDF_LoadPage(doc: number, index: number): number;
  FPDF_ClosePage(page: number): void;
  FPDF_GetPageBoundingBox(page: number, rect: number): number;
  FPDFPage_GetRotation(page: number): number;
  FPDFText_LoadPage(page: number): number;
  FPDFText_ClosePage(text: number): void;
  FPDFText_CountChars(text: number): number;
  FPDFText_GetUnicode(text: number, i: number): number;
  FPDFText_GetTextObject(text: number, i: number): number;
  FPDFText_GetFontSize(text: number, i: number): number;
  FPDFText_GetMatrix(text: number, i: number, matrix: number): number;
  FPDFText_GetCharOrigin(text: number, i: number, x: number, y: number): number;
  FPDFText_GetLooseCharBox(text: number, i: number, rect: number): number;
  FPDFDoc_GetJavaScriptActionCount(doc: number): number;
  FPDFDoc_GetAttachmentCount(doc: number): number;
  FPDF_GetPageAAction(page: number, type: number): number;
  FPDFPage_GetAnnotCount(page: number): number;
  FPDFPage_GetAnnot(page: number, i: number): number;
  FPDFPage_CloseAnnot(annot: number): void;
  FPDFAnnot_GetSubtype(annot: number): number;
  FPDFAnnot_HasKey(annot: number, key: number): number;
  FPDFAnnot_GetLink(annot: number): number;
  FPDFLink_GetAction(link: number): number;
  FPDFAction_GetType(action: number): number;
  FPDFAction_GetURIPath(doc: number, action: number, buf: number, len: number): number;
  FPDFPage_CountObjects(page: number): number;
  FPDFPage_GetObject(page: number, i: number): number;
  FPDFPageObj_GetType(obj: number): number;
  FPDFPageObj_GetMatrix(obj: number, matrix: number): number;
  FPDFFormObj_CountObjects(form: number): number;
  FPDFFormObj_GetObject(form: number, i: number): number;
  FPDFBitmap_Create(width: number, height: number, alpha: number): number;
  FPDFBitmap_FillRect(bitmap: number, left: number, top: number, width: number, height: number, color: number): number;
  FPDFBitmap_GetBuffer(bitmap: number): number;
  FPDFBitmap_GetStride(bitmap: number): number;
  FPDFBitmap_Destroy(bitmap: number): void;
  FPDF_RenderPageBitmap(bitmap: number, page: number, x: number, y: number, w: number, h: number, rotate: number, flags: number): void;
}

/** One PDFium instance: its exports and typed views of its memory, renewed when the memory grows. */
export class Pdfium {
  private u8 = new Uint8Array(0);
  private f32 = new Float32Array(0);
  private f64 = new Float64Array(0);
  /** 64 bytes of scratch memory for out-parameters (rectangles, matrices, points). */
  readonly scratch: number;

  constructor(readonly fn: PdfiumExports) {
    this.scratch = fn.malloc(64);
  }

  // Reading memory.buffer costs more than the PDFium call it follows: the views are renewed only
  // once growing the memory has detached them (their length drops to 0).
  private views(): void {
    if (this.u8.length === 0) {
      const buf = this.fn.memory.buffer;
      this.u8 = new Uint8Array(buf);
      this.f32 = new Float32Array(buf);
      this.f64 = new Float64Array(buf);
    }
  }
  bytes(): Uint8Array {
    this.views();
    return this.u8;
  }
  /** The float (4 bytes) at byte address `ptr`. */
  float(ptr: number): number {
    this.views();
    return this.f32[ptr >> 2];
  }
  /** The double (8 bytes) at byte address `ptr`. */
  double(ptr: number): number {
    this.views();
    return this.f64[ptr >> 3];
  }

  /** Copies bytes into PDFium's memory; the caller frees the pointer. 0 when the memory is exhausted. */
  copyIn(data: Uint8Array): number {
    const ptr = this.fn.malloc(Math.max(1, data.length));
    if (ptr) this.bytes().set(data, ptr);
    return ptr;
  }
  /** A NUL-terminated UTF-8 string in PDFium's memory (for passwords and dictionary keys). */
  cString(s: string): number {
    return this.copyIn(Buffer.from(`${s}\0`, 'utf8'));
  }
}

export type Wrapper = 'embedpdf' | 'hyzyla';
/** The wrapper whose build the engine uses; bench/pdf-libraries.ts measures both. */
export const PDFIUM_WRAPPER: Wrapper = 'embedpdf';

interface EmscriptenModule {
  wasmExports: Record<string, unknown>;
}

/** Instantiates a wrapper's build and initialises the library. */
export async function instantiate(wrapper: Wrapper): Promise<Pdfium> {
  const req = createRequire(import.meta.url);
  if (wrapper === 'embedpdf') {
    const wasm = fs.readFileSync(path.join(path.dirname(req.resolve('@embedpdf/pdfium')), 'pdfium.wasm'));
    const { init } = (await import('@embedpdf/pdfium')) as unknown as {
      init: (o: object) => Promise<{ pdfium: EmscriptenModule; PDFiumExt_Init: () => void }>;
    };
    const mod = await init({ wasmBinary: wasm });
    mod.PDFiumExt_Init();
    return new Pdfium(mod.pdfium.wasmExports as unknown as PdfiumExports);
  }
  const name = '@hyzyla/pdfium';
  const { PDFiumLibrary } = (await import(name)) as { PDFiumLibrary: { init(): Promise<{ module: EmscriptenModule }> } };
  const lib = await PDFiumLibrary.init();
  return new Pdfium(lib.module.wasmExports as unknown as PdfiumExports);
}

let wrapper: Wrapper = PDFIUM_WRAPPER;
let loading: Promise<Pdfium> | null = null;
let current: Pdfium | null = null;
/** The thread's PDFium, loaded on first use (a CSV conversion never pays for it). */
export const loadPdfium = (): Promise<Pdfium> => (loading ??= instantiate(wrapper).then((p) => (current = p)));

/** Documents open in this thread's instance (the instance is dropped only when none is). */
let openDocuments = 0;
export const documentOpened = (): void => {
  openDocuments++;
};

/**
 * WebAssembly memory grows to the largest file read and never shrinks (up to 2 GB, outside the
 * worker's heap cap): once no document is open, an instance grown past this many bytes is dropped,
 * and the next PDF loads a fresh one (a few hundred ms) instead of the thread holding the memory.
 */
export const KEEP_MEMORY_BYTES = 256 * 1024 * 1024;

/** After PDFium trapped (out of memory, a bug hit by a hostile file) its state is unknown: start afresh. */
export function discardPdfium(): void {
  current = null;
  loading = null;
  openDocuments = 0;
}
export function documentClosed(): void {
  openDocuments = Math.max(0, openDocuments - 1);
  if (openDocuments === 0 && current && current.fn.memory.buffer.byteLength > KEEP_MEMORY_BYTES) {
    current = null;
    loading = null;
  }
}

/** Switches this thread to the other wrapper's build (bench/pdf-libraries.ts compares them). */
export function selectPdfiumWrapper(w: Wrapper): void {
  if (w !== wrapper) {
    loading = null;
    current = null;
  }
  wrapper = w;
}
