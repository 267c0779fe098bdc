import { Type } from 'typebox';
import { megabytes } from '../../http/sizes.js';
import { ALL_FORMATS } from '../../formats/index.js';
import { writerOptionsSchema } from '../../formats/options.schema.js';
import { apiKeyHeader, problemRef, securedErrors } from '../schemas.js';
import { WARNING_CODES } from '../../engine/warnings.js';
import { JSON_PART_NAMES, JSON_PARTS } from '../../http/json-parts.js';

export const TransactionSchema = Type.Object(
  {
    Date: Type.String({ description: 'DD/MM/YYYY' }),
    Description: Type.String(),
    Type: Type.Union([Type.Literal('debit'), Type.Literal('credit')]),
    Debit: Type.String({ description: 'Unsigned decimal, or "" when the row is a credit.' }),
    Credit: Type.String({ description: 'Unsigned decimal, or "" when the row is a debit.' }),
    Amount: Type.String({ description: 'Signed decimal: debits start with "-", credits have no sign.' }),
    Balance: Type.String({
      description:
        'Running balance after the row (signed); computed where the statement prints none on this row; "" only when the statement has no balance information.',
    }),
    Reference: Type.String(),
    Currency: Type.String({ description: 'ISO 4217 code.' }),
  },
  { $id: 'Transaction', additionalProperties: false },
);

export const WarningSchema = Type.Object(
  {
    code: Type.Union(
      WARNING_CODES.map((c) => Type.Literal(c)),
      { description: 'A code of the table of warnings in the API description (title, severity and whether it blocks PASS).' },
    ),
    message: Type.String(),
    row: Type.Optional(Type.Integer({ description: '1-based index into transactions.' })),
    page: Type.Optional(Type.Integer({ description: '1-based PDF page, or CSV/text line.' })),
    blocks: Type.Optional(
      Type.Boolean({ description: "Only for codes whose table entry says 'decided per warning': whether this one keeps the result from PASS." }),
    ),
    statement: Type.Optional(Type.Integer({ description: '1-based index into statements, for a warning about one statement of several that names no row.' })),
    equation: Type.Optional(Type.Integer({ description: '1-based index into proof (include=proof) of the equation that does not hold.' })),
  },
  { $id: 'Warning' },
);

/** One equation of the proof (src/engine/proof.ts). */
export const ProofEquationSchema = Type.Object(
  {
    rows: Type.Array(Type.Integer(), { description: '1-based indexes into transactions, summed in this order.' }),
    start: Type.String({ description: 'Plain decimal: the printed figure the equation starts from ("0" for a printed total).' }),
    end: Type.String({ description: 'Plain decimal: the printed figure start plus the rows must give (a total of money out as a negative sum).' }),
    currency: Type.String({ description: 'ISO 4217 code of the figures.' }),
    total: Type.Optional(Type.Union([Type.Literal('in'), Type.Literal('out')], { description: 'A printed total of money in or out.' })),
    start_label: Type.String({ description: 'What the start is on the statement, in words.' }),
    end_label: Type.String({ description: 'What the end is on the statement, in words.' }),
    start_row: Type.Optional(Type.Integer({ description: 'The row whose printed Balance the start is, where it is one.' })),
    end_row: Type.Optional(Type.Integer({ description: 'The row whose printed Balance the end is, where it is one.' })),
    page: Type.Optional(Type.Integer({ description: 'The page the end figure is printed on.' })),
    holds: Type.Boolean({ description: "start + the sum of the rows' Amount equals end exactly. Every equation of a PASS holds." }),
    implied: Type.Optional(
      Type.Boolean({
        description:
          'The start is no printed figure: no opening is printed, so it is the first printed balance less its one row. It covers that row and checks nothing.',
      }),
    ),
  },
  { additionalProperties: false },
);

