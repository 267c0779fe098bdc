// Which structured format a text upload is written in, from its first 8 KB: OFX header or <OFX>, a
// camt message element or namespace, a QIF !Type header, MT940 field tags. Light on purpose: the
// service sniffs every upload on the main thread.
import type { StructuredKind } from '../types.js';

const HEAD = 8192;

export function headText(bytes: Uint8Array): string {
  const b = bytes.subarray(0, HEAD);
  if (b[0] === 0xff && b[1] === 0xfe) return new TextDecoder('utf-16le').decode(b.subarray(2));
  if (b[0] === 0xfe && b[1] === 0xff) return new TextDecoder('utf-16be').decode(b.subarray(2));
  return Buffer.from(b)
    .toString('latin1')
    .replace(/^\u00ef\u00bb\u00bf/, '');
}

const MT940_TAG = /^(?:\{[1-4]:[^\n]*)?:(20|25|28C?|60[FM]|61|62[FM]|86):/gm;

/** The structured format the bytes are written in, or null (then they are CSV or fixed-width text). */
export function sniffStructured(bytes: Uint8Array): StructuredKind | null {
  const head = headText(bytes);
  const start = head.trimStart();
  if (/^(OFXHEADER\s*:|<\?OFX\b)/i.test(start) || /^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)?(<\?OFX[^>]*>\s*)?<OFX>/i.test(start)) return 'ofx';
  if (/^<\?xml[^>]*\?>[\s\S]*<OFX>/i.test(start) && /OFXHEADER/i.test(start)) return 'ofx';
  if (start.startsWith('<') && /<(\w+:)?(BkToCstmrStmt|BkToCstmrAcctRpt|BkToCstmrDbtCdtNtfctn)\b|urn:iso:std:iso:20022:tech:xsd:camt\.05[234]/.test(head))
    return 'camt';
  if (/^!(Type|Account|Option|Clear)\b/i.test(start)) return 'qif';
  // MT940/942: field tags at line starts, one of them a statement line or balance in its own shape.
  const tags = new Set([...head.matchAll(MT940_TAG)].map((m) => m[1]));
  if (tags.size >= 2 && (tags.has('61') || tags.has('60F') || tags.has('60M') || tags.has('62F'))) return 'mt940';
  if (/^:(6[02][FM]:[CD]\d{6}|61:\d{6})/m.test(head)) return 'mt940';
  if (/^\{1:F\d{2}[A-Z0-9]+\}\{2:[IO]94[02]/.test(start)) return 'mt940';
  return null;
}
