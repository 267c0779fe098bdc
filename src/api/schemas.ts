// Schemas shared by several routes (and by the OpenAPI document).
import { Type } from 'typebox';

export const ProblemSchema = Type.Object(
  {
    type: Type.String({ examples: ['about:blank'] }),
    status: Type.Integer(),
    code: Type.String({ description: 'Machine-readable error code (see the error table in the description).' }),
    title: Type.String(),
    detail: Type.String(),
    request_id: Type.Optional(Type.String()),
  },
  { $id: 'Problem', description: 'RFC 9457 problem details.' },
);

export const problemRef = Type.Unsafe<unknown>({ $ref: 'Problem#' });

export const apiKeyHeader = Type.Object({ 'x-api-key': Type.Optional(Type.String({ description: 'Your secret API key (ll_live_...).' })) });

export const securedErrors = {
  401: problemRef,
  403: problemRef,
  429: problemRef,
  500: problemRef,
};
