// Bank detection needs evidence: common column names alone name no bank.
import { describe, expect, it } from 'vitest';
import { detectProfile } from './index.js';

const input = (headers: string[], sample = '') => ({ headers, sample, firstLine: '', width: headers.length });

describe('detectProfile', () => {
  it('reads a plain Date,Description,Money Out,Money In,Balance header as generic (no bank)', () => {
    expect(detectProfile(input(['Date', 'Description', 'Money Out', 'Money In', 'Balance']))).toBeNull();
  });
  it('still recognises a bank from a distinctive column or a mention', () => {
    expect(detectProfile(input(['Date', 'Transaction Type', 'Description', 'Paid Out', 'Paid In', 'Balance']))?.id).toBe('nationwide');
    expect(detectProfile(input(['Date', 'Description', 'Amount'], 'HSBC UK statement'))?.id).toBe('hsbc-uk');
  });
});