export const ProvenanceSchema = Type.Union([
  Type.Null(),
  Type.Object({
    page: Type.Integer(),
    lines: Type.Optional(Type.Array(Type.Integer())),
    boxes: Type.Optional(
      Type.Array(Type.Array(Type.Number(), { minItems: 4, maxItems: 4 }), { description: '[x0, y0, x1, y1] in PDF points from the top-left of the page.' }),
    ),
    pageWidth: Type.Optional(Type.Number()),
    pageHeight: Type.Optional(Type.Number()),
    ocr: Type.Optional(
      Type.Object(
        {
          confidence: Type.Number({ description: 'Mean OCR word confidence of the row, 0-100.' }),
          min: Type.Number({ description: 'Lowest OCR word confidence of the row, 0-100.' }),
          low: Type.Array(
            Type.Object({
              text: Type.String(),
              conf: Type.Number(),
              box: Type.Array(Type.Number(), { minItems: 4, maxItems: 4 }),
              cell: Type.Union([Type.Literal('date'), Type.Literal('description'), Type.Literal('amount'), Type.Literal('balance')]),
            }),
            { description: 'Words read below 85% confidence, with their box (units of boxes) and the cell they belong to.' },
          ),
        },
        { description: 'Scans only: how sure OCR was of the row.' },
      ),
    ),
  }),
]);

/** One row a person corrected (src/engine/types.ts Correction). */
export const CorrectionSchema = Type.Object(
  {
    change: Type.Union([Type.Literal('edited'), Type.Literal('added'), Type.Literal('deleted')]),
    row: Type.Union([Type.Integer(), Type.Null()], { description: '1-based row in the corrected transactions; null for a deleted row.' }),
    printed_row: Type.Union([Type.Integer(), Type.Null()], { description: '1-based row as the statement was read; null for an added row.' }),
    printed: Type.Union([Type.Ref('Transaction'), Type.Null()], { description: 'The row as read; null for an added row.' }),
    corrected: Type.Union([Type.Ref('Transaction'), Type.Null()], { description: 'The row as corrected; null for a deleted row.' }),
    at: Type.String({ format: 'date-time', description: 'When the correction was saved.' }),
  },
  { additionalProperties: false },
);

const NullableString = (description: string) => Type.Union([Type.String(), Type.Null()], { description });

/** One statement inside the file (one account over one period), reconciled on its own. */
export const StatementSchema = Type.Object(
  {
    account: Type.Object({
      name: NullableString('Account or holder name as the file states it.'),
      sort_code: NullableString('UK sort code NN-NN-NN (from a GB IBAN or a 6-digit bank id of a GBP account).'),
      number_last4: NullableString('Last four characters of the account number or IBAN; the full number is never returned.'),
      iban_masked: NullableString('IBAN with all but the first four and the last four characters replaced by "*".'),
      currency: Type.String({ description: 'ISO 4217 code.' }),
      kind: NullableString('current, savings, card, loan or other; null when the file does not say.'),
    }),
    period: Type.Object({ from: NullableString('YYYY-MM-DD'), to: NullableString('YYYY-MM-DD') }),
    opening_balance: NullableString('Signed plain decimal as the file states it, or null.'),
    closing_balance: NullableString('Signed plain decimal as the file states it, or null (for OFX: the LEDGERBAL, which checks nothing on its own).'),
    reconcile_status: Type.Union([Type.Literal('PASS'), Type.Literal('RECONCILE_WARN'), Type.Literal('NO_BAL')]),
    reconcile_diff: Type.Number(),
    first_row: Type.Integer({ description: "1-based index into transactions of the statement's first row; its rows follow each other." }),
    row_count: Type.Integer(),
  },
  { additionalProperties: false },
);

const ContinuityLinkProps = {
  conversion_id: Type.String({ description: 'The earlier conversion (GET /api/v1/conversions).' }),
  period: Type.Object({ from: Type.String({ description: 'YYYY-MM-DD' }), to: Type.String({ description: 'YYYY-MM-DD' }) }),
  closing_balance: NullableString('Closing balance that statement stated.'),
};

