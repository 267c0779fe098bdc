// Closed sets of values as one `enum` in the OpenAPI document. TypeBox writes a union of literals as
// `anyOf: [{const: 'json'}, {const: 'csv'}, ...]`, which validates the same but which Swagger UI (and
// most generators) show as its first branch only: /docs offered only `json` for `format`. Every such
// union in the document becomes `{type, enum: [...]}` (with `nullable` when null is one of the values),
// keeping its description and default; the route schemas themselves are untouched.

type Json = unknown;
type Obj = Record<string, unknown>;

const isObj = (v: Json): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The value of a one-value branch (`{const: x}` or `{enum: [x]}`), or undefined. */
function single(branch: Json): { value: unknown } | undefined {
  if (!isObj(branch)) return undefined;
  if ('const' in branch) return { value: branch.const };
  if (Array.isArray(branch.enum) && branch.enum.length === 1) return { value: branch.enum[0] };
  return undefined;
}

const isNull = (branch: Json): boolean => {
  if (!isObj(branch)) return false;
  const one = single(branch);
  return branch.type === 'null' || (one !== undefined && one.value === null);
};

/** `{anyOf: [const...]}` as `{type, enum}`; anything else unchanged (undefined). */
function asEnum(node: Obj): Obj | undefined {
  const branches = node.anyOf ?? node.oneOf;
  if (!Array.isArray(branches) || branches.length === 0) return undefined;
  const nullable = branches.some(isNull);
  const values = branches.filter((b) => !isNull(b)).map(single);
  if (values.length === 0 || values.some((v) => v === undefined)) return undefined;
  const list = values.map((v) => v!.value);
  const types = new Set(list.map((v) => (typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v)));
  if (types.size !== 1) return undefined;
  const { anyOf: _a, oneOf: _o, ...rest } = node;
  return { ...rest, type: [...types][0], enum: list, ...(nullable ? { nullable: true } : {}) };
}

/** A one-value schema (`{const: x}`) as `{type, enum: [x]}` (OpenAPI 3.0 has no const). */
function constAsEnum(node: Obj): Obj | undefined {
  if (!('const' in node) || 'enum' in node) return undefined;
  const { const: value, ...rest } = node;
  return { type: typeof value === 'number' ? 'number' : typeof value, ...rest, enum: [value] };
}

/** The document (or any part of it) with every closed set of values written as one enum. */
export function closedSetsAsEnums<T>(doc: T): T {
  const walk = (v: Json): Json => {
    if (Array.isArray(v)) return v.map(walk);
    if (!isObj(v)) return v;
    const out: Obj = {};
    for (const [k, x] of Object.entries(v)) out[k] = walk(x);
    return asEnum(out) ?? constAsEnum(out) ?? out;
  };
  return walk(doc) as T;
}
