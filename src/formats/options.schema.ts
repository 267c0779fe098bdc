// Options that tune the file writers, declared once: the convert route merges them into its querystring
// schema (and so the OpenAPI document), WriterOptions is their type, and the CLI's flags are derived from
// them (`date_format` is `--date-format`). A writer option is added here, then read by its writer.
// Each option's description is what the OpenAPI document shows; docs/formats.md has the reasoning.
import { Type, type Static, type TObject } from 'typebox';

export const writerOptionsSchema = {
  date_format: Type.Optional(
    Type.Union([Type.Literal('dmy'), Type.Literal('mdy')], {
      description:
        'quickbooks, xero, qif: date order of the file. `dmy` (DD/MM/YYYY, default; UK, AU, NZ) or `mdy` ' +
        '(MM/DD/YYYY, US companies; for xero this also switches the heading to `Check Number`). Other formats ignore it.',
    }),
  ),
  sage_bank_nominal: Type.Optional(
    Type.String({
      pattern: '^[0-9A-Za-z]{1,8}$',
      description: 'sage: bank nominal code written as Account Reference, default 1200. It must exist in the Sage company.',
    }),
  ),
  sage_nominal: Type.Optional(
    Type.String({
      pattern: '^[0-9A-Za-z]{1,8}$',
      description: 'sage: nominal code for the other side of every row, default 9998 (suspense), to be re-coded in Sage.',
    }),
  ),
  sage_tax_code: Type.Optional(
    Type.String({ pattern: '^T[0-9]{1,2}$', description: 'sage: tax code of every row, default T9 (outside the scope of VAT); tax amount is always 0.00.' }),
  ),
  qbo_bid: Type.Optional(
    Type.String({
      pattern: '^[0-9]{1,10}$',
      description:
        'qbo: Intuit bank id (INTU.BID) of your real bank, also used as FI FID unless ofx_fid is set. Without it the ' +
        'file carries the placeholder 99999: QuickBooks Online is reported to accept it, QuickBooks Desktop rejects it (OL-222).',
    }),
  ),
  ofx_org: Type.Optional(
    Type.String({
      maxLength: 32,
      description:
        'ofx, qbo: FI ORG (the bank name QuickBooks shows). Default: the detected bank id in capitals; ofx writes no FI unless ofx_org or ofx_fid is given.',
    }),
  ),
  statement: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 10000,
      description:
        'File formats: write only statement N (1-based, in the order of the JSON `statements`) of a file that holds several statements (accounts or periods). ' +
        'Without it, the one-account formats (xero, quickbooks, sage, freeagent, ofx, qbo, qif) give a ZIP of one file per statement when the statements belong to several accounts, and of one file per currency when the rows are in several currencies. A number past the last statement is 400 invalid_request.',
    }),
  ),
  ofx_fid: Type.Optional(Type.String({ maxLength: 32, description: 'ofx, qbo: FI FID. Default for qbo: the INTU.BID.' })),
};

/** Writer options taken from the convert query string or CLI flags (all optional; each writer reads its own). */
export type WriterOptions = Static<TObject<typeof writerOptionsSchema>>;

export type WriterOptionKey = keyof typeof writerOptionsSchema;
export const WRITER_OPTION_KEYS = Object.keys(writerOptionsSchema) as WriterOptionKey[];

/** The CLI flag of an option, without the dashes: `date_format` -> `date-format`. */
export const cliFlagOf = (key: WriterOptionKey): string => key.replace(/_/g, '-');
