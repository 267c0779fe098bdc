// Bytes -> text for delimited exports. Banks hand out UTF-8 (with or without BOM), UTF-16 with a BOM
// and single-byte code pages: Windows-1252 / ISO-8859-1 in the UK and Western Europe (Nationwide's "£"
// is byte 0xA3), Windows-1250 / ISO-8859-2 in Central Europe. code-page.ts tells those apart.
import iconv from 'iconv-lite';
import { decodeCodePage, rankCodePages, type CodePage } from './code-page.js';

export interface Decoded {
  text: string;
  encoding: 'utf-8' | 'utf-16le' | 'utf-16be' | 'shift_jis' | CodePage;
  /**
   * For a single-byte file, the text under the other code pages, most plausible first: the caller
   * retries them when the chosen reading holds no table (a header word decoded wrongly).
   */
  alternatives: () => { text: string; encoding: CodePage }[];
}

const none = () => [];

const JAPANESE_HEADER = /(取引日|取扱日付|利用日|日付|残高|金額|摘要|内容)/;

export function decodeText(bytes: Uint8Array): Decoded {
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return { text: iconv.decode(Buffer.from(bytes.subarray(2)), 'utf-16le'), encoding: 'utf-16le', alternatives: none };
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return { text: iconv.decode(Buffer.from(bytes.subarray(2)), 'utf-16be'), encoding: 'utf-16be', alternatives: none };
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(body), encoding: 'utf-8', alternatives: none };
  } catch {
    // Japanese banks export in Shift_JIS, two bytes a character: it is the reading when it decodes
    // cleanly and names what their headers name (a date, a balance, an amount, a description).
    // (Byte 0x5C is the yen sign in Shift_JIS's Roman set, decoded as a backslash: "\\7,000" is ¥7,000.)
    const japanese = iconv.decode(Buffer.from(body), 'shift_jis').replace(/\\(?=\d)/g, '¥');
    if (!japanese.includes('\ufffd') && JAPANESE_HEADER.test(japanese)) return { text: japanese, encoding: 'shift_jis', alternatives: none };
    // Not valid UTF-8: one of the single-byte code pages, chosen by how its decoded words read.
    const [best, ...rest] = rankCodePages(body);
    const text = decodeCodePage(body, best);
    const alternatives = () => rest.map((cp) => ({ text: decodeCodePage(body, cp), encoding: cp })).filter((a) => a.text !== text);
    return { text, encoding: best, alternatives };
  }
}
