// Streams small enough to be counted at DEFLATE's bound are still refused when their real sizes pass
// the total cap, and a stream whose bound passes the stream cap is inflated and refused as before.
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { guardDecompression } from './pdf-bomb.js';
import { flateBound } from './pdf-streams.js';
import { flatePdf } from './pdf-bomb.test-pdf.js';

const caps = { stream: 2 << 20, total: 3 << 20 };

describe('guardDecompression with streams counted at their bound', () => {
  it('refuses streams that each stay under the stream cap but together really pass the total', async () => {
    // Four streams of 1 MB of zeros, about 1 KB each: each bounded under 2 MB, really 4 MB together.
    const one = zlib.deflateSync(Buffer.alloc(1 << 20), { level: 9 });
    expect(flateBound(one.length)).toBeLessThan(caps.stream);
    await expect(guardDecompression(flatePdf([one, one, one, one]), caps)).rejects.toThrow(/together expand to more than 3 MB/);
    // Three of them (3 MB exactly) are not over.
    await expect(guardDecompression(flatePdf([one, one, one]), caps)).resolves.toBeUndefined();
  });

  it('inflates and refuses a stream whose bound passes the stream cap', async () => {
    const big = zlib.deflateSync(Buffer.alloc(3 << 20), { level: 9 });
    expect(flateBound(big.length)).toBeGreaterThan(caps.stream);
    await expect(guardDecompression(flatePdf([big]), caps)).rejects.toThrow(/expands to more than 2 MB/);
  });

  it('counts the earlier stage of a chain at its real size', async () => {
    // [/FlateDecode /FlateDecode]: the outer layer is kept to feed the inner one, whose bound is small.
    const inner = zlib.deflateSync(Buffer.alloc(1 << 20), { level: 9 });
    const outer = zlib.deflateSync(inner);
    await expect(guardDecompression(flatePdf([outer, outer, outer, outer], '[/FlateDecode /FlateDecode]'), caps)).rejects.toThrow(/together/);
  });
});
