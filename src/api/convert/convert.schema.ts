import { Type } from 'typebox';
import { ALL_FORMATS } from '../../formats/types.js';
import { writerOptionsSchema } from '../../formats/options.schema.js';
import { apiKeyHeader, problemRef, securedErrors } from '../schemas.js';

export const TransactionSchema = Type.Object(
  {
    Date: Type.String({ description: 'DD/MM/YYYY' }),
    Description: Type.String(),
    Type: Type.Union([Type.Literal('debit'), Type.Literal('credit')]),
    Debit: Type.String({ description: 'Unsigned decimal, or "" when the row is a credit.' }),
    Credit: Type.String({ description: 'Unsigned decimal, or "" when the row is a debit.' }),
    Amount: Type.String({ description: 'Signed decimal: debits start with "-", credits have no sign.' }),
    Balance: Type.String({ description: 'Running balance after the row (signed); computed where the statement prints none on this row; "" only when the statement has no balance information.' }),
    Reference: Type.String(),
    Currency: Type.String({ description: 'ISO 4217 code.' }),
  },
  { $id: 'Transaction', additionalProperties: false },
);

export const WarningSchema = Type.Object(
  {
    code: Type.String({ description: 'balance_mismatch, totals_mismatch, rows_unverified, rows_skipped, year_inferred, date_order_ambiguous, currency_assumed, duplicate_rows_suspected, multiple_accounts, ocr_used, ocr_repaired, ocr_ambiguous (see the API description).' }),
    message: Type.String(),
    row: Type.Optional(Type.Integer({ description: '1-based index into transactions.' })),
    page: Type.Optional(Type.Integer({ description: '1-based PDF page, or CSV/text line.' })),
  },
  { $id: 'Warning' },
);

export const ProvenanceSchema = Type.Union([
  Type.Null(),
  Type.Object({
    page: Type.Integer(),
    lines: Type.Optional(Type.Array(Type.Integer())),
    boxes: Type.Optional(Type.Array(Type.Array(Type.Number(), { minItems: 4, maxItems: 4 }), { description: '[x0, y0, x1, y1] in PDF points from the top-left of the page.' })),
    pageWidth: Type.Optional(Type.Number()),
    pageHeight: Type.Optional(Type.Number()),
  }),
]);

export const ConversionResultSchema = Type.Object(
  {
    bank: Type.String({ description: 'Bank profile the statement was read with (see GET /api/v1/banks), or "generic".' }),
    reconcile_status: Type.Union([Type.Literal('PASS'), Type.Literal('RECONCILE_WARN'), Type.Literal('NO_BAL')]),
    reconcile_diff: Type.Number(),
    transaction_count: Type.Integer(),
    warnings: Type.Array(Type.Ref('Warning')),
    transactions: Type.Array(Type.Ref('Transaction')),
    provenance: Type.Optional(Type.Array(ProvenanceSchema, { description: 'Only with include=provenance: where each row was printed, parallel to transactions.' })),
    classifications: Type.Optional(Type.Array(Type.Any(), { description: 'Beta, only with classify=true: parallel to transactions.' })),
  },
  { $id: 'ConversionResult' },
);

export const convertQuerySchema = Type.Object({
  format: Type.Optional(Type.Union(ALL_FORMATS.map((f) => Type.Literal(f)), { default: 'json', description: 'Output format.' })),
  include: Type.Optional(Type.Literal('provenance', { description: 'json only: add a provenance array parallel to transactions.' })),
  classify: Type.Optional(Type.Boolean({ description: 'Beta, json only: add a classifications array parallel to transactions.' })),
  ...writerOptionsSchema,
});

export const convertRouteSchema = {
  summary: 'Convert a statement',
  description:
    'Upload one statement (PDF, CSV, fixed-width text, XLSX, or a PNG/JPEG/TIFF scan; at most 50 MB) as multipart/form-data with a `file` part and an optional `bank` part (default `auto`; accepted values: GET /api/v1/banks) and, for encrypted PDFs, a `password` part. ' +
    'Returns the conversion result as JSON, or a file in the requested `format`; file responses carry X-Reconcile-Status, X-Reconcile-Diff, X-Transaction-Count, X-Bank and X-Warning-Count. ' +
    'Always check reconcile_status and warnings.',
  tags: ['convert'],
  headers: apiKeyHeader,
  querystring: convertQuerySchema,
  response: {
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
  },
};
