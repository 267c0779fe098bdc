import { deserialize, serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { pack, SLICE_ROWS, Slices, slices, unpack } from './table-codec.mjs';

/** What the other process gets: pack, the channel's serialisation, unpack. */
const across = <T>(value: T): T => unpack(deserialize(serialize(pack(value)))) as T;

const rows = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    Date: `0${(i % 9) + 1}/01/2024`,
    Description: `SHOP ${i}`,
    Amount: `-${i}.00`,
    Balance: i % 3 ? `${i}.50` : '',
    n: i,
    big: BigInt(i) * 10n ** 20n,
  }));

describe('table codec: what crosses to and from a conversion process', () => {
  it('a result with tables comes back equal, keys in the same order, and packed as columns on the way', () => {
    const result = {
      bank: 'generic',
      transactions: rows(500),
      provenance: Array.from({ length: 500 }, (_, i) => ({ page: 1 + (i >> 5), lines: [i, i + 1], box: i % 2 ? undefined : { x: i } })),
      statements: [{ first_row: 1, rows: rows(40) }],
      warnings: [{ code: 'a' }, { code: 'b', detail: 'x' }],
      meta: { currency: 'GBP', when: null },
    };
    const crossing = pack(result);
    expect(crossing.tables).toHaveLength(3);
    expect(Array.isArray((crossing.value as Record<string, unknown>).transactions)).toBe(false);
    const back = across(result);
    expect(back).toStrictEqual(result);
    expect(JSON.stringify(back, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v))).toBe(
      JSON.stringify(result, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v)),
    );
    expect(Object.keys(back.transactions[7])).toEqual(Object.keys(result.transactions[7]));
  });

  it('the objects given are not changed', () => {
    const result = { transactions: rows(100) };
    const copy = structuredClone(result);
    pack(result);
    expect(result).toStrictEqual(copy);
  });

  it('arrays that are not tables cross as they are: short, mixed keys, other key order, non-plain rows, holes', () => {
    const mixed = rows(50).map((r, i) => (i === 30 ? { ...r, extra: 1 } : r));
    const reordered = rows(50).map((r, i) =>
      i === 10 ? { Description: r.Description, Date: r.Date, Amount: r.Amount, Balance: r.Balance, n: r.n, big: r.big } : r,
    );
    class Row {
      constructor(readonly a: number) {}
    }
    const value = {
      short: rows(5),
      mixed,
      reordered,
      dates: Array.from({ length: 40 }, (_, i) => new Date(Date.UTC(2024, 0, i + 1))),
      bytes: new Uint8Array([1, 2, 3]),
      strings: Array.from({ length: 100 }, (_, i) => `s${i}`),
      holes: [...rows(40), , { a: 1 }],
    };
    expect(across(value)).toStrictEqual(value);
    expect(Object.keys(across(value).reordered[10])).toEqual(['Description', 'Date', 'Amount', 'Balance', 'n', 'big']);
    expect(pack(new Row(1)).value).toBeInstanceOf(Row);
  });

  it('rows with a key named __proto__, and rows shaped like a packed table, cross as they are', () => {
    const proto = Array.from({ length: 40 }, (_, i) => JSON.parse(`{"__proto__": ${i}, "a": ${i}}`) as Record<string, number>);
    const marker = [{ keys: ['a'], columns: [[1, 2]] }, ...Array.from({ length: 40 }, (_, i) => (i % 2 ? { keys: ['a'], columns: [[i]] } : { other: i }))];
    const back = across({ proto, marker });
    expect(back.marker).toStrictEqual(marker);
    expect(Object.getOwnPropertyDescriptor(back.proto[3], '__proto__')?.value).toBe(3);
    expect(Object.getPrototypeOf(back.proto[3])).toBe(Object.prototype);
  });

  it('one table reached twice is one array again', () => {
    const tx = rows(60);
    const back = across({ transactions: tx, again: tx, nested: { tx } });
    expect(back.again).toBe(back.transactions);
    expect(back.nested.tx).toBe(back.transactions);
  });

  it('top-level tables, empty arrays and primitives cross', () => {
    expect(across(rows(64))).toStrictEqual(rows(64));
    expect(across([])).toEqual([]);
    expect(across('text')).toBe('text');
    expect(across(null)).toBe(null);
  });

  it('long tables cross in slices ahead of the rest and come back equal; short ones stay whole', () => {
    const long = rows(2 * SLICE_ROWS + 3);
    const value = { transactions: long, again: long, short: rows(50), meta: { n: 1 } };
    const crossing = pack(value);
    const receiver = new Slices();
    let count = 0;
    for (const slice of slices(crossing)) {
      expect(slice.columns[0].length).toBeLessThanOrEqual(SLICE_ROWS);
      receiver.add(deserialize(serialize(slice)) as Parameters<Slices['add']>[0]);
      count++;
    }
    expect(count).toBe(3);
    const back = unpack(deserialize(serialize(crossing)) as ReturnType<typeof pack>, receiver.rows) as typeof value;
    expect(back).toStrictEqual(value);
    expect(back.again).toBe(back.transactions);
  });
});
