// The body of POST /app/render: the result the converter page already holds, sent back to be written
// as a file. Validated field by field, because it comes from the browser and goes into a writer.
import { Type, type Static } from 'typebox';
import { WARNING_CODES } from '../engine/warnings.js';
import { FILE_FORMATS } from '../formats/index.js';
import { writerOptionsSchema } from '../formats/options.schema.js';

const DECIMAL = '^-?[0-9]{1,15}(\\.[0-9]{1,6})?$';
const UNSIGNED_OR_EMPTY = '^([0-9]{1,15}(\\.[0-9]{1,6})?)?$';
const SIGNED_OR_EMPTY = '^(-?[0-9]{1,15}(\\.[0-9]{1,6})?)?$';
const ISO_DATE_OR_NULL = Type.Union([Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' }), Type.Null()]);
const DECIMAL_OR_NULL = Type.Union([Type.String({ pattern: DECIMAL }), Type.Null()]);
const TEXT_OR_NULL = Type.Union([Type.String({ maxLength: 64 }), Type.Null()]);

export const RenderTransaction = Type.Object(
  {
    Date: Type.String({ pattern: '^[0-9]{2}/[0-9]{2}/[0-9]{4}$' }),
    Description: Type.String({ maxLength: 2000 }),
    Type: Type.Union([Type.Literal('debit'), Type.Literal('credit')]),
    Debit: Type.String({ pattern: UNSIGNED_OR_EMPTY }),
    Credit: Type.String({ pattern: UNSIGNED_OR_EMPTY }),
    Amount: Type.String({ pattern: DECIMAL }),
    Balance: Type.String({ pattern: SIGNED_OR_EMPTY }),
    Reference: Type.String({ maxLength: 500 }),
    Currency: Type.String({ pattern: '^[A-Z]{3}$' }),
  },
  { additionalProperties: false },
);

export const RenderMeta = Type.Object(
  {
    inputKind: Type.Union(['pdf', 'csv', 'xlsx', 'text', 'image', 'mt940', 'camt', 'ofx', 'qif'].map((k) => Type.Literal(k))),
    pageCount: Type.Union([Type.Integer({ minimum: 0, maximum: 100000 }), Type.Null()]),
    currency: Type.String({ pattern: '^[A-Z]{3}$' }),
    currencyExponent: Type.Integer({ minimum: 0, maximum: 4 }),
    openingBalance: DECIMAL_OR_NULL,
    closingBalance: DECIMAL_OR_NULL,
    periodStart: ISO_DATE_OR_NULL,
    periodEnd: ISO_DATE_OR_NULL,
    accountId: TEXT_OR_NULL,
    bankId: TEXT_OR_NULL,
    accountType: Type.Union([Type.Literal('bank'), Type.Literal('card')]),
  },
  { additionalProperties: false },
);

/** The most rows a body from the page may hold. */
export const ROWS = 100000;

/** One equation of the result's proof (src/engine/proof.ts), renumbered by the page for the rows it sends. */
export const RenderEquation = Type.Object(
  {
    rows: Type.Array(Type.Integer({ minimum: 1, maximum: ROWS }), { maxItems: ROWS }),
    start: Type.String({ pattern: DECIMAL }),
    end: Type.String({ pattern: DECIMAL }),
    currency: Type.String({ pattern: '^[A-Z]{3}$' }),
    total: Type.Optional(Type.Union([Type.Literal('in'), Type.Literal('out')])),
    start_label: Type.String({ maxLength: 100 }),
    end_label: Type.String({ maxLength: 100 }),
    start_row: Type.Optional(Type.Integer({ minimum: 1, maximum: ROWS })),
    end_row: Type.Optional(Type.Integer({ minimum: 1, maximum: ROWS })),
    page: Type.Optional(Type.Integer()),
    holds: Type.Boolean(),
    implied: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** A row a person corrected on the page (the audit trail audit.js builds), carried into the file. */
export const RenderCorrection = Type.Object(
  {
    change: Type.Union([Type.Literal('edited'), Type.Literal('added'), Type.Literal('deleted')]),
    row: Type.Union([Type.Integer({ minimum: 1, maximum: ROWS }), Type.Null()]),
    printed_row: Type.Union([Type.Integer({ minimum: 1, maximum: ROWS }), Type.Null()]),
    printed: Type.Union([RenderTransaction, Type.Null()]),
    corrected: Type.Union([RenderTransaction, Type.Null()]),
    at: Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]{5,12}Z$' }),
  },
  { additionalProperties: false },
);

export const RenderBody = Type.Object(
  {
    filename: Type.String({ maxLength: 255 }),
    result: Type.Object({
      // A profile id: it goes into the X-Bank header, where CR/LF or non-ASCII answered a raw 500.
      bank: Type.String({ pattern: '^[a-z0-9][a-z0-9_-]{0,39}$' }),
      reconcile_status: Type.Union([Type.Literal('PASS'), Type.Literal('RECONCILE_WARN'), Type.Literal('NO_BAL')]),
      reconcile_diff: Type.Number(),
      transactions: Type.Array(RenderTransaction, { minItems: 0, maxItems: ROWS }),
      // (A body without a proof proves nothing: its verdict is NO_BAL at best.)
      proof: Type.Optional(Type.Array(RenderEquation, { maxItems: 2 * ROWS })),
      warnings: Type.Array(
        Type.Object({
          // Only codes of the one table (src/engine/warnings.ts).
          code: Type.Union(WARNING_CODES.map((c) => Type.Literal(c))),
          message: Type.String({ maxLength: 2000 }),
          row: Type.Optional(Type.Integer()),
          page: Type.Optional(Type.Integer()),
          blocks: Type.Optional(Type.Boolean()),
          statement: Type.Optional(Type.Integer()),
          equation: Type.Optional(Type.Integer()),
        }),
        { maxItems: 10000 },
      ),
      meta: RenderMeta,
      corrections: Type.Optional(Type.Array(RenderCorrection, { maxItems: 2 * ROWS })),
    }),
  },
  { additionalProperties: false },
);

// The writer options the page offers (date order, Sage codes, QBO bank id...), as the API takes them.
const { statement: _one, ...fileOptions } = writerOptionsSchema;
export const RenderQuery = Type.Object({ format: Type.Union(FILE_FORMATS.map((f) => Type.Literal(f))), ...fileOptions }, { additionalProperties: false });

export type RenderBodyT = Static<typeof RenderBody>;
