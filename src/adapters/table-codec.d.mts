/** What crosses to or from a conversion process for a value (see table-codec.mjs). */
export interface Crossing {
  value: unknown;
  tables: unknown[];
}
/** `value` with its arrays of same-shaped plain objects packed as columns. */
export function pack(value: unknown): Crossing;
/** The value given to `pack`, from a deserialised copy of what it made. */
export function unpack(crossed: Crossing): unknown;
