import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DeploymentSealer, newJobKeys, openWithResultKey, resultKeyMatches, SEAL_PIECE_BYTES, sealToJob } from './sealing.js';

describe('job result sealing', () => {
  it('opens with the result key only; the stored public key and hash cannot open it', () => {
    const keys = newJobKeys('job_1');
    expect(keys.resultKey).toMatch(/^ljk_[A-Za-z0-9_-]{43}$/);
    const sealed = sealToJob(keys.publicKey, Buffer.from('{"rows":1}'), 'job_1/0');
    expect(sealed.includes(Buffer.from('rows'))).toBe(false);
    expect(openWithResultKey(keys.resultKey, 'job_1', sealed, 'job_1/0').toString()).toBe('{"rows":1}');
    const other = newJobKeys('job_1');
    expect(() => openWithResultKey(other.resultKey, 'job_1', sealed, 'job_1/0')).toThrow();
    // Bound to its place: the same blob under another file index does not open.
    expect(() => openWithResultKey(keys.resultKey, 'job_1', sealed, 'job_1/1')).toThrow();
    const tampered = Buffer.from(sealed);
    tampered[tampered.length - 1] ^= 1;
    expect(() => openWithResultKey(keys.resultKey, 'job_1', tampered, 'job_1/0')).toThrow();
  });

  it('checks the result key in constant time against its hash', () => {
    const keys = newJobKeys('job_2');
    expect(resultKeyMatches(keys.resultKey, keys.keyHash)).toBe(true);
    expect(resultKeyMatches(keys.resultKey.slice(0, -1) + 'A', keys.keyHash)).toBe(keys.resultKey.endsWith('A'));
    expect(resultKeyMatches(undefined, keys.keyHash)).toBe(false);
    expect(resultKeyMatches('nope', keys.keyHash)).toBe(false);
  });

  it('deployment sealing round-trips and is bound to its context', () => {
    const s = new DeploymentSealer(randomBytes(32));
    const sealed = s.seal(Buffer.from('statement bytes'), 'jf_1');
    expect(s.open(sealed, 'jf_1').toString()).toBe('statement bytes');
    expect(() => s.open(sealed, 'jf_2')).toThrow();
    expect(() => new DeploymentSealer(randomBytes(32)).open(sealed, 'jf_1')).toThrow();
    expect(s.openText(s.sealText('whsec_x', 'wh_1'), 'wh_1')).toBe('whsec_x');
  });

  it('sealed in pieces (a turn of the event loop between them): round-trips, bound to its context, tamper-evident; old blobs still open', async () => {
    const s = new DeploymentSealer(randomBytes(32));
    const plain = randomBytes(SEAL_PIECE_BYTES * 2 + 1234);
    const pieces: Buffer[] = [];
    for await (const p of s.sealPieces(plain, 'input|jf_1')) pieces.push(p);
    expect(pieces.length).toBe(3);
    expect(pieces.every((p) => p.length <= SEAL_PIECE_BYTES + 29)).toBe(true);
    expect((await s.openPieces(pieces, 'input|jf_1')).equals(plain)).toBe(true);
    // However the pieces were split for storage.
    const joined = Buffer.concat(pieces);
    expect(
      (await s.openPieces([joined.subarray(0, 5), joined.subarray(5, joined.length - 3), joined.subarray(joined.length - 3)], 'input|jf_1')).equals(plain),
    ).toBe(true);
    await expect(s.openPieces(pieces, 'input|jf_2')).rejects.toThrow();
    const tampered = pieces.map((p) => Buffer.from(p));
    tampered[1][7] ^= 1;
    await expect(s.openPieces(tampered, 'input|jf_1')).rejects.toThrow();
    // An empty file, and a blob stored in one piece by seal() before pieces existed.
    const empty: Buffer[] = [];
    for await (const p of s.sealPieces(new Uint8Array(0), 'e')) empty.push(p);
    expect(empty).toHaveLength(1);
    expect((await s.openPieces(empty, 'e')).length).toBe(0);
    expect((await s.openPieces([s.seal(Buffer.from('old'), 'o')], 'o')).toString()).toBe('old');
  });
});
