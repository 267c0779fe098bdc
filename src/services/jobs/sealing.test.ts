import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DeploymentSealer, newJobKeys, openWithResultKey, resultKeyMatches, sealToJob } from './sealing.js';

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
});
