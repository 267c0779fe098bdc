// Two date columns: the booking date is the row's Date, and the other date (two-digit years, a value
// date left of its label) stays out of the description.
import { describe, expect, it } from 'vitest';
import { convert } from '../convert.js';

const run = async (text: string) => convert(new TextEncoder().encode(text), { filename: 'statement.txt' });

describe('two date columns', () => {
  it('a second date column printing "09 Dec 22" leaves no year in the description; the booking day is the Date', async () => {
    const rows = [
      '08 Dec 22          09 Dec 22      SHOP ONE                 7.00',
      '09 Dec 22          10 Dec 22      SHOP TWO                 5.09',
      '09 Dec 22          12 Dec 22      SHOP THREE              45.02',
    ];
    const booked = await run(['Transaction Date   Posting Date   Details                 Amount', ...rows].join('\n'));
    expect(booked.transactions.map((t) => [t.Date, t.Description])).toEqual([
      ['09/12/2022', 'SHOP ONE'],
      ['10/12/2022', 'SHOP TWO'],
      ['12/12/2022', 'SHOP THREE'],
    ]);
    const received = await run(
      ['Received By Us   Transaction Date   Details                 Amount', ...rows.map((l) => l.replace(/^(\S+ \S+ \S+)(\s+)(\S+ \S+ \S+)/, '$3$2$1'))].join(
        '\n',
      ),
    );
    expect(received.transactions.map((t) => [t.Date, t.Description])).toEqual([
      ['09/12/2022', 'SHOP ONE'],
      ['10/12/2022', 'SHOP TWO'],
      ['12/12/2022', 'SHOP THREE'],
    ]);
  });

  it('reads BBVA "F.Oper." / "F.Valor" labels, with the value date left of its label out of the text', async () => {
    const r = await run(
      [
        'F.Oper.    F.Valor                     Concepto                            Importe        Saldo',
        '                SALDO ANTERIOR                                                            865,19',
        '31/01 31/01 PAGO CON TARJETA EN SUPERMERCADOS                               -2,26         862,93',
        '31/01 31/01 TRANSFERENCIA RECIBIDA                                          10,00         872,93',
        '31/01 31/01 COMISION                                                        -1,00         871,93',
      ].join('\n'),
    );
    expect(r.transactions.map((t) => [t.Amount, t.Description])).toEqual([
      ['-2.26', 'PAGO CON TARJETA EN SUPERMERCADOS'],
      ['10.00', 'TRANSFERENCIA RECIBIDA'],
      ['-1.00', 'COMISION'],
    ]);
  });
});
