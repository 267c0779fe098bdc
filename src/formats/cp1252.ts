// QuickBooks Web Connect files are OFX 1.0.2 declared `ENCODING:USASCII` + `CHARSET:1252`, the pair
// every Intuit product reads; the bytes must then really be Windows-1252 (ofxparse decodes them
// strictly). Characters outside that code page lose their accents where they have one (NFKD), else
// become `?`.
import iconv from 'iconv-lite';

// The printable characters Windows-1252 puts at 0x80-0x9F in place of C1 controls.
const HIGH = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

const fits = (ch: string) => {
  const c = ch.codePointAt(0)!;
  return c < 0x80 || (c >= 0xa0 && c <= 0xff) || HIGH.has(ch);
};

/** `text` reduced to characters Windows-1252 can hold. */
export function toCp1252Text(text: string): string {
  let out = '';
  for (const ch of text) {
    if (fits(ch)) {
      out += ch;
      continue;
    }
    const base = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
    out += Array.from(base).length === 1 && fits(base) ? base : '?';
  }
  return out;
}

export const encodeCp1252 = (text: string): Uint8Array => iconv.encode(text, 'win1252');
