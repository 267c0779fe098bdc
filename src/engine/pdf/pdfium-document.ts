// An open PDF in PDFium: pages, and the facts the safety checks read (document scripts, attachments,
// annotations and their actions), in the shapes src/engine/pdf/pdf-guard.ts reads them. The file's
// bytes stay in PDFium's memory until destroy(): PDFium reads objects lazily from them.
import { AppError } from '../../errors.js';
import { documentClosed, documentOpened, loadPdfium, type Pdfium } from './pdfium-loader.js';

// PDFium constants (fpdfview.h, fpdf_annot.h, fpdf_doc.h).
const ERR_PASSWORD = 4;
const ERR_SECURITY = 5;
const ANNOT_LINK = 2;
const ANNOT_FILEATTACHMENT = 17;
const ACTION_UNSUPPORTED = 0; // JavaScript, SubmitForm, Named and every other non-navigation action
const ACTION_URI = 3;
const ACTION_LAUNCH = 4;
const PAGE_AACTION_OPEN = 0;
const PAGE_AACTION_CLOSE = 1;

/** One annotation as the safety check reads it (the fields pdf.js's annotation data had). */
export interface AnnotationFacts {
  annotationType: number;
  attachment?: boolean;
  /** Script-capable actions (JavaScript and other non-navigation actions, additional actions). */
  actions?: Record<string, string>;
  action?: 'Launch';
  unsafeUrl?: string;
}

export class PdfDocument {
  private closed = false;

  private constructor(
    readonly pdfium: Pdfium,
    readonly handle: number,
    private readonly data: number,
    readonly numPages: number,
  ) {}

  static async open(bytes: Uint8Array, password: string | undefined): Promise<PdfDocument> {
    const pdfium = await loadPdfium();
    const { fn } = pdfium;
    const data = pdfium.copyIn(bytes);
    if (!data) throw new AppError('security_check_failed', 'The PDF is too large to open within the memory one conversion may use.');
    const pw = password ? pdfium.cString(password) : 0;
    const handle = fn.FPDF_LoadMemDocument64(data, bytes.length, pw);
    if (pw) fn.free(pw);
    if (!handle) {
      const err = fn.FPDF_GetLastError();
      fn.free(data);
      if (err === ERR_PASSWORD) {
        throw new AppError(
          'security_check_failed',
          password
            ? 'The PDF is encrypted and the password given is wrong.'
            : 'The PDF is encrypted (password-protected). Send its password in the "password" field (CLI: --password).',
        );
      }
      if (err === ERR_SECURITY) throw new AppError('security_check_failed', 'The PDF is encrypted with a scheme that cannot be read safely.');
      throw new AppError('security_check_failed', 'The PDF is malformed beyond recovery and cannot be read safely.');
    }
    documentOpened();
    return new PdfDocument(pdfium, handle, data, fn.FPDF_GetPageCount(handle));
  }

  /** Runs `use` on page `pageNo` (1-based), closing the page afterwards. */
  withPage<T>(pageNo: number, use: (page: number) => T): T {
    const page = this.pdfium.fn.FPDF_LoadPage(this.handle, pageNo - 1);
    if (!page) throw new AppError('security_check_failed', `Page ${pageNo} of the PDF is malformed beyond recovery and cannot be read safely.`);
    try {
      return use(page);
    } finally {
      this.pdfium.fn.FPDF_ClosePage(page);
    }
  }

  /** Document-level scripts (the names tree); same shape as pdf.js's getJSActions. */
  async getJSActions(): Promise<Record<string, string[]> | null> {
    const n = this.pdfium.fn.FPDFDoc_GetJavaScriptActionCount(this.handle);
    return n > 0 ? { document: Array.from({ length: n }, (_, i) => `script ${i + 1}`) } : null;
  }

  /** Embedded files of the document; same shape as pdf.js's getAttachments. */
  async getAttachments(): Promise<Record<string, unknown> | null> {
    const n = this.pdfium.fn.FPDFDoc_GetAttachmentCount(this.handle);
    return n > 0 ? { count: n } : null;
  }

  /** A page's annotations and page-level open/close actions, for the safety check. */
  annotations(page: number): AnnotationFacts[] {
    const { fn } = this.pdfium;
    const out: AnnotationFacts[] = [];
    if (fn.FPDF_GetPageAAction(page, PAGE_AACTION_OPEN) || fn.FPDF_GetPageAAction(page, PAGE_AACTION_CLOSE)) {
      out.push({ annotationType: 0, actions: { page: 'additional action' } });
    }
    const count = fn.FPDFPage_GetAnnotCount(page);
    if (count <= 0) return out;
    const keyA = this.pdfium.cString('A');
    const keyAA = this.pdfium.cString('AA');
    try {
      for (let i = 0; i < count; i++) {
        const annot = fn.FPDFPage_GetAnnot(page, i);
        if (!annot) continue;
        try {
          const type = fn.FPDFAnnot_GetSubtype(annot);
          const facts: AnnotationFacts = { annotationType: type };
          if (type === ANNOT_FILEATTACHMENT) facts.attachment = true;
          if (fn.FPDFAnnot_HasKey(annot, keyAA)) facts.actions = { AA: 'additional action' };
          if (type === ANNOT_LINK) this.linkAction(annot, facts);
          else if (fn.FPDFAnnot_HasKey(annot, keyA)) facts.actions = { ...facts.actions, A: 'action' };
          out.push(facts);
        } finally {
          fn.FPDFPage_CloseAnnot(annot);
        }
      }
    } finally {
      fn.free(keyA);
      fn.free(keyAA);
    }
    return out;
  }

  private linkAction(annot: number, facts: AnnotationFacts): void {
    const { fn } = this.pdfium;
    const link = fn.FPDFAnnot_GetLink(annot);
    const action = link ? fn.FPDFLink_GetAction(link) : 0;
    if (!action) return;
    const type = fn.FPDFAction_GetType(action);
    if (type === ACTION_LAUNCH) facts.action = 'Launch';
    else if (type === ACTION_UNSUPPORTED) facts.actions = { ...facts.actions, A: 'action' };
    else if (type === ACTION_URI) {
      const len = fn.FPDFAction_GetURIPath(this.handle, action, 0, 0);
      if (len > 0 && len < 65536) {
        const buf = fn.malloc(len);
        try {
          fn.FPDFAction_GetURIPath(this.handle, action, buf, len);
          facts.unsafeUrl = Buffer.from(this.pdfium.bytes().subarray(buf, buf + len - 1)).toString('latin1');
        } finally {
          fn.free(buf);
        }
      }
    }
  }

  /** A document information entry (Producer, Creator, CreationDate, ModDate), or "" (integrity signals). */
  metaText(tag: string): string {
    const { fn } = this.pdfium;
    const key = this.pdfium.cString(tag);
    try {
      // UTF-16LE with a two-byte terminator; the length includes it.
      const len = fn.FPDF_GetMetaText(this.handle, key, 0, 0);
      if (len <= 2 || len > 65536) return '';
      const buf = fn.malloc(len);
      try {
        fn.FPDF_GetMetaText(this.handle, key, buf, len);
        return Buffer.from(this.pdfium.bytes().subarray(buf, buf + len - 2)).toString('utf16le');
      } finally {
        fn.free(buf);
      }
    } finally {
      fn.free(key);
    }
  }

  async destroy(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.pdfium.fn.FPDF_CloseDocument(this.handle);
    this.pdfium.fn.free(this.data);
    documentClosed();
  }
}

export const openPdf = (bytes: Uint8Array, password: string | undefined): Promise<PdfDocument> => PdfDocument.open(bytes, password);
