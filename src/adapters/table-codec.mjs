// How task payloads and replies cross between the server and its conversion processes. An array of
// many plain objects that all have the same keys in the same order (a result's transactions and
// provenance, a classify task's rows) goes as one array per key. V8's deserializer builds an object
// by adding its keys one at a time and looks every key up again for every object: a 100,000-row
// result took 250-600 ms to read back on the server's event loop, and as columns it takes about 110-170
// ms with the objects rebuilt, each in the shape of the first. Plain JavaScript, shared by the server
// (process-slot.ts) and the child (child-runner.mjs), which loads no TypeScript.

/** Arrays shorter than this go as they are. */
const MIN_ROWS = 32;
/** Nesting followed in search of tables (results are a few levels deep). */
const MAX_DEPTH = 8;

const isPlain = (v) => typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

/** The keys every element of `rows` has, in the same order, or null. */
function sharedKeys(rows) {
  const first = rows[0];
  if (!isPlain(first)) return null;
  const keys = Object.keys(first);
  if (keys.length === 0 || keys.includes('__proto__')) return null;
  for (let i = 1; i < rows.length; i++) {
    const row = rows[i];
    if (!isPlain(row)) return null;
    let k = 0;
    for (const key in row) {
      if (key !== keys[k++]) return null;
    }
    if (k !== keys.length) return null;
  }
  return keys;
}

/**
 * What crosses for `value`: `{ value, tables }`, where each table in `value` became an object
 * `{ keys, columns }` that is also listed in `tables`. The serialiser keeps shared references, so on
 * the other side a table is told by its identity, never by how it looks (rows of any shape are safe).
 * A table reached twice is packed once, so it is one array again. The objects given are not changed.
 */
export function pack(value) {
  const tables = new Map();
  return { value: packed(value, 0, tables), tables: [...tables.values()] };
}

function packed(value, depth, tables) {
  if (depth > MAX_DEPTH || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const known = tables.get(value);
    if (known) return known;
    const keys = value.length >= MIN_ROWS ? sharedKeys(value) : null;
    if (keys) {
      const table = { keys, columns: keys.map((k) => value.map((row) => row[k])) };
      tables.set(value, table);
      return table;
    }
    let out = value;
    for (let i = 0; i < value.length; i++) {
      const v = packed(value[i], depth + 1, tables);
      if (v !== value[i]) {
        if (out === value) out = value.slice();
        out[i] = v;
      }
    }
    return out;
  }
  if (!isPlain(value)) return value;
  let out = value;
  for (const key of Object.keys(value)) {
    const v = packed(value[key], depth + 1, tables);
    if (v !== value[key]) {
      if (out === value) out = { ...value };
      out[key] = v;
    }
  }
  return out;
}

/** Makers of objects with a given key list, so the rows of one table share one shape. */
const makers = new Map();

function makerOf(keys) {
  const id = JSON.stringify(keys);
  let make = makers.get(id);
  if (!make) {
    // An object literal gives every row the same hidden class from the start; the keys are quoted
    // with JSON.stringify, and `__proto__` never reaches here (sharedKeys refuses it).
    // eslint-disable-next-line @typescript-eslint/no-implied-eval, no-new-func -- built from the table's own key list, quoted
    make = new Function('c', 'i', `return {${keys.map((k, j) => `${JSON.stringify(k)}: c[${j}][i]`).join(', ')}};`);
    if (makers.size > 256) makers.clear();
    makers.set(id, make);
  }
  return make;
}

/**
 * The value given to `pack`, from a deserialised copy of what it made (rebuilt in place). `received`:
 * the rows of the tables that came ahead in slices (see `slices`), by table index.
 */
export function unpack(crossed, received = []) {
  const tables = crossed.tables;
  if (!tables.length) return crossed.value;
  const rowsOf = new Map(tables.map((t, i) => [t, received[i] ?? null]));
  return unpacked(crossed.value, 0, rowsOf);
}

/** Rows a slice holds: about 0.7 MB and 15-20 ms to deserialise on the other side for nine short fields. */
export const SLICE_ROWS = 8192;

/**
 * Takes the rows of the long tables out of `crossed` as slices `{ table, keys, columns }` of at most
 * SLICE_ROWS rows, to be sent ahead of it one message each: one message of 100,000 rows took the
 * receiving event loop about 180 ms to deserialise at once, a slice 15-20 ms. The tables keep their keys
 * and empty columns; the receiver rebuilds each slice as it comes (`Slices`) and hands the rows to
 * `unpack`.
 */
export function* slices(crossed) {
  for (let i = 0; i < crossed.tables.length; i++) {
    const table = crossed.tables[i];
    const n = table.columns[0].length;
    if (n <= SLICE_ROWS) continue;
    for (let from = 0; from < n; from += SLICE_ROWS) yield { table: i, keys: table.keys, columns: table.columns.map((c) => c.slice(from, from + SLICE_ROWS)) };
    table.columns = table.keys.map(() => []);
  }
}

/** The rows of the slices received so far, by table index, for `unpack`. */
export class Slices {
  rows = [];
  add(slice) {
    const got = rowsOfTable(slice);
    const rows = (this.rows[slice.table] ??= []);
    for (let i = 0; i < got.length; i++) rows.push(got[i]);
  }
}

function unpacked(value, depth, rowsOf) {
  if (depth > MAX_DEPTH || typeof value !== 'object' || value === null) return value;
  if (rowsOf.has(value)) {
    let rows = rowsOf.get(value);
    if (!rows) rowsOf.set(value, (rows = rowsOfTable(value)));
    return rows;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const v = unpacked(value[i], depth + 1, rowsOf);
      // (Assigned only when changed: a hole stays a hole.)
      if (v !== value[i]) value[i] = v;
    }
    return value;
  }
  if (!isPlain(value)) return value;
  for (const key of Object.keys(value)) {
    const v = unpacked(value[key], depth + 1, rowsOf);
    if (v !== value[key]) value[key] = v;
  }
  return value;
}

function rowsOfTable({ keys, columns }) {
  const make = makerOf(keys);
  const n = columns[0].length;
  const rows = new Array(n);
  for (let i = 0; i < n; i++) rows[i] = make(columns, i);
  return rows;
}
