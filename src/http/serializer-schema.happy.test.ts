// Response schemas said for the serializer: the same bytes as the schemas as declared, with no
// validator left for fast-json-stringify to compile on an answer (see serializer-schema.ts).
import fastJson, { type Schema } from 'fast-json-stringify';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { ConversionResultSchema, TransactionSchema, WarningSchema } from '../api/convert/convert.schema.js';
import { JobFileSchema, JobSchema, JobSummarySchema } from '../api/jobs/jobs.schema.js';
import { ClassifyRuleSchema } from '../api/classify/classify.schema.js';
import { UsageSchema } from '../api/usage/usage.schema.js';
import { DeliverySchema, WebhookSchema } from '../api/webhooks/webhooks.schema.js';
import { ConversionRecordSchema } from './conversion.presenter.js';
import { forSerializer } from './serializer-schema.js';

const SHARED = { Transaction: TransactionSchema, Warning: WarningSchema, ConversionResult: ConversionResultSchema, JobFile: JobFileSchema };
const build = (schema: unknown, shared: Record<string, unknown> = SHARED) => fastJson(schema as Schema, { schema: shared as Record<string, Schema> });
/** The standalone code a schema compiles to: a validator call there is an Ajv compile on some answer. */
const code = (schema: unknown, shared: Record<string, unknown>) =>
  fastJson(schema as Schema, { schema: shared as Record<string, Schema>, mode: 'standalone' }) as unknown as string;

const unions = (s: unknown, path = ''): string[] => {
  if (Array.isArray(s)) return s.flatMap((x, i) => unions(x, `${path}/${i}`));
  if (typeof s !== 'object' || s === null) return [];
  const here = 'anyOf' in s || 'oneOf' in s || 'if' in s ? [path] : [];
  return [...here, ...Object.entries(s).flatMap(([k, v]) => unions(v, `${path}/${k}`))];
};

const tx = {
  Date: '01/03/2024',
  Description: 'SHOP',
  Type: 'debit',
  Debit: '1.00',
  Credit: '',
  Amount: '-1.00',
  Balance: '9.00',
  Reference: '',
  Currency: 'GBP',
};

describe('response schemas for the serializer', () => {
  it('no union is left in a response schema, so no validator is compiled on an answer', () => {
    const shared = forSerializer(SHARED);
    for (const schema of [
      ConversionResultSchema,
      JobSchema,
      JobSummarySchema,
      JobFileSchema,
      ConversionRecordSchema,
      UsageSchema,
      WebhookSchema,
      DeliverySchema,
      ClassifyRuleSchema,
    ]) {
      expect(unions(forSerializer(schema))).toEqual([]);
      expect(code(forSerializer(schema), shared)).not.toContain('getSchemaValidator');
    }
    // As declared, the result's serializer called a validator (a literal union: each row's Type).
    expect(code({ $ref: 'ConversionResult' }, SHARED)).toContain('getSchemaValidator');
  });

  it('literal unions, nullable scalars, objects and references: the bytes of the schemas as declared', () => {
    const schema = Type.Object({
      kind: Type.Union([Type.Literal('a'), Type.Literal('b')]),
      level: Type.Union([Type.Literal(1), Type.Literal(2), Type.Null()]),
      name: Type.Union([Type.String(), Type.Null()]),
      count: Type.Union([Type.Integer(), Type.Null()]),
      when: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
      link: Type.Union([Type.Object({ from: Type.String(), n: Type.Integer() }), Type.Null()]),
      row: Type.Union([Type.Ref('Transaction'), Type.Null()]),
      list: Type.Array(Type.Union([Type.Literal('x'), Type.Literal('y')])),
    });
    const declared = build(schema);
    const said = build(forSerializer(schema), forSerializer(SHARED));
    const values = [
      { kind: 'a', level: 1, name: 'n "q" \u2028', count: 3, when: '2024-03-01T00:00:00.000Z', link: { from: 'x', n: 1 }, row: tx, list: ['x', 'y'] },
      { kind: 'b', level: null, name: null, count: null, when: null, link: null, row: null, list: [] },
      {
        kind: 'b',
        level: 2,
        name: '',
        count: 0,
        when: new Date(0),
        link: { from: '', n: 0, more: 1 },
        row: { ...tx, Type: 'credit' },
        list: ['y'],
        extra: true,
      },
    ];
    for (const v of values) expect(said(v)).toBe(declared(v));
  });

  it('what it cannot say plainly (a union of two objects) is left as declared', () => {
    const schema = Type.Union([Type.Object({ a: Type.String() }), Type.Object({ b: Type.Integer() })]);
    expect(forSerializer(schema)).toEqual(JSON.parse(JSON.stringify(schema)));
  });
});
