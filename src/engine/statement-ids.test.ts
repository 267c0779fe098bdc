// The account's ids as statements and exports print them.
import { describe, expect, it } from 'vitest';
import { normHeader } from './csv/header-words.js';
import { ibanValid, labelledIdText, readStatementIds } from './statement-ids.js';

describe('readStatementIds', () => {
  it('reads a labelled sort code and account number', () => {
    expect(readStatementIds('Your Account\nSort Code 30-22-26\nAccount Number 01613759\nBIC LOYDGB21')).toEqual({ accountId: '01613759', bankId: '30-22-26' });
    expect(readStatementIds('Sort code: 20 00 00   Account no. 12345678')).toEqual({ accountId: '12345678', bankId: '20-00-00' });
  });

  it('reads "Account" alone before the number, but not the account a transfer goes to', () => {
    expect(readStatementIds('Business Current Account   Sort code 12-34-56   Account 12345678   All amounts in GBP')).toEqual({
      accountId: '12345678',
      bankId: '12-34-56',
    });
    expect(readStatementIds('Account: 0012345678')).toEqual({ accountId: '0012345678', bankId: null });
    expect(readStatementIds('TRANSFER TO ACCOUNT 87654321')).toEqual({ accountId: null, bankId: null });
    expect(readStatementIds('Account 2 of 3')).toEqual({ accountId: null, bankId: null });
  });

  it('reads a sort code followed by the account number without labels (values under a header line)', () => {
    expect(readStatementIds('Account Name   Sortcode   Account Number   Sheet Number\nMR A SMITH   40-20-23   74630839   12')).toEqual({
      accountId: '74630839',
      bankId: '40-20-23',
    });
  });

  it('takes the sort code and account number out of a UK IBAN when nothing else is printed', () => {
    expect(readStatementIds('IBAN GB29 NWBK 6016 1331 9268 19')).toEqual({ accountId: '31926819', bankId: '60-16-13' });
  });

  it('keeps a foreign IBAN whole and takes the BIC as the bank id', () => {
    expect(readStatementIds('IBAN: DE89 3704 0044 0532 0130 00  BIC: COBADEFFXXX')).toEqual({ accountId: 'DE89370400440532013000', bankId: 'COBADEFFXXX' });
  });

  it('ignores text that only looks like an IBAN (bad check digits)', () => {
    expect(readStatementIds('REF GB00 NWBK 6016 1331 9268 19')).toEqual({ accountId: null, bankId: null });
  });

  it('reads masked card numbers and masked account numbers as printed', () => {
    expect(readStatementIds('Card number **** **** **** 7586')).toEqual({ accountId: '**** **** **** 7586', bankId: null });
    expect(readStatementIds('MISS H E OKAFOR Card ending 5014 Statement 6 Jan 2024')).toEqual({ accountId: '5014', bankId: null });
    expect(readStatementIds('Account Name: Foo current ****12345')).toEqual({ accountId: '****12345', bankId: null });
  });

  it('does not read a date as a sort code', () => {
    expect(readStatementIds('Statement date 12-03-24\nTESCO STORES 12.50')).toEqual({ accountId: null, bankId: null });
  });

  it('checks IBANs with mod 97', () => {
    expect(ibanValid('GB29NWBK60161331926819')).toBe(true);
    expect(ibanValid('GB28NWBK60161331926819')).toBe(false);
    expect(ibanValid('GB29NWBK6016133192681')).toBe(false);
  });
});

describe('labelledIdText (export columns)', () => {
  const headers = ['Transaction Date', 'Sort Code', 'Account Number', 'Description'];
  it('labels id columns that hold one value', () => {
    const rows = [
      ['01/01/2024', "'99-88-74", '1515152252', 'A'],
      ['02/01/2024', "'99-88-74", '1515152252', 'B'],
    ];
    const text = labelledIdText(headers, rows, normHeader);
    expect(readStatementIds(text)).toEqual({ accountId: '1515152252', bankId: '99-88-74' });
  });

  it('leaves out columns of several accounts', () => {
    const rows = [
      ['01/01/2024', '11-11-11', '11111111', 'A'],
      ['02/01/2024', '22-22-22', '22222222', 'B'],
    ];
    expect(labelledIdText(headers, rows, normHeader)).toBe('');
  });

  it("reads Barclays' one Account column", () => {
    const text = labelledIdText(['Number', 'Date', 'Account', 'Amount'], [['', '01/01/2024', '20-32-06 13152170', '-1.00']], normHeader);
    expect(readStatementIds(text)).toEqual({ accountId: '13152170', bankId: '20-32-06' });
  });
});
