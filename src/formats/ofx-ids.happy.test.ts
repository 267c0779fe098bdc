// OFX and QBO name the account by what the statement prints: a generated statement printing
// "Sort code 12-34-56   Account 12345678" gives BANKID 123456 and ACCTID XXXX5678, not placeholders.
import { describe, expect, it } from 'vitest';
import { convert } from '../engine/convert.js';
import { generateStatementPdf } from '../../test/fixtures/pdf/generate.js';
import { bytesOf } from '../../test/formats/helpers.js';
import { ctxOf } from '../../test/formats/fixture.js';

describe('OFX/QBO ids from the printed account number and sort code', () => {
  it.each(['ofx', 'qbo'] as const)('%s: BANKID is the sort code, ACCTID the account number (last four shown)', async (format) => {
    const { bytes } = await generateStatementPdf({ layout: 'split', rows: 12 });
    const result = await convert(bytes, { filename: 'statement.pdf' });
    expect(result.meta).toMatchObject({ accountId: '12345678', bankId: '12-34-56' });
    const text = (await bytesOf(format, ctxOf(result))).toString('utf8');
    expect(text).toMatch(/<ACCTID>XXXX5678(<\/ACCTID>|\r?\n)/);
    if (format === 'ofx') expect(text).toMatch(/<BANKID>123456(<\/BANKID>|\r?\n)/);
    expect(text).not.toMatch(/<ACCTID>LL/);
  });
});
