/** What crosses to or from a conversion process for a value (see table-codec.mjs). */
export interface Crossing {
  value: unknown;
  tables: unknown[];
}
/** `value` with its arrays of same-shaped plain objects packed as columns. */
export function pack(value: unknown): Crossing;
/** The value given to `pack`, from a deserialised copy of what it made; `received`: rows that came ahead in slices. */
export function unpack(crossed: Crossing, received?: unknown[][]): unknown;
/** Rows a slice holds. */
export const SLICE_ROWS: number;
/** A slice of a table's rows, sent ahead of the rest. */
export interface Slice {
  table: number;
  keys: string[];
  columns: unknown[][];
}
/** Takes the long tables' rows out of `crossed` as slices (the tables keep empty columns). */
export function slices(crossed: Crossing): Generator<Slice>;
/** The rows of the slices received so far, by table index. */
export class Slices {
  rows: unknown[][];
  add(slice: Slice): void;
}
