// The bomb guard counts a small FlateDecode stream at DEFLATE's bound instead of inflating it: the
// bound must hold for the densest data zlib writes, and it must never refuse a file whose real sizes
// are under the caps.
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { guardDecompression } from './pdf-bomb.js';
import { flateBound } from './pdf-streams.js';
import { flatePdf } from './pdf-bomb.test-pdf.js';

describe('flateBound', () => {
  it('holds for the densest streams zlib writes, and is within 1% of them', () => {
    for (const mb of [1, 16]) {
      const plain = Buffer.alloc(mb << 20);
      for (const packed of [zlib.deflateSync(plain, { level: 9 }), zlib.deflateRawSync(plain, { level: 9 })]) {
        expect(flateBound(packed.length)).toBeGreaterThanOrEqual(plain.length);
        if (mb === 16) expect(flateBound(packed.length)).toBeLessThan(plain.length * 1.01);
      }
    }
  });
});

describe('guardDecompression with streams counted at their bound', () => {
  it('accepts a file whose bounds pass the total cap but whose real sizes do not', async () => {
    // Five 1,000-byte random streams: each bounded at about 1 MB (under the 2 MB stream cap), 5 MB
    // together against a 3 MB total cap, but really 5 KB.
    const streams = Array.from({ length: 5 }, (_, i) => zlib.deflateSync(Buffer.from(Array.from({ length: 1000 }, (_, j) => (j * 7919 + i * 31) % 251))));
    for (const s of streams) expect(flateBound(s.length)).toBeLessThan(2 << 20);
    await expect(guardDecompression(flatePdf(streams), { stream: 2 << 20, total: 3 << 20 })).resolves.toBeUndefined();
  });

  it('accepts an ordinary statement-sized file under the real caps', async () => {
    const streams = [zlib.deflateSync(Buffer.alloc(300 << 10, 0x20)), zlib.deflateSync(Buffer.from('BT /F1 10 Tf (x) Tj ET'))];
    await expect(guardDecompression(flatePdf(streams))).resolves.toBeUndefined();
  });
});
