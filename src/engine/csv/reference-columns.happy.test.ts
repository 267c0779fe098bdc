// Reference comes from a labelled transaction-id, cheque-number or reference column; account ids from the
// export's preamble or id columns.
import { describe, expect, it } from 'vitest';
import { convert } from '../convert.js';

const run = (text: string) => convert(new TextEncoder().encode(text), { filename: 'export.csv' });

describe('CSV reference and id columns', () => {
  it('a transaction id column is the Reference when no reference column has one', async () => {
    const r = await run(
      [
        'Transaction Date,Transaction ID,Description,Credit Amount,Debit Amount,Currency,Running Balance,Reference ID',
        '05/03/2021,TX-123,Card payment,,100,USD,200,',
        '06/03/2021,TX-124,Customer payment,120,,USD,320,INV-9',
        '',
      ].join('\n'),
    );
    expect(r.transactions.map((t) => t.Reference)).toEqual(['TX-123', 'INV-9']);
  });

  it('a cheque number column is the Reference', async () => {
    const r = await run(
      ['Date,Chq No,Details,Paid Out,Paid In,Balance', '01/03/2024,000123,CHEQUE,120.00,,880.00', '02/03/2024,,DD BRITISH GAS,45.00,,835.00', ''].join('\n'),
    );
    expect(r.transactions.map((t) => t.Reference)).toEqual(['000123', '']);
  });

  it('reads the account ids from id columns and from the preamble', async () => {
    const lloyds = await run(
      [
        'Transaction Date,Transaction Type,Sort Code,Account Number,Transaction Description,Debit Amount,Credit Amount,Balance',
        "15/01/2024,DEB,'99-88-74,12345678,ACME STORE CD 1417,8.99,,2040.59",
        "16/01/2024,DEB,'99-88-74,12345678,ACME STORE CD 1417,1.00,,2039.59",
        '',
      ].join('\n'),
    );
    expect(lloyds.meta).toMatchObject({ accountId: '12345678', bankId: '99-88-74' });
    const nationwide = await run(
      ['"Account Name:","Current ****12345"', '', '"Date","Description","Paid out","Paid in","Balance"', '"01 Mar 2024","X","£1.00","","£9.00"', ''].join('\n'),
    );
    expect(nationwide.meta).toMatchObject({ accountId: '****12345', bankId: null });
  });
});
