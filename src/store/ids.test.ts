import { describe, expect, it } from 'vitest';
import { newId, ulid } from './ids.js';

describe('ids', () => {
  it('random parts never repeat across many ids, past several refills of the random pool', () => {
    // 5,000 ids at distinct times draw 50,000 random bytes: twelve refills of the 4 KB pool.
    const parts = Array.from({ length: 5000 }, (_, i) => ulid(1_700_000_000_000 + i * 2, 'test-pool').slice(10));
    expect(new Set(parts).size).toBe(parts.length);
    expect(parts.every((p) => /^[0-9A-HJKMNP-TV-Z]{16}$/.test(p))).toBe(true);
  });

  it('ids made in one millisecond sort in creation order', () => {
    const ids = Array.from({ length: 50 }, () => newId('same', 1_700_000_000_000));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
