// The parts a JSON result adds on request (`include=` in the API, `--include` in the CLI): each declared
// once here with the words the API description shows; the API's pattern and the CLI read this list.
import { AppError } from '../errors.js';

export const JSON_PARTS = {
  provenance: 'adds where each row was printed, parallel to transactions',
  payees: 'adds the payee of every row, parallel to transactions',
  ids: 'adds the stable id of every row (the FITIDs of the OFX/QBO files), parallel to transactions',
  integrity: 'adds the integrity signals of a PDF',
  proof: 'adds the equations between printed figures behind the verdict (every row of a PASS is in one that holds)',
} as const;

export type JsonPart = keyof typeof JSON_PARTS;

export const JSON_PART_NAMES = Object.keys(JSON_PARTS) as JsonPart[];

/** The parts a comma-separated `include` asks for; an unknown one is a clear 400 naming those there are. */
export function includes(include: string | undefined): Set<JsonPart> {
  const parts = (include ?? '').split(',').filter(Boolean);
  for (const p of parts)
    if (!(JSON_PART_NAMES as string[]).includes(p))
      throw new AppError('invalid_request', `include has no part "${p.slice(0, 40)}"; the parts are ${JSON_PART_NAMES.join(', ')}.`);
  return new Set(parts as JsonPart[]);
}
