// Safety checks on a PDF: active content (JavaScript, launch and remote actions, form submission,
// XFA), embedded files, page count. The byte scan stands on its own, whichever library extracts the
// text: names are decoded first (`/L#61unch` is `/Launch`), and object streams (where objects can hide
// compressed) are decoded and scanned too. The document-level API checks are a second opinion.
import { AppError } from '../../errors.js';
import { MAX_STREAM_INFLATED } from './pdf-bomb.js';
import type { PdfDocument } from './pdfium-document.js';
import { decodeFilter, decodeNames, filtersOf, latin1, namesPieces, OverCap, rawStreams } from './pdf-streams.js';

export const MAX_PAGES = 2000;

// Every pattern is at least 9 characters of PDF syntax, so compressed stream data (scanned as well,
// since an object can be placed inside a stream's byte range and still be read through the xref) does
// not match by chance; a 4-character pattern such as "/JS(" did, in a generated statement.
const ACTIVE = [
  { re: /\/JavaScript\b/, what: 'JavaScript' },
  { re: /\/S\s*\/Launch\b/, what: 'a launch action (it can start programs)' },
  { re: /\/S\s*\/GoTo[RE]\b/, what: 'a link to another document (remote go-to action)' },
  { re: /\/S\s*\/(SubmitForm|ImportData)\b/, what: 'a form action that sends or loads data' },
  { re: /\/S\s*\/(Rendition|RichMediaExecute)\b|\/RichMedia\b/, what: 'an embedded media action' },
  { re: /\/URI\s*\(\s*(?:javascript|file|data|vbscript):/i, what: 'a script or file link' },
  { re: /\/EmbeddedFiles?\b/, what: 'embedded files' },
  { re: /\/XFA\s*[\[\d<(]/, what: 'an XFA form (it can run scripts)' },
];

// Any of them (each pattern case-insensitive, so it matches whatever one of them matches): a file that
// names none is scanned once, not once per pattern.
const ANY_ACTIVE = new RegExp(ACTIVE.map((a) => `(?:${a.re.source})`).join('|'), 'i');

/** The first kind of active content the text (names decoded, in pieces as namesPieces cuts it) names, or null. */
function activeIn(decoded: string[]): string | null {
  if (!decoded.some((p) => ANY_ACTIVE.test(p))) return null;
  for (const a of ACTIVE) if (decoded.some((p) => a.re.test(p))) return a.what;
  return null;
}

/** Scans the raw bytes as Latin-1 (PDF syntax is ASCII), names decoded. */
export function scanBytes(bytes: Uint8Array): string | null {
  return activeIn(namesPieces(bytes));
}

/** An object stream: its objects are PDF syntax, compressed. Found by its keys, not only by /Type. */
const isObjectStream = (dict: string) => /\/Type\s*\/ObjStm\b/.test(dict) || (/\/N\s+\d/.test(dict) && /\/First\s+\d/.test(dict));

/** The byte scan plus every object stream's decoded objects. */
export async function scanActiveContent(bytes: Uint8Array): Promise<string | null> {
  const text = latin1(bytes);
  const raw = activeIn(namesPieces(bytes));
  if (raw) return raw;
  for (const s of rawStreams(bytes, text)) {
    if (!isObjectStream(s.dict)) continue;
    let data: Uint8Array = bytes.subarray(s.start, s.end);
    try {
      for (const f of filtersOf(s.dict)) {
        const r = await decodeFilter(f, data, MAX_STREAM_INFLATED, true);
        if (!r?.out) break;
        data = r.out;
      }
    } catch (e) {
      if (!(e instanceof OverCap)) throw e;
      continue; // the bomb guard refuses it
    }
    const found = activeIn([decodeNames(latin1(data))]);
    if (found) return found;
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

/** Refuses active content and embedded files found in the bytes; runs before any PDF library opens the file. */
export async function guardBytes(bytes: Uint8Array): Promise<void> {
  const found = await scanActiveContent(bytes);
  if (found) throw new AppError('security_check_failed', `The PDF contains ${found}, which a bank statement never needs.`);
}

/** Page count and the library's own view of scripts and attachments (after guardBytes). */
export async function guardDocument(doc: PdfDocument, bytes: Uint8Array): Promise<void> {
  const names = namesPieces(bytes);
  if (!names.some((p) => /\/Annots\b/.test(p) || /\/ObjStm\b|\/First\s+\d/.test(p))) NO_ANNOTATIONS.add(doc);
  if (doc.numPages > MAX_PAGES) {
    throw new AppError('security_check_failed', `The PDF has ${doc.numPages} pages; the limit is ${MAX_PAGES}.`);
  }
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
