import { describe, expect, it } from 'vitest';
import { PhraseMatcher, tokenize } from './phrase-matcher.js';

describe('tokenize', () => {
  it('upper-cases, drops apostrophes, reads & as AND and splits long words from digits', () => {
    expect(tokenize("Sainsbury's S/MKT")).toEqual(['SAINSBURYS', 'S', 'MKT']);
    expect(tokenize('M&S Simply Food')).toEqual(['M', 'AND', 'S', 'SIMPLY', 'FOOD']);
    expect(tokenize('TESCO1234 O2 1PASSWORD')).toEqual(['TESCO', '1234', 'O2', '1', 'PASSWORD']);
  });

  it('keeps short letter-digit mixes whole, so references are not read as names', () => {
    expect(tokenize('REF BT12345 SE1 9GP')).toEqual(['REF', 'BT12345', 'SE1', '9GP']);
  });

  it('folds accents so CAFÉ stays one word', () => {
    expect(tokenize('Café Rouge')).toEqual(['CAFE', 'ROUGE']);
  });
});

describe('PhraseMatcher', () => {
  const m = new PhraseMatcher<string>();
  m.add('TESCO', 'food');
  m.add('TESCO PFS', 'fuel');
  m.add('AMZN*', 'retail');

  it('reports every occurrence with its length', () => {
    const hits = m.findAll(tokenize('TESCO PFS 2231'));
    expect(hits.map((h) => [h.payload, h.start, h.length])).toEqual([
      ['food', 0, 1],
      ['fuel', 0, 2],
    ]);
  });

  it('matches prefix entries against longer words only', () => {
    expect(m.findAll(tokenize('AMZNMKTPLACE')).map((h) => h.payload)).toEqual(['retail']);
    expect(m.findAll(tokenize('AMZN'))).toEqual([]);
  });

  it('refuses empty phrases and short prefixes', () => {
    expect(() => m.add('***', 'x')).toThrow();
    expect(() => m.add('AB*', 'x')).toThrow();
  });
});
