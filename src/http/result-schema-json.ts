// The convert route's serializer for its JSON result, compiled outside the server: a conversion process
// writes the API's answer itself (src/adapters/held-answer.ts), and it must write the bytes the route's
// schema serializer would. Fastify compiles the same schemas with the same fast-json-stringify, as
// serializer-schema.ts says them (its
// shared schemas by $id, the route's 200 answer a $ref to ConversionResult); result-schema-json.happy.test.ts
// holds the two to the same bytes.
import fastJson from 'fast-json-stringify';
import { forSerializer } from './serializer-schema.js';
import { ConversionResultSchema, TransactionSchema, WarningSchema } from '../api/convert/convert.schema.js';

let compiled: ((value: unknown) => string) | null = null;

/** The result's JSON as the route's schema writes it (compiled on first use: about 30 ms). */
export function resultSchemaJson(value: unknown): string {
  compiled ??= fastJson(
    { $ref: 'ConversionResult' },
    { schema: forSerializer({ Transaction: TransactionSchema, Warning: WarningSchema, ConversionResult: ConversionResultSchema }) },
  );
  return compiled(value);
}
