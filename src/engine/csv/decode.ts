// Bytes -> text for delimited exports. Banks hand out UTF-8 (with or without BOM), UTF-16 with a BOM
// and, in the UK and Europe, Windows-1252 / ISO-8859-1 (Nationwide's "£" is byte 0xA3).
import iconv from 'iconv-lite';

export interface Decoded {
  text: string;
  encoding: 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';
}

export function decodeText(bytes: Uint8Array): Decoded {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: iconv.decode(Buffer.from(bytes.subarray(2)), 'utf-16le'), encoding: 'utf-16le' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: iconv.decode(Buffer.from(bytes.subarray(2)), 'utf-16be'), encoding: 'utf-16be' };
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(body), encoding: 'utf-8' };
  } catch {
    // Not valid UTF-8: the single-byte code page every UK/EU bank export uses. Windows-1252 is a superset
    // of ISO-8859-1's printable range, so one decoder serves both.
    return { text: iconv.decode(Buffer.from(body), 'windows-1252'), encoding: 'windows-1252' };
  }
}
