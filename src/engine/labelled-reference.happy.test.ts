// A reference the description labels fills Reference; the description keeps it (the contract's
// Description is every printed line as printed).
import { describe, expect, it } from 'vitest';
import { BANK_LAYOUTS } from '../../test/fixtures/pdf/bank-layouts.js';
import { renderStatement } from '../../test/fixtures/pdf/render-statement.js';
import { convert } from './convert.js';
import { labelledReference } from './labelled-reference.js';

describe('labelledReference', () => {
  it('reads the value after a REF or Reference label', () => {
    expect(labelledReference('DIRECT DEBIT PAYMENT TO AMERICAN EXPRESS REF 985543')).toBe('985543');
    expect(labelledReference('Direct Debit. Reference: 48081950')).toBe('48081950');
    expect(labelledReference('Direct Debit BARCLAYCARD Ref: 0155627075388324')).toBe('0155627075388324');
    expect(labelledReference('Transfer Out 26-21-78 50619470 Ref: MOBILE-CHANNEL')).toBe('MOBILE-CHANNEL');
    expect(labelledReference('PAYMENT REF NO 12345-A')).toBe('12345-A');
  });

  it('keeps a reference of several words, up to a separator or the word that starts the next part', () => {
    expect(labelledReference('Standing Order M DOYLE Ref: RENT U94')).toBe('RENT U94');
    expect(labelledReference('DIRECT DEBIT PAYMENT TO AMERICAN EXPRESS REF 2547306416010696, MANDATE NO 56')).toBe('2547306416010696');
    expect(labelledReference('DIRECT DEBIT PAYMENT TO LANDLORD REFERENCE RENT Z94 , MANDATE NO 2')).toBe('RENT Z94');
    expect(labelledReference('FASTER PAYMENTS RECEIPT REF.GIFT FROM L HUGHES')).toBe('GIFT');
    expect(labelledReference('BANK GIRO CREDIT REF OAKLANDS ACADEMY TRUST, SALARY FEB')).toBe('OAKLANDS ACADEMY TRUST');
  });

  it('stops at the length a payment reference has (35 characters)', () => {
    expect(labelledReference('Ref: ONE TWO THREE FOUR FIVE SIX SEVEN EIGHT NINE TEN')).toBe('ONE TWO THREE FOUR FIVE SIX SEVEN');
  });

  it('reads a cheque serial after its label', () => {
    expect(labelledReference('CHQ 100234')).toBe('100234');
    expect(labelledReference('CHEQUE NO. 100235')).toBe('100235');
  });

  it('finds none where nothing is labelled', () => {
    expect(labelledReference('REFUND AMAZON')).toBe('');
    expect(labelledReference('CARD PAYMENT TO TESCO STORES 2341 ON 12 MAR')).toBe('');
    expect(labelledReference('Payment ref')).toBe('');
    expect(labelledReference('Ref: -')).toBe('');
    expect(labelledReference('CHEQUE DEPOSIT 315243')).toBe('');
    expect(labelledReference('REF TO J SMITH')).toBe('');
    expect(labelledReference('')).toBe('');
  });
});

describe('a statement whose descriptions label references', () => {
  it('fills Reference and keeps the description whole', async () => {
    const { bytes } = await renderStatement(BANK_LAYOUTS.lloydsLike, { rows: 30, as: 'pdf' });
    const r = await convert(bytes, { filename: 's.pdf' });
    const labelled = r.transactions.filter((t) => / REF \d+/.test(t.Description));
    expect(labelled.length).toBeGreaterThan(0);
    for (const t of labelled) {
      expect(t.Description).toContain(`REF ${t.Reference}`);
      expect(t.Reference).toMatch(/^\d{6}$/);
    }
    for (const t of r.transactions.filter((x) => !/\bREF\b/.test(x.Description))) expect(t.Reference).toBe('');
  });
});
