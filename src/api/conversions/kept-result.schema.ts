// Schemas of the kept-result endpoints (the OpenAPI document reads them).
import { Type } from 'typebox';
import { convertQuerySchema, convertResponses } from '../convert/convert.schema.js';
import { apiKeyHeader, problemRef, securedErrors } from '../schemas.js';

const params = Type.Object({ id: Type.String({ maxLength: 64, description: 'The conversion id (GET /api/v1/conversions).' }) });
const { classify: _beta, ...query } = convertQuerySchema.properties;

export const keptResultSchema = {
  summary: 'Download a kept result again',
  description:
    'The result of one of your conversions, kept sealed for your keeping period (KEEP_RESULTS_DAYS by default, 30 days; 0-90 days on the Account page), ' +
    'as JSON or in any `format`, without converting again and without using quota. Where a person corrected rows on the web converter, this is the ' +
    "corrected result: its verdict decided again from the engine's equations, and `corrections` lists every row edited, added or deleted (printed and " +
    'corrected values, and when); files carry X-Corrected-Rows. `X-Kept-Until` says until when it is kept. 404 once it has expired or was deleted.',
  tags: ['conversions'],
  headers: apiKeyHeader,
  params,
  querystring: Type.Object(query),
  response: { ...convertResponses, 404: problemRef },
};

export const deleteKeptResultSchema = {
  summary: 'Delete a kept result',
  description: 'Deletes the kept result (and the corrections saved to it) now; the conversion record stays. 404 when there is none.',
  tags: ['conversions'],
  headers: apiKeyHeader,
  params,
  response: { 204: Type.Null({ description: 'Deleted.' }), 404: problemRef, ...securedErrors },
};
