import { describe, expect, it } from 'vitest';
import { convert } from './convert.js';
import { rememberedDateTexts } from './dates.js';

describe('no statement text outlives its conversion', () => {
  it('the date readings remembered while reading are dropped when the conversion ends, also when it fails', async () => {
    const csv = 'Date,Description,Amount,Balance\n01/03/2024,SECRET PAYEE 1,-1.00,99.00\n02/03/2024,SECRET PAYEE 2,-2.00,97.00\n';
    const r = await convert(new TextEncoder().encode(csv), { filename: 's.csv' });
    expect(r.transactions).toHaveLength(2);
    expect(rememberedDateTexts()).toBe(0);
    await expect(convert(new TextEncoder().encode('Date,Description\n01/03/2024,SECRET\n'), { filename: 's.csv' })).rejects.toThrow();
    expect(rememberedDateTexts()).toBe(0);
  });
});
