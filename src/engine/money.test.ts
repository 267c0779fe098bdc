import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatMinor, inferDecimalSeparator, parseAmount, parseMoney } from './money.js';

describe('parseMoney reads every printed style', () => {
  const cases: [string, string | null, ('.' | ',')?][] = [
    ['1,234.56', '1234.56'],
    ['1.234,56', '1234.56'],
    ["1'234.56", '1234.56'],
    ['1 234,56', '1234.56'],
    ['1\u00a0234,56', '1234.56'],
    ['1\u202f234,56', '1234.56'],
    ['(12.30)', '-12.30'],
    ['-12.30', '-12.30'],
    ['12.30-', '-12.30'],
    ['12.30 CR', '12.30'],
    ['12.30 DR', '-12.30'],
    ['12.30CR', '12.30'],
    ['£1,000', '1000.00'],
    ['€ 5,50', '5.50'],
    ['$1,036.47', '1036.47'],
    ['-£12.30', '-12.30'],
    ['£-12.30', '-12.30'],
    ['250.00OD', '-250.00'],
    ['250.00 D', '-250.00'],
    ['+7', '7.00'],
    ['0.5', '0.50'],
    ['12,30 EUR', '12.30'],
    ['EUR 12.30', '12.30'],
    ['−4.00', '-4.00'],
    ['12.3000', '12.30'],
    ['12.345', null, '.'],
    ['abc', null],
    ['', null],
    ['12/03/2024', null],
    ['1,234', '1234.00'],
    ['1.234', '1234.00'],
    ['1,234', null, ','],
    ['1.234.567,89', '1234567.89'],
    // Indian lakh and crore grouping; groups of two anywhere else are not money.
    ['1,25,000.00', '125000.00'],
    ['₹12,34,56,789.50', '123456789.50'],
    ['2,00,000', '200000.00'],
    ['1,00.00', null],
    ['12,84.53', null],
  ];
  for (const [text, want, dec] of cases) {
    it(`${JSON.stringify(text)} -> ${want}`, () => {
      const v = parseAmount(text, 2, dec);
      expect(v === null ? null : formatMinor(v)).toBe(want === null ? null : want);
    });
  }
  it('reports markers and currencies', () => {
    expect(parseMoney('£12.30 DR')).toMatchObject({ value: -1230n, marker: 'DR', currency: 'GBP', signed: true });
    expect(parseMoney('12.30')).toMatchObject({ signed: false, marker: null, currency: null });
  });
  it('honours the exponent', () => {
    expect(parseAmount('1,500', 0)).toBe(1500n);
    expect(parseAmount('1.234', 3)).toBe(1234n);
  });
});

describe('inferDecimalSeparator', () => {
  it('reads the column, not one value', () => {
    expect(inferDecimalSeparator(['1.234', '12,50', '3,00'])).toBe(',');
    expect(inferDecimalSeparator(['1,234', '12.50'])).toBe('.');
    expect(inferDecimalSeparator(['1.234,56'])).toBe(',');
    expect(inferDecimalSeparator(['100', '200'])).toBe(null);
  });
});

describe('money properties', () => {
  const styles = (v: bigint) => {
    const neg = v < 0n;
    const a = formatMinor(neg ? -v : v);
    const [int, frac] = a.split('.');
    const grouped = (sep: string) => int.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
    const bodies: [string, ('.' | ',')?][] = [
      [`${grouped(',')}.${frac}`],
      [`${grouped('.')},${frac}`, ','],
      [`${grouped("'")}.${frac}`],
      [`${grouped('\u00a0')},${frac}`, ','],
    ];
    return bodies.flatMap(
      ([b, dec]) =>
        (neg
          ? [
              [`-${b}`, dec],
              [`(${b})`, dec],
              [`${b}-`, dec],
              [`${b} DR`, dec],
              [`-£${b}`, dec],
            ]
          : [
              [b, dec],
              [`£${b}`, dec],
              [`${b} CR`, dec],
              [`+${b}`, dec],
            ]) as [string, ('.' | ',')?][],
    );
  };
  it('every printed style of a value parses back to the same minor units (known separator)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), (v) => {
        for (const [s, dec] of styles(v)) expect(parseAmount(s, 2, dec ?? '.')).toBe(v);
      }),
    );
  });
  it('formatMinor and parseAmount round-trip', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), fc.integer({ min: 0, max: 3 }), (v, e) => {
        expect(parseAmount(formatMinor(v, e), e, '.')).toBe(v);
      }),
    );
  });
});
