import { describe, expect, it } from 'vitest';
import { readFacts, readPeriod } from './statement-facts.js';

describe('statement facts', () => {
  it('reads the period on its own as readFacts reads it (a page heading asks for the period only)', () => {
    const texts = [
      'Statement period 1 March 2024 to 31 March 2024\nSort code 12-34-56 Account number 12345678',
      'Statement date: 03 APR 2024\nBalance £1,234.56',
      'Printed 2024-05-02\nNo period here',
      'Nothing dated at all',
    ];
    for (const t of texts) {
      const { periodStart, periodEnd, periodSure } = readFacts(t);
      expect(readPeriod(t)).toEqual({ periodStart, periodEnd, periodSure });
    }
    expect(readPeriod(texts[0])).toEqual({ periodStart: '2024-03-01', periodEnd: '2024-03-31', periodSure: true });
    expect(readPeriod(texts[1])).toEqual({ periodStart: null, periodEnd: '2024-04-03', periodSure: true });
  });
  it('reads day-month-year dates written with hyphens, and no date inside a longer run of digits', () => {
    expect(readPeriod('Statement period 01-07-2023 to 31-07-2023')).toEqual({ periodStart: '2023-07-01', periodEnd: '2023-07-31', periodSure: true });
    expect(readPeriod('Call 0800-12-1234 today, printed on 2024-05-02')).toEqual({ periodStart: null, periodEnd: '2024-05-02', periodSure: false });
  });
  it('reads numeric dates month first where one of them can only be read so (US statements)', () => {
    // "11/18/2020" is month first, so "11/09/2020" is 9 November, not 11 September.
    expect(readPeriod('Check 1202 11/18/2020 $12.00 11/09/2020\nInterest Rate as of 11/30/2020 0.03%')).toEqual({
      periodStart: null,
      periodEnd: '2020-11-30',
      periodSure: true,
    });
    expect(readPeriod('Printed 11/09/2020')).toEqual({ periodStart: null, periodEnd: '2020-09-11', periodSure: false });
    // A day-first date anywhere keeps them all day first.
    expect(readPeriod('Statement date: 05/04/2024 Printed 28/04/2024 11/18/2020').periodEnd).toBe('2024-04-05');
  });
  it("names the account's currency from its headings, not from foreign amounts quoted in the rows", () => {
    // Crédit Mutuel: "en euros" headings, card payments quoted in USD.
    const cm =
      'C/C EUROCOMPTE N° 1 en euros\nDate Opération Débit euros Crédit euros\nPAIEMENT CB 143,38 USD 105,89\nPAIEMENT CB 6,98 USD 5,15\nDate Opération Débit euros Crédit euros';
    expect(readFacts(cm).currency).toBe('EUR');
    // ANZ: "Amount ($A)" over bare "$" figures, with US dollar payments quoted in the rows.
    const anz = 'Date Details Amount ($A) Balance\nNETFLIX $28.99 $13,837.22\nSHOP 12.00 USD $14.05 $13,851.27\nHOTEL 80.00 USD $120.00 $13,971.27';
    expect(readFacts(anz).currency).toBe('AUD');
    // Amounts quoted in euros in the rows of a sterling card statement name a payment's currency.
    expect(readFacts('Transaction Details Amount £\nHOTEL PARIS 24.40 Euro 21.10\nCAFE LYON 33.67 Euro 29.00\nNew balance £ 50.10').currency).toBe('GBP');
    // A bare "$" with a foreign code quoted once is still the US dollar.
    expect(readFacts('Date Description Amount\nSHOP $12.00\nHOTEL CAD 45.00 $33.00\nCAFE $4.00').currency).toBe('USD');
  });
});
