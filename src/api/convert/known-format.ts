// preValidation of the result endpoints: an unknown format is answered with the formats there are (from
// the writer registry), before the schema would answer with its own words.
import { formatNames, unknownFormat } from '../../formats/index.js';

export async function knownFormat(request: { query: unknown }): Promise<void> {
  const query: unknown = request.query;
  const format = typeof query === 'object' && query !== null && 'format' in query ? query.format : undefined;
  if (format !== undefined && (typeof format !== 'string' || !formatNames().includes(format))) throw unknownFormat(format);
}
