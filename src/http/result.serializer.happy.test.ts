// The JSON body of a conversion result is byte for byte what the route's schema serializer writes,
// whichever way it is made; real results take the fast way (JSON.stringify).
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { convertRouteSchema } from '../api/convert/convert.schema.js';
import { ConversionResultSchema, TransactionSchema, WarningSchema } from '../api/convert/convert.schema.js';
import { ProblemSchema } from '../api/schemas.js';
import { convert } from '../engine/convert.js';
import { TRANSACTION_FIELDS } from '../engine/types.js';
import { generateStatementPdf, type Layout } from '../../test/fixtures/pdf/generate.js';
import { SAMPLE_CSV } from '../../test/helpers/multipart.js';
import { presentResult } from './result.presenter.js';
import { resultJson, resultJsonPieces, ROWS_A_PIECE, schemaShaped } from './result.serializer.js';
import { resultSchemaJson } from './result-schema-json.js';
import { serializerFactory } from './serializer-schema.js';

type Json = (value: unknown) => string;

/**
 * The convert route's serializer for its JSON result, from a server with the same schemas and the
 * server's serializer factory; `declared`: fastify's default, on the schemas as declared.
 */
async function routeSerializer(declared = false): Promise<Json> {
  const app = declared ? Fastify() : Fastify({ schemaController: { compilersFactory: { buildSerializer: serializerFactory } } });
  for (const s of [ProblemSchema, TransactionSchema, WarningSchema, ConversionResultSchema]) app.addSchema(s);
  let json: Json | undefined;
  app.post('/x', { schema: { response: convertRouteSchema(1024).response } }, async (_req, reply) => {
    const f = reply.getSerializationFunction('200', 'application/json');
    if (f) json = (v) => f(v as Record<string, unknown>);
    return {};
  });
  await app.inject({ method: 'POST', url: '/x' }).catch(() => undefined);
  await app.close();
  if (!json) throw new Error('no serializer for the route');
  return json;
}

const ALL = { provenance: true, payees: true, ids: true, integrity: true };

describe('result JSON', () => {
  it('the schema lists the nine transaction fields in the engine’s order', () => {
    expect(Object.keys(TransactionSchema.properties)).toEqual([...TRANSACTION_FIELDS]);
  });

  it('real results: the fast way, with the schema serializer’s bytes, with and without every include', async () => {
    const json = await routeSerializer();
    const layouts: Layout[] = ['split', 'signed', 'day-balance', 'card', 'multi-currency', 'paidin-withdrawn'];
    const results = [await convert(new TextEncoder().encode(SAMPLE_CSV), { filename: 's.csv' })];
    for (const layout of layouts) results.push(await convert((await generateStatementPdf({ layout, rows: 40 })).bytes, {}));
    for (const result of results) {
      for (const opts of [{}, ALL, { provenance: true }, { ids: true, payees: true }]) {
        const body = presentResult(result, opts);
        expect(schemaShaped(body, json)).toBe(true);
        expect(resultJson(body, json)).toBe(json(body));
      }
    }
  });

  it('anything off the schema is written by the schema serializer', async () => {
    const json = await routeSerializer();
    const result = await convert(new TextEncoder().encode(SAMPLE_CSV), { filename: 's.csv' });
    const base = presentResult(result, ALL);
    const tx = base.transactions as unknown as Record<string, unknown>[];
    const variants: Record<string, unknown>[] = [
      { ...base, transactions: [{ ...tx[0], Internal: 'x' }, ...tx.slice(1)] },
      { ...base, transactions: [{ ...tx[0], Amount: -12.3 }, ...tx.slice(1)] },
      { ...base, transactions: [{ Description: tx[0].Description, ...tx[0] }, ...tx.slice(1)] },
      { ...base, transactions: [{ ...tx[0], Description: 'lone \ud800 "quoted" \\ \u0001 \u2028' }, ...tx.slice(1)] },
      { ...base, ids: [1, 2, 3] },
      { ...base, payees: ['a', null, 'c'] },
      { ...base, warnings: [{ code: 'year_inferred', message: 'y', extra: 1 }] },
      { ...base, secret: 'never sent' },
      { provenance: base.provenance, ...base },
    ];
    for (const body of variants) expect(resultJson(body, json)).toBe(json(body));
    // A conversion process compiles the same schema outside the server (result-schema-json.ts): the same bytes.
    for (const body of [base, ...variants]) expect(resultSchemaJson(body)).toBe(json(body));
    // A bigint (JSON.stringify refuses it) is left to the schema serializer.
    const big = { ...base, integrity: { level: 'none', signals: [], extra: 10n } };
    expect(schemaShaped(big, json)).toBe(false);
    expect(resultJson(big, json)).toBe(json(big));
    // The schemas as declared (literal and nullable unions) give the same bytes.
    const declared = await routeSerializer(true);
    for (const body of [base, ...variants]) expect(json(body)).toBe(declared(body));
    // A value off the schema's enum is left to the schema serializer, which writes it as its type.
    const wrongType = { ...base, transactions: [{ ...tx[0], Type: 'other' }, ...tx.slice(1)] };
    expect(schemaShaped(wrongType, json)).toBe(false);
    expect(resultJson(wrongType, json)).toBe(json(wrongType));
    expect(variants.filter((b) => schemaShaped(b, json))).toHaveLength(1); // only the escaped description keeps the shape
  });

  it('a long result in pieces: the same bytes, each piece a slice of rows', async () => {
    const json = await routeSerializer();
    const lines = ['Date,Description,Paid out,Paid in,Balance'];
    let balance = 100_000;
    for (let i = 0; i < 2 * ROWS_A_PIECE + 17; i++) {
      balance -= 125;
      lines.push(`${String((i % 28) + 1).padStart(2, '0')}/03/2024,"SHOP ${i}, ""LONDON""",1.25,,${(balance / 100).toFixed(2)}`);
    }
    const result = await convert(new TextEncoder().encode(lines.join('\n')), { filename: 'long.csv' });
    for (const opts of [{}, ALL, { ids: true, payees: true }]) {
      const body = presentResult(result, opts);
      const pieces = [...resultJsonPieces(body, json)];
      expect(pieces.length).toBeGreaterThan(3);
      expect(pieces.join('')).toBe(json(body));
    }
    // Keys JSON.stringify leaves out are left out here too; a short result is one piece.
    const body = { ...presentResult(result, {}), continuity: undefined };
    expect([...resultJsonPieces(body, json)].join('')).toBe(json(body));
    const short = presentResult(await convert(new TextEncoder().encode(SAMPLE_CSV), { filename: 's.csv' }), ALL);
    expect([...resultJsonPieces(short, json)]).toEqual([json(short)]);
  });
});
