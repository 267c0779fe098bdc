// The body of POST /app/render: the result the converter page already holds, sent back to be written
// as a file. Validated field by field, because it comes from the browser and goes into a writer.
import { Type, type Static } from 'typebox';
import { FILE_FORMATS } from '../formats/index.js';

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

export const RenderBody = Type.Object(
  {
    filename: Type.String({ maxLength: 255 }),
    result: Type.Object({
      // A profile id: it goes into the X-Bank header, where CR/LF or non-ASCII answered a raw 500.
      bank: Type.String({ pattern: '^[a-z0-9][a-z0-9_-]{0,39}$' }),
      reconcile_status: Type.Union([Type.Literal('PASS'), Type.Literal('RECONCILE_WARN'), Type.Literal('NO_BAL')]),
      reconcile_diff: Type.Number(),
      transactions: Type.Array(RenderTransaction, { minItems: 0, maxItems: 100000 }),
      warnings: Type.Array(
        Type.Object({
          code: Type.String({ maxLength: 60 }),
          message: Type.String({ maxLength: 2000 }),
          row: Type.Optional(Type.Integer()),
          page: Type.Optional(Type.Integer()),
        }),
        { maxItems: 10000 },
      ),
      meta: RenderMeta,
    }),
  },
  { additionalProperties: false },
);

export const RenderQuery = Type.Object({ format: Type.Union(FILE_FORMATS.map((f) => Type.Literal(f))) }, { additionalProperties: false });

export type RenderBodyT = Static<typeof RenderBody>;