/** Continuity across uploads for one statement (issue 18): metadata of earlier statements of the same account, never their rows. */
export const ContinuitySchema = Type.Object(
  {
    statement: Type.Integer({ description: '1-based index into statements (1 when the file holds one statement).' }),
    status: Type.Union([Type.Literal('first'), Type.Literal('continues'), Type.Literal('gap'), Type.Literal('overlap')], {
      description:
        'first: no earlier statement of this account; continues: opens where the one before closed, with no day missing; gap: days missing or the opening differs from the previous closing; overlap: the periods overlap.',
    }),
    previous: Type.Union([Type.Object(ContinuityLinkProps), Type.Null()], {
      description: 'The latest earlier statement of the account that ends before this one starts.',
    }),
    missing: Type.Union([Type.Object({ from: Type.String(), to: Type.String() }), Type.Null()], {
      description: 'Days no statement covers between the previous statement and this one.',
    }),
    opening_difference: NullableString('This opening balance less the previous closing balance, when they differ.'),
    overlaps: Type.Array(
      Type.Object({
        ...ContinuityLinkProps,
        rows: Type.Union([Type.Object({ first: Type.Integer(), last: Type.Integer(), count: Type.Integer() }), Type.Null()], {
          description: 'Rows of this file dated inside the overlap (likely duplicates).',
        }),
      }),
    ),
  },
  { additionalProperties: false },
);

export const ConversionResultSchema = Type.Object(
  {
    bank: Type.String({ description: 'Bank profile the statement was read with (see GET /api/v1/banks), or "generic".' }),
    reconcile_status: Type.Union([Type.Literal('PASS'), Type.Literal('RECONCILE_WARN'), Type.Literal('NO_BAL')]),
    reconcile_diff: Type.Number(),
    transaction_count: Type.Integer(),
    warnings: Type.Array(Type.Ref('Warning')),
    transactions: Type.Array(Type.Ref('Transaction')),
    statements: Type.Optional(
      Type.Array(StatementSchema, {
        description:
          'The statements inside the file (accounts and periods), each reconciled on its own; the top-level verdict is the worst of them (PASS < NO_BAL < RECONCILE_WARN). Present for structured inputs (MT940, camt, OFX, QIF), and for PDFs, text and CSV files that hold more than one statement (pages whose heading names another account or period; an export with several accounts in its account column, or joined exports with their header repeated).',
      }),
    ),
    continuity: Type.Optional(
      Type.Array(ContinuitySchema, {
        description:
          'Continuity across uploads, one entry per statement that names its account (see continuity_gap and statement_overlap). Absent when no statement names its account.',
      }),
    ),
    integrity: Type.Optional(
      Type.Object(
        {
          level: Type.Union([Type.Literal('none'), Type.Literal('low'), Type.Literal('high')], {
            description:
              'none: no signal; high: a strong signal (editor_producer, text_over_text) or three kinds together; low: anything else. Signals, not accusations: see docs/integrity-signals.md for their innocent causes.',
          }),
          signals: Type.Array(
            Type.Object({
              code: Type.String({
                description: 'incremental_update, editor_producer, modified_after_creation, text_over_text, figure_style, arithmetic_break.',
              }),
              message: Type.String(),
              page: Type.Optional(Type.Integer()),
            }),
          ),
        },
        { description: 'Only with include=integrity: facts an edit after the bank made the file tends to leave (PDF only; other inputs give level none).' },
      ),
    ),
    proof: Type.Optional(
      Type.Array(ProofEquationSchema, {
        description:
          'Only with include=proof: every equation between printed figures the balance chain checked. For a PASS they all hold and every row is in one, so a PASS can be checked from the file alone.',
      }),
    ),
    ids: Type.Optional(
      Type.Array(Type.String(), {
        description:
          'Only with include=ids: the stable id of every row, parallel to transactions, equal to the FITIDs of the OFX/QBO files. ' +
          '24 hex characters of sha256(salted hash of the account identifiers, date, amount, normalised description, occurrence among identical rows of the statement), ' +
          'so the same transaction gets the same id from any statement of the same account (ids an OFX download gave its rows are kept).',
      }),
    ),
    provenance: Type.Optional(
      Type.Array(ProvenanceSchema, { description: 'Only with include=provenance: where each row was printed, parallel to transactions.' }),
    ),
    payees: Type.Optional(
      Type.Array(Type.String(), {
        description:
          'Only with include=payees: the payee of every row, parallel to transactions (the nine transaction fields stay as they are). ' +
          'The counterparty as a bookkeeper would write it, taken from the description: payment-type codes, card numbers, dates, times, ' +
          'terminal and reference numbers, towns and country codes removed, capitals written as Title case ("VIS TESCO STORES 2341 LONDON" -> "Tesco Stores"). ' +
          'Only words of the description are used, never invented; your payee rules (POST /api/v1/payees/rules) are applied first. ' +
          "The same payees fill Xero's Payee column, OFX/QBO NAME, QIF P and the xlsx Payee column.",
      }),
    ),
    classifications: Type.Optional(Type.Array(Type.Any(), { description: 'Beta, only with classify=true: parallel to transactions.' })),
    corrections: Type.Optional(
      Type.Array(CorrectionSchema, {
        description:
          'Only on a kept result a person corrected on the web converter (GET /api/v1/conversions/{id}/result): every row edited, added or deleted, as printed and as corrected, and when. The verdict, warnings and proof are those of the corrected rows (a `rows_corrected` note says so).',
      }),
    ),
  },
  { $id: 'ConversionResult' },
);

