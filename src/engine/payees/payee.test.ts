// The payee reader's rules, one behaviour each (the labelled set measures the whole).
import { describe, expect, it } from 'vitest';
import { drawnFrom } from '../../../test/data/payees-labelled.load.js';
import { loadLabelled } from '../../../test/data/classify-labelled.load.js';
import { payeesOf, readPayee } from './index.js';

const cases: [string, string, string][] = [
  ['the issue example: codes, store number and town go', 'TESCO STORES 2341 LONDON', 'Tesco Stores'],
  ['a direct debit code and an & are kept apart from the name', 'DD BRITISH GAS & ELECTRIC <SERVICES>', 'British Gas'],
  [
    'a German credit: the name after the reference and its figures',
    'Gutschr. SEPA Referenz T15056263 MIETE 03 2025 HAUSVERWALTUNG MUELLER',
    'Hausverwaltung Mueller',
  ],
  ['NatWest card lines: card number and date before, town and country after', '4568 13JAN25 , PRET A MANGER , LONDON GB', 'Pret a Manger'],
  ['HSBC contactless', ')))  COSTA COFFEE 43012   LEEDS', 'Costa Coffee'],
  ['Santander card payments end at the comma', 'CARD PAYMENT TO HOTEL CHOCOLAT,12.00 EUR, RATE 0.85/GBP ON 02-03-2025', 'Hotel Chocolat'],
  ['a payment intermediary gives way to the merchant', 'PAYPAL *NETFLIX.COM 35314369001', 'Netflix'],
  ['an intermediary alone is the payee', 'PAYPAL PAYMENT', 'PayPal'],
  ['a code that starts a known name is the name', 'BP CONNECT EASTGATE', 'BP Connect'],
  ['a reference after the name ends it', 'FASTER PAYMENT TO ACME SUPPLIES LTD REF INV 2231', 'Acme Supplies Ltd'],
  ['the name after FROM when the reference comes first', 'FASTER PAYMENTS RECEIPT REF.INV-1045 FROM HARBOUR VIEW DENTAL', 'Harbour View Dental'],
  ['honorifics go, initials stay', 'STANDING ORDER TO MR J SMITH REF RENT', 'J Smith'],
  ['sort code and account number end a name', 'MR D PATEL 40-12-34 12345678 KITCHEN', 'D Patel'],
  ['trailing bank codes go', 'BRITISH GAS               DDR', 'British Gas'],
  ['a bank fee line is named by its words', 'CHARGES FOR PERIOD 01MAR-31MAR', 'Charges'],
  ['cash withdrawals are cash', 'CASH WITHDRAWAL AT LLOYDS BANK HIGH STREET LEEDS ON 12 MAR', 'Cash'],
  ['a transfer with only numbers keeps its code', 'TFR 40-12-34 12345678', 'TFR'],
  ['brands keep their casing', 'WWW.EASYJET.COM LUTON', 'easyJet'],
  ['acronyms stay capitals, small words go lower case', 'PETS AT HOME 0234', 'Pets at Home'],
  ['mixed-case text is kept as printed', 'To Acme Cleaning Co', 'Acme Cleaning Co'],
  ['a dictionary name a person writes shorter', 'DD HMRC NDDS', 'HMRC'],
  ['a brand followed by BANK is the bank', 'DD TESCO BANK', 'Tesco Bank'],
  ['a trailing town is dropped but never down to an abbreviation', 'DD LB CAMDEN NNDR', 'LB Camden'],
  ['".com" goes unless it is the brand', 'BOOKING.COM AMSTERDAM NLD', 'Booking.com'],
  ['foreign amounts and rates are not names', 'CARREFOUR MARKET PARIS FRA EUR 23.40 @ 0.8512', 'Carrefour Market'],
  ['a NatWest type code goes: the name after it', 'OnLine Transaction M OKAFOR BILLS VIA MOBILE - PYMT FP 22/03/24 43', 'M Okafor'],
  ['a transfer to an account is named by the words after its number', 'OnLine Transaction TO A/C 87034940 HOLIDAY FUND', 'Holiday Fund'],
  ['a payment type printed after the name ends it, and so does its full stop', 'Leeds Council Direct Debit. Reference: 76195983X', 'Leeds Council'],
  ['a name ends without the line full stop', 'Nomina recibida G PLCE SL.', 'Nomina recibida G PLCE SL'],
  ['initials with full stops stay capitals', 'DD NATIONWIDE B.S. 3143540575', 'Nationwide B.S.'],
  ['a connector does not end a name', 'CASHBACK ON BILLS 1% 2% 3%', 'Cashback'],
  [
    'a German invoice reference first: the name after its figures',
    'SEPA Überw. Einzel Rechnung Nr. DA1000001 VERLAGSHAUS SCRIBERE GMBH',
    'Verlagshaus Scribere GmbH',
  ],
];

describe('readPayee', () => {
  for (const [what, description, payee] of cases) {
    it(`${what}: ${description}`, () => {
      expect(readPayee(description)).toBe(payee);
      expect(drawnFrom(payee, description)).toBe(true);
    });
  }

  it('answers "" for text without a readable word, never throws', () => {
    expect(readPayee('')).toBe('');
    expect(readPayee('   ')).toBe('');
    expect(readPayee('****')).toBe('');
    expect(readPayee('12345678')).toBe('12345678');
    expect(readPayee('\u0000\u0007')).toBe('');
  });

  it('keeps a payee to 100 characters', () => {
    expect(readPayee(`FPI ${'VERYLONGNAME '.repeat(40)}`).length).toBeLessThanOrEqual(100);
  });
});

describe('payeesOf', () => {
  const rows = [{ Description: 'DD BRITISH GAS' }, { Description: 'VIS TESCO STORES 2341' }, { Description: 'DD BRITISH GAS' }];

  it('is parallel to the transactions', () => {
    expect(payeesOf(rows)).toEqual(['British Gas', 'Tesco Stores', 'British Gas']);
    expect(payeesOf([])).toEqual([]);
  });

  it('applies the account rules first, oldest first, substring or regex, case-insensitively', () => {
    const rules = [
      { id: 'r1', pattern: 'british gas', payee: 'British Gas Trading Ltd' },
      { id: 'r2', pattern: '/TESCO\\s+STORES/', payee: 'Tesco' },
      { id: 'r3', pattern: 'GAS', payee: 'never: r1 matched first' },
    ];
    expect(payeesOf(rows, rules)).toEqual(['British Gas Trading Ltd', 'Tesco', 'British Gas Trading Ltd']);
  });

  it('skips rules with a bad pattern or name rather than failing', () => {
    const rules = [
      { id: 'bad1', pattern: '/(unclosed/', payee: 'Broken' },
      { id: 'bad2', pattern: 'GAS', payee: ' ' },
      { id: 'bad3', pattern: '', payee: 'Empty' },
    ];
    expect(payeesOf(rows, rules)[0]).toBe('British Gas');
  });

  it('reads every line of the classifier set without inventing text', () => {
    const lines = loadLabelled().map((r) => r.description);
    const got = payeesOf(lines.map((Description) => ({ Description })));
    lines.forEach((d, i) => {
      expect(drawnFrom(got[i], d), `${got[i]} <= ${d}`).toBe(true);
      expect(got[i], d).not.toBe('');
    });
  });
});
