// QIF registers as Quicken, banks and money apps write them: date orders decided from the whole file,
// Quicken's apostrophe years, thousands separators, several accounts, lists that are not registers.
import { describe, expect, it } from 'vitest';
import { convert } from '../../src/engine/convert.js';
import { sniff } from '../../src/engine/sniff.js';

const run = (text: string) => convert(new TextEncoder().encode(text), {});
const rec = (d: string, t: string, p = '', extra = '') => `D${d}\nT${t}\n${p ? `P${p}\n` : ''}${extra}^\n`;

describe('QIF', () => {
  it('Quicken US: month/day with apostrophe years, thousands commas, check numbers, payee and memo', async () => {
    const qif = `!Type:Bank\n${rec("1/31'24", '-1,234.56', 'RENT LLC', 'MJanuary rent\nN1001\nLHousing\nCX\n')}${rec("2/ 1'24", '2,500.00', 'ACME PAYROLL')}${rec("2/13'24", '-12.30', 'COFFEE')}`;
    expect(sniff(new TextEncoder().encode(qif)).kind).toBe('qif');
    const r = await run(qif);
    expect(r.meta.inputKind).toBe('qif');
    expect(r.reconcile_status).toBe('NO_BAL');
    expect(r.transactions.map((t) => [t.Date, t.Amount, t.Description, t.Reference])).toEqual([
      ['31/01/2024', '-1234.56', 'RENT LLC January rent', '1001'],
      ['01/02/2024', '2500.00', 'ACME PAYROLL', ''],
      ['13/02/2024', '-12.30', 'COFFEE', ''],
    ]);
    expect(r.warnings.map((w) => w.code)).not.toContain('date_order_ambiguous');
  });

  it("Quicken US's space-padded dates ('6/ 1/94') read month/day: the dates' spread decides where each reads both ways", async () => {
    const r = await run(
      `!Type:Bank\n${rec('6/ 1/94', '-1,000.00', 'Bank Of Mortgage')}${rec('6/ 2/94', '75.00', 'Deposit')}${rec('6/ 3/94', '-10.00', 'JoBob')}`,
    );
    // 1-3 June, not the 6th of January, February and March: the reading that keeps them in a month's statement.
    expect(r.transactions.map((t) => t.Date)).toEqual(['01/06/1994', '02/06/1994', '03/06/1994']);
    expect(r.warnings.map((w) => w.code)).not.toContain('date_order_ambiguous');
  });

  it('UK day/month decided by one date that reads only one way; European decimals', async () => {
    const r = await run(`!Type:Bank\n${rec('05/03/2024', '-1.234,50', 'A')}${rec('25/03/2024', '10,00', 'B')}`);
    expect(r.transactions.map((t) => [t.Date, t.Amount])).toEqual([
      ['05/03/2024', '-1234.50'],
      ['25/03/2024', '10.00'],
    ]);
  });

  it('ISO dates; a file whose dates all read both ways warns', async () => {
    const iso = await run(`!Type:CCard\n${rec('2024-03-05', '-9.99', 'SHOP')}`);
    expect(iso.transactions[0].Date).toBe('05/03/2024');
    expect(iso.statements![0].account.kind).toBe('card');
    expect(iso.meta.accountType).toBe('card');
    const open = await run(`!Type:Bank\n${rec('03/04/2024', '-1.00', 'A')}${rec('03/04/2024', '-2.00', 'B')}`);
    expect(open.warnings.map((w) => w.code)).toContain('date_order_ambiguous');
    expect(open.transactions[0].Date).toBe('03/04/2024');
  });

  it('a file of investment lists only parsed but holds no transactions: 422', async () => {
    const qif = '!Type:Invst\nD01/17/2024\nNBuy\nYACME\nT100.00\n^\n';
    await expect(convert(new TextEncoder().encode(qif), { filename: 'x.qif' })).rejects.toMatchObject({
      code: 'no_transactions_found',
      detail: expect.stringContaining('!Type:invst'),
    });
  });

  it('several accounts are several statements; investment lists are left out with a warning', async () => {
    const qif = `!Option:AutoSwitch\n!Account\nNCurrent\nTBank\n^\nNSavings\nTBank\n^\n!Clear:AutoSwitch\n!Account\nNCurrent\nTBank\n^\n!Type:Bank\n${rec('01/15/2024', '-5.00', 'A')}!Account\nNSavings\nTBank\n^\n!Type:Bank\n${rec('01/16/2024', '100.00', 'B')}${rec('01/20/2024', '1.00', 'C')}!Type:Invst\nD01/17/2024\nNBuy\nYACME\nT100.00\n^\n`;
    const r = await run(qif);
    expect(r.statements!.map((s) => [s.account.name, s.first_row, s.row_count, s.reconcile_status])).toEqual([
      ['Current', 1, 1, 'NO_BAL'],
      ['Savings', 2, 2, 'NO_BAL'],
    ]);
    expect(r.warnings.map((w) => w.code)).toContain('rows_skipped');
  });

  it('broken records are clear 400s', async () => {
    await expect(run(`!Type:Bank\nD13/45/2024\nT1.00\n^\n`)).rejects.toMatchObject({
      code: 'security_check_failed',
      detail: expect.stringContaining('line 2'),
    });
    await expect(run(`!Type:Bank\nD01/01/2024\nTabc\n^\n`)).rejects.toMatchObject({ code: 'security_check_failed' });
    await expect(run(`!Type:Bank\nPNO DATE\nT1.00\n^\n`)).rejects.toMatchObject({
      code: 'security_check_failed',
      detail: expect.stringContaining('no D (date)'),
    });
    await expect(run(`!Type:Cat\nNFood\n^\n`)).rejects.toMatchObject({ code: 'no_transactions_found' });
  });
});
