// A bank with a profile is recognised from its statements' letterhead and small print: the profile
// mentioned most outside the rows wins, a parent company named in the small print does not count,
// and a table that runs to the foot of its pages does not hide the small print.
import { describe, expect, it } from 'vitest';
import { convert } from '../convert.js';
import { BANK_LAYOUTS } from '../../../test/fixtures/pdf/bank-layouts.js';
import { renderStatement } from '../../../test/fixtures/pdf/render-statement.js';
import { recogniseBank } from './pdf-hints.js';

describe('recogniseBank: the most mentioned profile, parents left out', () => {
  it('names a brand, not the parent its small print names', () => {
    expect(recogniseBank('first direct\nfirst direct is a division of HSBC UK Bank plc. Registered office')).toBe('first-direct');
    expect(recogniseBank('Barclaycard statement\nBarclaycard is a trading name of Barclays Bank UK PLC')).toBe('barclaycard');
    expect(recogniseBank('HALIFAX\nHalifax is a division of Bank of Scotland plc.')).toBe('halifax');
  });

  it("names the bank a parent's group name does not", () => {
    expect(recogniseBank('Royal Bank of Scotland\nThe Royal Bank of Scotland plc, part of NatWest Group')).toBe('rbs');
    expect(recogniseBank('NatWest\nNational Westminster Bank Plc. Registered in England')).toBe('natwest');
  });

  it('weighs every mention: the letterhead on every page outweighs one notice naming another bank', () => {
    const page = 'LLOYDS BANK\nYour Transactions\nLloyds Bank plc. Registered Office';
    expect(recogniseBank(`${page}\nPay your Barclaycard from this account\f${page}`)).toBe('lloyds');
    // Between equals, the one named first (the letterhead) wins.
    expect(recogniseBank('monzo\nTransfers to Starling Bank arrive within two hours')).toBe('monzo');
  });

  it('names no bank without a mention: "Lloyds Banking Group" and a plain page are generic', () => {
    expect(recogniseBank('Lloyds Banking Group')).toBeNull();
    expect(recogniseBank('nothing here')).toBeNull();
  });
});

describe('a statement names its bank in the small print at the foot of every page', () => {
  // The generator's styles print fictional names; here the same layouts carry a bank's letterhead and
  // legal line, which the table (running to the foot of the page) takes in as its own lines.
  // A title without a bank's name stands for a letterhead printed as an image: the legal line alone names it.
  const cases = [
    ['lloydsLike', 'Your Account', 'Lloyds Bank plc. Registered Office: 25 Gresham Street, London EC2V 7HN.', 'lloyds'],
    ['monzoLike', 'Personal Account statement', 'Monzo Bank Limited is a company registered in England.', 'monzo'],
    ['natwestLike', 'NatWest', 'National Westminster Bank Plc. Registered in England and Wales.', 'natwest'],
    ['hsbcLike', 'first direct', 'first direct is a division of HSBC UK Bank plc. Registered in England and Wales.', 'first-direct'],
    ['hsbcLike', 'Your statement', 'HSBC UK Bank plc. Registered in England and Wales.', 'hsbc-uk'],
  ] as const;
  for (const [layout, title, footer, bank] of cases) {
    it(`${title} (${layout}) is ${bank}`, async () => {
      const { bytes } = await renderStatement({ ...BANK_LAYOUTS[layout], title, footer }, { rows: 30, as: 'pdf' });
      const r = await convert(bytes, { filename: 's.pdf' });
      expect(r.bank).toBe(bank);
      expect(r.reconcile_status).toBe('PASS');
    });
  }

  it("the generator's fictional banks stay generic", async () => {
    const { bytes } = await renderStatement(BANK_LAYOUTS.lloydsLike, { rows: 30, as: 'pdf' });
    expect((await convert(bytes, { filename: 's.pdf' })).bank).toBe('generic');
  });
});
