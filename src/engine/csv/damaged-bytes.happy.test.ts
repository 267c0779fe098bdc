// Bytes a bank's export damaged on the way: a currency symbol lost to a code-page mix-up, NUL padding.
import { describe, expect, it } from 'vitest';
import { convert } from '../convert.js';
import type { EngineResult } from '../types.js';

const enc = (text: string) => new TextEncoder().encode(text);
const run = (text: string | Uint8Array): Promise<EngineResult> => convert(typeof text === 'string' ? enc(text) : text, { filename: 'export.csv' });
const amounts = (r: EngineResult) => r.transactions.map((t) => t.Amount);

describe('damaged bytes', () => {
  it('reads a figure whose currency symbol was lost to a code-page mix-up (U+FFFD)', async () => {
    const r = await run(
      '"Date","Transaction type","Description","Paid out","Paid in","Balance"\n"21 Nov 2013","Transfer from","A","","\uFFFD120.00","\uFFFD120.00"\n"25 Nov 2013","Transfer from","B","","\uFFFD300.00","\uFFFD420.00"\n',
    );
    expect(amounts(r)).toEqual(['120.00', '300.00']);
  });

  it('reads a text export ended by a line of NUL bytes (RBC), and still refuses a file with NULs inside', async () => {
    const text = enc('Date,Description,Amount\n01/02/2014,MISC PAYMENT,-1635.00\n');
    const padded = new Uint8Array([...text, 0, 0x0d, 0x0a]);
    expect(amounts(await run(padded))).toEqual(['-1635.00']);
    const inside = new Uint8Array([...text.subarray(0, 10), 0, ...text.subarray(10)]);
    await expect(run(inside)).rejects.toMatchObject({ code: 'unsupported_file_type' });
  });
});
