// Structured statement files: recognised by their own grammar (never by name), decoded, read by the
// reader of their format into statements, and assembled into one result. Pure: bytes in, result out.
import iconv from 'iconv-lite';
import { AppError } from '../../errors.js';
import { decodeText } from '../csv/decode.js';
import { guardText, MAX_TEXT_LINES } from '../input-limits.js';
import type { ConvertOptions, EngineResult, StructuredKind } from '../types.js';
import { assemble, KIND_NAMES, type StatementRead } from './assemble.js';
import { headText } from './sniff-structured.js';
import type { Warning } from '../types.js';

/** OFX and XML files declare their encoding; anything else is UTF-8 or a single-byte code page. */
function decodeDeclared(bytes: Uint8Array, declared: string | null): string {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return decodeText(bytes).text;
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    // Not UTF-8, whatever the header says: the declared single-byte charset, else Windows-1252.
    const cs = declared && iconv.encodingExists(declared) && !/utf-?8/i.test(declared) ? declared : 'windows-1252';
    return iconv.decode(Buffer.from(body), cs);
  }
}

function declaredCharset(head: string): string | null {
  const xml = /<\?xml[^>]*encoding=["']([A-Za-z0-9_.-]+)["']/i.exec(head);
  if (xml) return xml[1];
  const cs = /^CHARSET:\s*([A-Za-z0-9_-]+)/im.exec(head)?.[1];
  if (cs && /^\d{3,4}$/.test(cs)) return `windows-${cs}`;
  if (cs && /8859-?1|latin/i.test(cs)) return 'iso-8859-1';
  return null;
}

/** Rows of a markup file, counted on the bytes before parsing (the XML/OFX limit is on entries, not lines). */
function guardEntries(text: string, open: RegExp, what: string): void {
  let n = 0;
  open.lastIndex = 0;
  while (open.exec(text)) {
    if (++n > MAX_TEXT_LINES) {
      throw new AppError(
        'security_check_failed',
        `The ${what} file has more than ${MAX_TEXT_LINES.toLocaleString('en-GB')} transactions, the limit for one conversion; split it into shorter periods.`,
      );
    }
  }
}

export async function convertStructured(bytes: Uint8Array, kind: StructuredKind, opts: ConvertOptions): Promise<EngineResult> {
  const bank = opts.bank === 'auto' ? 'generic' : opts.bank;
  let reads: StatementRead[];
  let warnings: Warning[];
  switch (kind) {
    case 'mt940': {
      guardText(bytes);
      ({ reads, warnings } = (await import('./mt940.js')).readMt940(decodeText(bytes).text.replace(/^\uFEFF/, '')));
      break;
    }
    case 'qif': {
      guardText(bytes);
      ({ reads, warnings } = (await import('./qif.js')).readQif(decodeText(bytes).text.replace(/^\uFEFF/, '')));
      break;
    }
    case 'ofx': {
      // OFX 2 may come as one long line of XML: rows and lengths are checked with a tag's end ending a
      // stretch too, and transactions are counted.
      guardText(bytes, true);
      const text = decodeDeclared(bytes, declaredCharset(headText(bytes)));
      guardEntries(text, /<STMTTRN>/gi, 'OFX');
      ({ reads, warnings } = (await import('./ofx.js')).readOfx(text));
      break;
    }
    case 'camt': {
      guardText(bytes, true);
      const text = decodeDeclared(bytes, declaredCharset(headText(bytes))).replace(/^\uFEFF/, '');
      guardEntries(text, /<(?:[A-Za-z0-9_.-]+:)?Ntry[\s>]/g, 'camt');
      ({ reads, warnings } = (await import('./camt.js')).readCamt(text));
      break;
    }
  }
  return assemble(kind, bank, reads, warnings);
}

export { KIND_NAMES };
