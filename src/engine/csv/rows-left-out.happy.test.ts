// Rows left out of the transactions, and said: entries not booked, a dated row whose amount cannot be
// read.
import { describe, expect, it } from 'vitest';
import { convert } from '../convert.js';
import type { EngineResult } from '../types.js';

const run = (text: string): Promise<EngineResult> => convert(new TextEncoder().encode(text), { filename: 'export.csv' });
const amounts = (r: EngineResult) => r.transactions.map((t) => t.Amount);

describe('rows left out', () => {
  it('rows a status column marks as not booked are left out, and the booked rows may PASS (Revolut PENDING)', async () => {
    const r = await run(
      [
        'Type,Product,Started Date,Completed Date,Description,Amount,Fee,Currency,State,Balance',
        'CARD_PAYMENT,Current,2026-08-02 09:14:22,2026-08-03 04:11:02,Tesco Stores,-23.45,0.00,EUR,COMPLETED,1476.55',
        'CARD_PAYMENT,Current,2026-08-03 12:40:10,2026-08-04 02:00:00,Caffe Nero,-3.80,0.00,EUR,COMPLETED,1472.75',
        'CARD_PAYMENT,Current,2026-08-10 11:11:11,,Amazon EU,-45.00,0.00,EUR,PENDING,',
        'TRANSFER,Current,2026-08-12 10:00:00,2026-08-12 10:00:00,Payment from ACME LTD,2500.00,0.00,EUR,COMPLETED,3972.75',
      ].join('\n'),
    );
    expect(amounts(r)).toEqual(['-23.45', '-3.80', '2500.00']);
    expect(r.reconcile_status).toBe('PASS');
    expect(r.warnings.find((w) => w.code === 'rows_skipped')?.message).toMatch(/^1 row\(s\) the file marks as not booked/);
    // A status that says nothing of booking leaves the rows alone (Danske's "Tila": Toteutunut).
    const fi = await run(
      '"Pvm";"Saaja/Maksaja";"Määrä";"Saldo";"Tila"\n"07.03.2017";"Food";"-8,50";"2 649,54";"Toteutunut"\n"02.03.2017";"Corp";"1 424,00";"2 658,04";"Toteutunut"\n',
    );
    expect(amounts(fi)).toEqual(['-8.50', '1424.00']);
  });

  it('a dated row whose amount cannot be read is left out, and the warning says which it lacked', async () => {
    const r = await run(['Date,Description,Amount,Currency', '2024-04-02,Good row,100.00,EUR', '2024-04-03,Bad row,12..34,EUR'].join('\n'));
    expect(r.transactions).toHaveLength(1);
    const w = r.warnings.find((x) => x.code === 'rows_skipped');
    expect(w?.message).toMatch(/date or amount could not be read/);
    expect(r.reconcile_status).not.toBe('PASS');
  });
});