export const convertQuerySchema = Type.Object({
  format: Type.Optional(
    Type.Union(
      ALL_FORMATS.map((f) => Type.Literal(f)),
      { default: 'json', description: 'Output format. An unknown value is answered with 400 invalid_request listing the formats.' },
    ),
  ),
  include: Type.Optional(
    Type.String({
      pattern: `^(${JSON_PART_NAMES.join('|')})(,(${JSON_PART_NAMES.join('|')}))*$`,
      description: `json only, comma-separated: ${JSON_PART_NAMES.map((p) => `\`${p}\` ${JSON_PARTS[p]}`).join('; ')}.`,
    }),
  ),
  classify: Type.Optional(Type.Boolean({ description: 'Beta, json only: add a classifications array parallel to transactions.' })),
  ...writerOptionsSchema,
});

/** The answers of a result endpoint: the JSON result or a file in the requested format. */
export const convertResponses = {
  200: {
    description: 'The conversion result (format=json) or the file (other formats).',
    content: {
      'application/json': { schema: Type.Ref('ConversionResult') },
      'text/csv': { schema: Type.String({ format: 'binary' }) },
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: Type.String({ format: 'binary' }) },
      'application/x-ofx': { schema: Type.String({ format: 'binary' }) },
      'application/vnd.intu.qbo': { schema: Type.String({ format: 'binary' }) },
      'application/qif': { schema: Type.String({ format: 'binary' }) },
      'application/zip': { schema: Type.String({ format: 'binary' }) },
    },
  },
  400: problemRef,
  422: problemRef,
  503: problemRef,
  ...securedErrors,
};

/** maxUploadBytes: the upload limit (config.maxUploadBytes). */
export const convertRouteSchema = (maxUploadBytes: number) => ({
  summary: 'Convert a statement',
  description:
    'Upload one statement (PDF, CSV, fixed-width text, XLSX, a PNG/JPEG/TIFF scan, or a structured file: MT940/MT942, camt.052/053/054, OFX/QFX/QBO, QIF; at most ' +
    megabytes(maxUploadBytes) +
    " MB) as multipart/form-data with a `file` part and an optional `bank` part (default `auto`; accepted values: GET /api/v1/banks), an optional `currency` part (an ISO 4217 code: the account's currency where the statement prints none, in place of one inferred or assumed; a currency the statement prints wins) and, for encrypted PDFs, a `password` part. " +
    'Returns the conversion result as JSON, or a file in the requested `format`; file responses carry X-Reconcile-Status, X-Reconcile-Diff, X-Transaction-Count, X-Bank and X-Warning-Count. ' +
    'Always check reconcile_status and warnings.',
  tags: ['convert'],
  headers: apiKeyHeader,
  querystring: convertQuerySchema,
  response: convertResponses,
});
