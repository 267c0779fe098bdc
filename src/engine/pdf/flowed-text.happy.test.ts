// A PDF of flowed text: each row's words set one space apart, figures in no column, no table header,
// and a balance printed only beside the day's last amount (Co-op). Read as copied text is.
import { describe, expect, it } from 'vitest';
import { makePdf } from '../../../test/helpers/pdfkit.js';
import { convert } from '../convert.js';

const pdf = (lines: string[]) =>
  makePdf(
    (d) => {
      d.font('Helvetica').fontSize(10);
      for (const l of lines) d.text(l);
    },
    { margin: 40 },
  );

describe('flowed-text PDFs', () => {
  it('a lone figure is the amount, two are the amount and its balance, and the balances sign them', async () => {
    const bytes = await pdf([
      'Statement date 12 June 2025',
      '12 Jun MR E ELLIOTT 100.00 133.72',
      '13 Jun PAYPAL *7DIGITAL 1.49',
      '13 Jun GREGGS PLC 5.25',
      '13 Jun TFL TRAVEL CH 9.20',
      '13 Jun MR E ELLIOTT 50.00 167.78',
    ]);
    const r = await convert(bytes, { filename: 'flowed.pdf' });
    expect(r.transactions.map((t) => [t.Date, t.Amount, t.Description])).toEqual([
      ['12/06/2025', '100.00', 'MR E ELLIOTT'],
      ['13/06/2025', '-1.49', 'PAYPAL *7DIGITAL'],
      ['13/06/2025', '-5.25', 'GREGGS PLC'],
      ['13/06/2025', '-9.20', 'TFL TRAVEL CH'],
      ['13/06/2025', '50.00', 'MR E ELLIOTT'],
    ]);
    // The first row's sign is the balances' guess with no opening printed: not PASS.
    expect(r.reconcile_status).toBe('RECONCILE_WARN');
  });
  it('flowed text under a header row its bookings do not keep is read as if it had no header (N26)', async () => {
    const bytes = await pdf([
      'N26 Bank',
      'Kontoauszug Januar',
      'Beschreibung Verbuchungsdatum Betrag',
      '01.01.2026 Grocery Store -42,33 EUR',
      '02.01.2026 Salary January 2500,00 EUR',
    ]);
    const r = await convert(bytes, { filename: 'n26.pdf' });
    expect(r.transactions.map((t) => [t.Date, t.Amount, t.Description, t.Currency])).toEqual([
      ['01/01/2026', '-42.33', 'Grocery Store', 'EUR'],
      ['02/01/2026', '2500.00', 'Salary January', 'EUR'],
    ]);
  });
});
