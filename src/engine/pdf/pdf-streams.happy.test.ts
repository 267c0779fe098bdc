import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeFilter, decodeNames, namesPieces, OverCap, rawStreams } from './pdf-streams.js';
import { scanBytes } from './pdf-guard.js';

const enc = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));

describe('rawStreams', () => {
  it('ends a stream at its indirect /Length, looked up among the file’s integer objects', () => {
    // The first stream's data holds the word "endstream": only its declared length ends it right.
    const data1 = 'q endstream Q';
    const pdf = enc(
      `%PDF-1.4\n1 0 obj\n<< /Length 7 0 R >>\nstream\n${data1}\nendstream\nendobj\n` +
        `2 0 obj\n<< /Length 8 0 R >>\nstream\nabc\nendstream\nendobj\n` +
        `7 0 obj ${data1.length} endobj\n8 0 obj\n3\nendobj\n17 0 obj 99 endobj\n`,
    );
    const streams = [...rawStreams(pdf)];
    expect(streams).toHaveLength(2);
    const text = Buffer.from(pdf).toString('latin1');
    expect(text.slice(streams[0].start, streams[0].end)).toBe(data1);
    expect(text.slice(streams[1].start, streams[1].end)).toBe('abc');
  });
});

describe('decodeFilter (FlateDecode)', () => {
  const big = Buffer.alloc(6 * 1024 * 1024 + 123, 0x41); // past the one-call limit: decoded as a stream
  const packed = new Uint8Array(zlib.deflateSync(big));

  it('counts a stream that inflates past the one-call limit, and keeps its bytes when asked', async () => {
    expect((await decodeFilter('FlateDecode', packed, 64 << 20, false))?.size).toBe(big.length);
    const kept = await decodeFilter('FlateDecode', packed, 64 << 20, true);
    expect(kept?.out && Buffer.from(kept.out).equals(big)).toBe(true);
  });

  it('stops at the cap, below and above the one-call limit', async () => {
    await expect(decodeFilter('FlateDecode', packed, 1 << 20, false)).rejects.toBeInstanceOf(OverCap);
    await expect(decodeFilter('FlateDecode', packed, 5 << 20, false)).rejects.toBeInstanceOf(OverCap);
  });

  it('counts what decodes before damage', async () => {
    const text = Buffer.from('BT /F1 12 Tf (hello) Tj ET '.repeat(2000));
    const whole = zlib.deflateSync(text);
    const cut = new Uint8Array(whole.subarray(0, whole.length >> 1));
    const r = await decodeFilter('FlateDecode', cut, 64 << 20, false);
    expect(r!.size).toBeGreaterThan(0);
    expect(r!.size).toBeLessThan(text.length);
  });
});

describe('decodeNames', () => {
  // The definition: every name (a `/` and the run up to white space or a delimiter) with its `#xx` decoded.
  const byPattern = (t: string) =>
    t.replace(/\/[^\s/[\]()<>{}%]*/g, (name) => name.replace(/#([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))));

  it('decodes escapes in names only', () => {
    expect(decodeNames('/F#6cateDecode #41 (/x#41) /a#zz#42 /#2F#41 a#41/b')).toBe('/FlateDecode #41 (/xA) /a#zzB /\x2FA a#41/b');
  });

  it('agrees with the pattern over names on random text full of #, / and delimiters', () => {
    const alphabet = '##//  \n\u00a0[]()<>{}%aF4z0-#';
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
    for (let i = 0; i < 2000; i++) {
      let t = '';
      for (let j = rand(40); j > 0; j--) t += alphabet[rand(alphabet.length)];
      expect(decodeNames(t), JSON.stringify(t)).toBe(byPattern(t));
    }
  });
});

describe('namesPieces', () => {
  // Binary-looking filler with escaped names and the piece ends scattered through it, 400 KB.
  let seed = 3;
  const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
  let body = '';
  while (body.length < 400_000) body += rand(50) === 0 ? '/Arial#20Bold ' : rand(40) === 0 ? ')' : String.fromCharCode(65 + rand(26), 32 + rand(3));

  it('are the names-decoded text, cut after ) ] > { } % into pieces under 128 KB', () => {
    const bytes = enc(body);
    const pieces = namesPieces(bytes);
    expect(pieces.length).toBeGreaterThan(3);
    expect(pieces.join('')).toBe(decodeNames(body));
    for (const p of pieces.slice(0, -1)) {
      expect(')]>{}%').toContain(p.at(-1));
      expect(p.length).toBeLessThan(128 * 1024);
    }
  });

  it('let the active-content scan find an action split across a piece boundary', () => {
    // "/S", 200 KB of white space (no piece end), then an escaped "/Launch": the pieces cut elsewhere.
    const launch = enc(`${body.slice(0, 90_000)})<< /S${' '.repeat(200_000)}/L#61unch /F (calc.exe) >>${body.slice(0, 50_000)}`);
    expect(scanBytes(launch)).toMatch(/launch action/);
    const js = enc(`${body.slice(0, 98_300)}/Java#53cript ${body.slice(0, 50_000)}`);
    expect(scanBytes(js)).toBe('JavaScript');
    expect(scanBytes(enc(body))).toBeNull();
  });
});
