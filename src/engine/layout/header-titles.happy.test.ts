// A title standing over a header's labels is no label of its own.
import { describe, expect, it } from 'vitest';
import { convert } from '../convert.js';

const run = async (text: string) => convert(new TextEncoder().encode(text), { filename: 'statement.txt' });

describe('titles over a header', () => {
  it('a title standing over two labels of the header below is no label; the money label beside it is (HSBC UK cards)', async () => {
    const r = await run(
      [
        'Your Transaction Details                                                                    Amount',
        'Received By Us   Transaction Date   Details',
        '09 Dec 22        08 Dec 22          ))) SHOP ONE           LONDON                            7.00',
        '10 Dec 22        09 Dec 22          SHOP TWO               LONDON                            5.09',
        '10 Dec 22        09 Dec 22          SHOP THREE             LONDON                           45.02',
      ].join('\n'),
    );
    expect(r.transactions.map((t) => [t.Date, t.Amount, t.Description])).toEqual([
      ['09/12/2022', '7.00', '))) SHOP ONE LONDON'],
      ['10/12/2022', '5.09', 'SHOP TWO LONDON'],
      ['10/12/2022', '45.02', 'SHOP THREE LONDON'],
    ]);
  });
});
