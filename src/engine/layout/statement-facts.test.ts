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
});
