// Safety checks on an opened PDF: active content (JavaScript, launch actions), embedded files, page
// count. A raw byte scan backs up the document-level API, because actions can hide in annotations
// and object streams that pdfjs only reads lazily.
import { AppError } from '../../errors.js';
import type { PdfDocument } from './pdfjs-loader.js';

export const MAX_PAGES = 2000;

const ACTIVE = [
  { re: /\/(JavaScript|JS)\s*[(<\[/]/g, what: 'JavaScript' },
  { re: /\/S\s*\/Launch\b/g, what: 'a launch action (it can start programs)' },
  { re: /\/EmbeddedFiles?\b/g, what: 'embedded files' },
];

/**
 * True when `at` lies in the data of a compressed stream (its dictionary names a /Filter): those bytes
 * are not PDF syntax, so a keyword there is chance (a 7 KB Flate stream can hold "/JS(") and what
 * they decode to is checked through the document API.
 */
function inFilteredStream(s: string, at: number): boolean {
  const open = s.lastIndexOf('stream', at);
  if (open < 0 || s.startsWith('endstream', open - 3) || s.lastIndexOf('endstream', at) > open - 3) return false;
  const close = s.indexOf('endstream', at);
  if (close < 0) return false;
  const dict = s.slice(Math.max(0, s.lastIndexOf('obj', open)), open);
  return /\/Filter\b/.test(dict) && /^stream\r?\n/.test(s.slice(open, open + 8));
}

/** Scans the unfiltered bytes as Latin-1 (PDF syntax is ASCII). */
export function scanBytes(bytes: Uint8Array): string | null {
  const CHUNK = 1 << 20;
  const dec = new TextDecoder('latin1');
  for (let i = 0; i < bytes.length; i += CHUNK - 64) {
    const s = dec.decode(bytes.subarray(i, Math.min(bytes.length, i + CHUNK)));
    for (const a of ACTIVE) {
      a.re.lastIndex = 0;
      for (let m = a.re.exec(s); m; m = a.re.exec(s)) if (!inFilteredStream(s, m.index)) return a.what;
    }
  }
  return null;
}

/**
 * Documents whose raw bytes show no `/Annots` key and no object streams: their page dictionaries are
 * all plain text in the file, so no page carries annotations and the per-page check (most of the
 * conversion's overhead over bare text extraction) can be skipped. Anything else is checked.
 */
const NO_ANNOTATIONS = new WeakSet<object>();
export const needsAnnotationCheck = (doc: PdfDocument): boolean => !NO_ANNOTATIONS.has(doc);

function bytesMention(bytes: Uint8Array, res: RegExp[]): boolean {
  const CHUNK = 1 << 20;
  const dec = new TextDecoder('latin1');
  for (let i = 0; i < bytes.length; i += CHUNK - 64) {
    const s = dec.decode(bytes.subarray(i, Math.min(bytes.length, i + CHUNK)));
    if (res.some((re) => re.test(s))) return true;
  }
  return false;
}

export async function guardDocument(doc: PdfDocument, bytes: Uint8Array): Promise<void> {
  if (!bytesMention(bytes, [/\/Annots\b/, /\/ObjStm\b/])) NO_ANNOTATIONS.add(doc);
  if (doc.numPages > MAX_PAGES) {
    throw new AppError('security_check_failed', `The PDF has ${doc.numPages} pages; the limit is ${MAX_PAGES}.`);
  }
  const raw = scanBytes(bytes);
  if (raw) throw new AppError('security_check_failed', `The PDF contains ${raw}, which a bank statement never needs.`);
  const js = await doc.getJSActions().catch(() => null);
  if (js && Object.keys(js).length) throw new AppError('security_check_failed', 'The PDF contains JavaScript actions, which a bank statement never needs.');
  const files = await doc.getAttachments().catch(() => null);
  if (files && Object.keys(files).length) throw new AppError('security_check_failed', 'The PDF contains embedded files, which a bank statement never needs.');
}

/** Per-page annotation check: file attachments and script or launch actions on links and widgets. */
export function guardAnnotations(annots: Record<string, unknown>[], page: number): void {
  for (const a of annots) {
    if (a.annotationType === 17 || a.attachment) throw new AppError('security_check_failed', `Page ${page} carries an embedded file.`);
    const actions = a.actions as Record<string, unknown> | undefined;
    if (actions && Object.keys(actions).length) throw new AppError('security_check_failed', `Page ${page} carries JavaScript actions.`);
    if (a.action === 'Launch' || (typeof a.unsafeUrl === 'string' && /^(file|javascript):/i.test(a.unsafeUrl))) {
      throw new AppError('security_check_failed', `Page ${page} carries a launch action.`);
    }
  }
}
