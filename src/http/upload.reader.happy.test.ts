import { describe, expect, it } from 'vitest';
import { gather } from './upload.reader.js';

async function* chunksOf(bytes: Uint8Array, size: number): AsyncIterable<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

const sample = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 31 + 7) & 255);

describe('gather: a file part in one buffer', () => {
  it('with the body length declared: the bytes, in the one buffer allocated up front', async () => {
    const bytes = sample(100_000);
    const got = await gather(chunksOf(bytes, 4096), 100_400, 1_000_000);
    expect(got).toEqual(bytes);
    expect(got.buffer.byteLength).toBe(100_400);
  });

  it('without a length (a chunked body): the buffer grows as it fills, up to the cap', async () => {
    const bytes = sample(300_001);
    expect(await gather(chunksOf(bytes, 65_536), NaN, 1_000_000)).toEqual(bytes);
    expect(await gather(chunksOf(bytes, 65_536), NaN, 300_001)).toEqual(bytes);
  });

  it('a file much smaller than the declared body gets a buffer of its own size', async () => {
    const bytes = sample(1000);
    const got = await gather(chunksOf(bytes, 300), 50_000, 1_000_000);
    expect(got).toEqual(bytes);
    expect(got.buffer.byteLength).toBe(1000);
  });

  it('a declared length smaller than what comes (a wrong header) still gives every byte', async () => {
    const bytes = sample(20_000);
    expect(await gather(chunksOf(bytes, 3000), 5000, 1_000_000)).toEqual(bytes);
  });

  it('an empty file is empty', async () => {
    expect((await gather(chunksOf(new Uint8Array(0), 1), 200, 1000)).length).toBe(0);
  });
});
