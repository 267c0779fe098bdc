// What is a row's text: bookings one a line with no header, a currency code after the figure, a figure
// quoted in the description.
import { describe, expect, it } from 'vitest';
import { convert } from '../convert.js';

const run = async (text: string) => convert(new TextEncoder().encode(text), { filename: 'statement.txt' });

describe("a row's text", () => {
  it('two bookings printed one a line with no header are a table; a currency code after the figure is no text (Vivid)', async () => {
    const r = await run('Vivid Money Statement\n07.01.2026 NETFLIX -12,99 EUR\n08.01.2026 Cashback 3,00 EUR\n');
    expect(r.transactions.map((t) => [t.Date, t.Amount, t.Description, t.Currency])).toEqual([
      ['07/01/2026', '-12.99', 'NETFLIX', 'EUR'],
      ['08/01/2026', '3.00', 'Cashback', 'EUR'],
    ]);
    // Two dated lines apart from each other in a letter are not a table.
    await expect(run('Dear customer\n07.01.2026 we wrote to you about 12,99\n\nKind regards\n\n08.01.2026 a reminder of 3,00\n')).rejects.toMatchObject({
      code: 'no_transactions_found',
    });
  });

  it('a figure quoted in the text keeps its place in the description, its currency code with it', async () => {
    const r = await run(
      [
        'Date      Description                                              Money out      Balance',
        '01/02/2024 BALANCE BROUGHT FORWARD                                                 2,690.25',
        '05/02/2024 CASH WITHDRAWAL AT TESCO BELFAST, 30.00 GBP , ON 03-02-2024     30.00      2,660.25',
        '06/02/2024 CARD PAYMENT TO CAFFE NERO                                       3.98      2,656.27',
        '07/02/2024 CARD PAYMENT TO BOOTS                                            6.27      2,650.00',
      ].join('\n'),
    );
    expect(r.transactions[0].Description).toBe('CASH WITHDRAWAL AT TESCO BELFAST, 30.00 GBP , ON 03-02-2024');
  });
});
