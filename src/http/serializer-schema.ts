// Response schemas as the serializer reads them. TypeBox writes a literal union as `anyOf` of `const`s and
// a nullable value as `anyOf: [X, {type: 'null'}]`. fast-json-stringify serializes an `anyOf` by asking
// Ajv which branch each value matches: Ajv compiles the route's whole schema on the first answer that
// reaches such a branch (200-300 ms on the event loop, once per route and process: a job's first status
// answer stalled /healthz for that long) and validates every value through it afterwards (a call per
// row for a transaction's `Type`). The same schemas with enums and type lists serialize to the same
// bytes with no validator: the serializer picks by `typeof`, and an enum or a type list is written as its
// type. What cannot be said so (a union of different objects, such as provenance) is left as it is.
// The OpenAPI document keeps the schemas as declared; only the serializers read these.

import fastJson, { type Options, type Schema as FjsSchema } from 'fast-json-stringify';

type Schema = Record<string, unknown>;

const MAP_KEYWORDS = new Set(['properties', 'patternProperties', '$defs', 'definitions']);
const isObject = (x: unknown): x is Schema => typeof x === 'object' && x !== null && !Array.isArray(x);
const isNull = (s: Schema) => s.type === 'null' && Object.keys(s).every((k) => k === 'type' || k === 'description');
const SCALARS = new Set(['string', 'number', 'integer', 'boolean']);

/** A literal union ({const} branches, maybe null) as `{type, enum}`; null when the branches are not all literals. */
function literalUnion(branches: Schema[]): Schema | null {
  const values: unknown[] = [];
  const types = new Set<string>();
  for (const b of branches) {
    if (isNull(b)) {
      values.push(null);
      types.add('null');
      continue;
    }
    if (!('const' in b) || typeof b.type !== 'string' || !SCALARS.has(b.type)) return null;
    values.push(b.const);
    types.add(b.type);
  }
  const typeList = [...types];
  return { type: typeList.length === 1 ? typeList[0] : typeList, enum: values };
}

/** `anyOf: [X, null]` as X with `null` among its types; null when X is not one plain typed schema. */
function nullableUnion(branches: Schema[]): Schema | null {
  if (branches.length !== 2) return null;
  const other = branches.find((b) => !isNull(b));
  if (!other || !branches.some(isNull)) return null;
  if (typeof other.$ref === 'string') return { ...other, nullable: true };
  if (typeof other.type !== 'string' || 'anyOf' in other || 'oneOf' in other || 'const' in other) return null;
  return { ...other, type: [other.type, 'null'] };
}

/** A copy of `schema` with literal and nullable unions said as enums and type lists (see the head comment). */
export function forSerializer<T>(schema: T): T {
  if (Array.isArray(schema)) return (schema as unknown[]).map((s) => forSerializer(s)) as T;
  if (!isObject(schema)) return schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (MAP_KEYWORDS.has(key) && isObject(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, forSerializer(v)]));
    } else out[key] = key === 'const' || key === 'enum' || key === 'default' || key === 'examples' ? value : forSerializer(value);
  }
  const branches = out.anyOf ?? out.oneOf;
  if (Array.isArray(branches) && branches.every(isObject)) {
    const plain = literalUnion(branches) ?? nullableUnion(branches);
    if (plain) {
      const { anyOf: _a, oneOf: _o, ...siblings } = out;
      return { ...siblings, ...plain } as T;
    }
  }
  return out as T;
}

type Serializer = (data: unknown) => string;

/**
 * Fastify's serializer factory (`schemaController.compilersFactory.buildSerializer`): fast-json-stringify,
 * as fastify's default, on the route's and the shared schemas as `forSerializer` says them.
 */
export function serializerFactory(externalSchemas?: unknown, serializerOpts?: Options): (route: { schema?: unknown }) => Serializer {
  const shared = Object.fromEntries(Object.entries((externalSchemas ?? {}) as Record<string, unknown>).map(([id, s]) => [id, forSerializer(s)]));
  return ({ schema }) => {
    const own = (schema ?? {}) as { $id?: string };
    // A route's schema that is itself a shared one is compiled as the route's (fastify's default does the same).
    const schemas = own.$id && own.$id in shared ? Object.fromEntries(Object.entries(shared).filter(([id]) => id !== own.$id)) : shared;
    return fastJson(forSerializer(own) as FjsSchema, { ...serializerOpts, schema: schemas as Record<string, FjsSchema> });
  };
}
