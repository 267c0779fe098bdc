// Issue 47, finding 6: OFX without line breaks was read in quadratic time (12,500 / 25,000 / 50,000
// transactions on one line: 3.9 / 14.8 / 54.6 s) and had no line check. Every structured reader now has
// the size checks other text has (a value or tag longer than a line may be is refused, with OFX and
// camt allowed on one line of markup), and the OFX reader's searches scan each character a bounded
// number of times, however the file is broken into lines. Timings are in `npm run bench`.
import { afterEach, describe, expect, it } from 'vitest';
import { convert } from '../../src/engine/convert.js';
import { MAX_LINE_BYTES } from '../../src/engine/input-limits.js';
import { camt } from '../structured/camt-builder.js';

function ofx(n: number, nl: string, name = (i: number) => `SHOP ${i}`): string {
  const rows: string[] = [];
  for (let i = 0; i < n; i++)
    rows.push(`<STMTTRN>${nl}<TRNTYPE>DEBIT${nl}<DTPOSTED>20240301${nl}<TRNAMT>-1.00${nl}<FITID>${i}${nl}<NAME>${name(i)}${nl}</STMTTRN>${nl}`);
  return (
    'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>GBP<BANKACCTFROM><BANKID>1<ACCTID>2<ACCTTYPE>CHECKING</BANKACCTFROM>' +
    `<BANKTRANLIST><DTSTART>20240301<DTEND>20240331${rows.join('')}</BANKTRANLIST><LEDGERBAL><BALAMT>100.00<DTASOF>20240331</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`
  );
}

/**
 * The searches String.prototype.indexOf makes while `f` runs, and the characters they pass over (a
 * search that finds nothing passes over the rest of the text).
 */
async function scanned<T>(f: () => Promise<T>): Promise<{ value: T; chars: number; calls: number }> {
  // eslint-disable-next-line @typescript-eslint/unbound-method -- restored as it was, called with call()
  const original = String.prototype.indexOf;
  let chars = 0;
  let calls = 0;
  String.prototype.indexOf = function (this: string, search: string, from?: number) {
    const at = original.call(this, search, from);
    calls++;
    chars += (at < 0 ? this.length : at) - Math.max(0, from ?? 0);
    return at;
  };
  try {
    return { value: await f(), chars, calls };
  } finally {
    String.prototype.indexOf = original;
  }
}

describe('structured readers: linear in their input, with the line checks of text', () => {
  afterEach(() => {
    expect(String.prototype.indexOf.name).toBe('indexOf');
  });

  it('50,000 OFX transactions on one line are read, each character searched a bounded number of times', async () => {
    const text = ofx(50_000, '');
    const { value, chars } = await scanned(() => convert(Buffer.from(text), {}));
    expect(value.transactions).toHaveLength(50_000);
    expect(value.transactions[49_999].Description).toBe('SHOP 49999');
    // Quadratic before: about 50,000 searches of the rest of a 4.6 MB line.
    expect(chars).toBeLessThan(20 * text.length);
  });

  it('an MT940 row whose details repeat one long run of letters is read without searching again from every match', async () => {
    const a = 'A'.repeat(64_000);
    const text = `:20:STARTUMS\n:25:DE89370400440532013000\n:28C:1/1\n:60F:C240301EUR100,00\n:61:2403010301D1,00NTRFNONREF\n:86:?00X?20${a}?21${a}?32${a}\n:62F:C240331EUR99,00\n-\n`;
    const { value, calls } = await scanned(() => convert(Buffer.from(text), {}));
    expect(value.transactions).toHaveLength(1);
    // One search per match before: 64,000 of them, each comparing up to 64,000 letters (3.4 s).
    expect(calls).toBeLessThan(1000);
  });

  it('the same file with a line break per element keeps its line numbers', async () => {
    const r = await convert(Buffer.from(ofx(3, '\n')), {});
    expect(r.provenance.map((p) => p?.lines)).toEqual([[5], [12], [19]]);
  });

  it('an OFX value or a camt text longer than a line may be is refused before parsing', async () => {
    const long = 'A'.repeat(MAX_LINE_BYTES + 10);
    await expect(convert(Buffer.from(ofx(2, '', (i) => (i ? long : 'SHOP'))), {})).rejects.toMatchObject({
      code: 'security_check_failed',
      detail: expect.stringMatching(/without a tag or line break/),
    });
    const doc = camt([{ iban: 'DE89370400440532013000', entries: [{ amount: '1.00', ind: 'DBIT', date: '2024-03-01', ustrd: [long] }] }]);
    await expect(convert(Buffer.from(doc), {})).rejects.toMatchObject({ code: 'security_check_failed' });
  });

  it('OFX on one line may be long as a whole: only its values are held to the line limit', async () => {
    const text = ofx(10_000, '');
    expect(text.length).toBeGreaterThan(3 * MAX_LINE_BYTES);
    expect((await convert(Buffer.from(text), {})).transactions).toHaveLength(10_000);
  });
});
