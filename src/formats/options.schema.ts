// Query-string options of POST /api/v1/convert that tune the file writers. The convert route merges
// these into its querystring schema, so a writer option is added here and nowhere else.
import { Type } from 'typebox';

export const writerOptionsSchema = {
  date_format: Type.Optional(Type.Union([Type.Literal('dmy'), Type.Literal('mdy')], {
    description: 'quickbooks, xero, qif: date order of the file. `dmy` (DD/MM/YYYY, default) or `mdy` (MM/DD/YYYY, US companies).',
  })),
  sage_bank_nominal: Type.Optional(Type.String({ pattern: '^[0-9A-Za-z]{1,8}$', description: 'sage: bank nominal code (Account Reference), default 1200.' })),
  sage_nominal: Type.Optional(Type.String({ pattern: '^[0-9A-Za-z]{1,8}$', description: 'sage: nominal code for the other side, default 9998 (suspense).' })),
  sage_tax_code: Type.Optional(Type.String({ pattern: '^T[0-9]{1,2}$', description: 'sage: tax code, default T9 (outside the scope of VAT).' })),
  qbo_bid: Type.Optional(Type.String({ pattern: '^[0-9]{1,10}$', description: 'qbo: Intuit bank id (INTU.BID) of your real bank.' })),
  ofx_org: Type.Optional(Type.String({ maxLength: 32, description: 'ofx, qbo: FI ORG.' })),
  ofx_fid: Type.Optional(Type.String({ maxLength: 32, description: 'ofx, qbo: FI FID.' })),
};
