// A job file's result as the text that is gzipped and sealed, written and read a slice of rows at a
// time: JSON.stringify and JSON.parse of a 100,000-row result held the event loop of the runner, then of
// the server reading it back for a download, 100-250 ms in one piece. A long top-level array
// (transactions, provenance) is written as lines of at most SLICE_ROWS elements, each stringified or
// parsed after a turn of the event loop; results stored as one JSON object before (they start with "{")
// are still read.
//
//   line 1   ["ll-result-2", [[key, lines], ...]]   the arrays written in slices, in order
//   line 2   the result, each such array null       (its place among the keys kept)
//   then     each array's slices, one JSON array a line
// JSON writes no raw line break inside a string, so every "\n" is a line's end.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Equation } from '../../engine/proof.js';

const SLICE_ROWS = 2048;
const FORMAT = 'll-result-2';
const LF = 0x0a;

// The proof's figures are bigints (minor units), which JSON does not write: stored as decimal strings
// of the same minor units and read back as bigints.
type StoredEquation = Omit<Equation, 'start' | 'end'> & { start: string; end: string };
const storedProof = (proof: Equation[]): StoredEquation[] => proof.map((e) => ({ ...e, start: e.start.toString(), end: e.end.toString() }));
const readProof = (proof: StoredEquation[]): Equation[] => proof.map((e) => ({ ...e, start: BigInt(e.start), end: BigInt(e.end) }));

export async function resultToText(result: object): Promise<Buffer> {
  const proof = (result as { proof?: Equation[] }).proof;
  if (proof) result = { ...result, proof: storedProof(proof) };
  const head: Record<string, unknown> = { ...result };
  const sliced: [string, number][] = [];
  const lines: Buffer[] = [];
  for (const [key, value] of Object.entries(result)) {
    if (!Array.isArray(value) || value.length <= SLICE_ROWS) continue;
    head[key] = null;
    let n = 0;
    for (let at = 0; at < value.length; at += SLICE_ROWS, n++) {
      await nextTurn();
      lines.push(Buffer.from(JSON.stringify(value.slice(at, at + SLICE_ROWS)) + '\n'));
    }
    sliced.push([key, n]);
  }
  if (!sliced.length) return Buffer.from(JSON.stringify(result));
  return Buffer.concat([Buffer.from(`${JSON.stringify([FORMAT, sliced])}\n${JSON.stringify(head)}\n`), ...lines]);
}

export async function resultFromText<T>(text: Buffer): Promise<T> {
  const result = await parsed(text);
  if (Array.isArray(result.proof)) result.proof = readProof(result.proof as StoredEquation[]);
  return result as T;
}

async function parsed(text: Buffer): Promise<Record<string, unknown>> {
  if (text[0] !== 0x5b /* [ */) return JSON.parse(text.toString('utf8')) as Record<string, unknown>;
  let at = 0;
  const line = (): string => {
    const end = text.indexOf(LF, at);
    if (end < 0) throw new Error('a stored result ends early');
    const s = text.toString('utf8', at, end);
    at = end + 1;
    return s;
  };
  const [format, sliced] = JSON.parse(line()) as [string, [string, number][]];
  if (format !== FORMAT) throw new Error(`a stored result in an unknown form (${format})`);
  const result = JSON.parse(line()) as Record<string, unknown>;
  for (const [key, n] of sliced) {
    const rows: unknown[] = [];
    for (let i = 0; i < n; i++) {
      await nextTurn();
      for (const row of JSON.parse(line()) as unknown[]) rows.push(row);
    }
    result[key] = rows;
  }
  return result;
}
