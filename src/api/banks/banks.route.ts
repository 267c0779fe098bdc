import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { listBanks } from '../../engine/profiles/index.js';
import { apiAuth } from '../plugins/api-auth.js';
import { apiKeyHeader, securedErrors } from '../schemas.js';

export function banksRoute(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/api/v1/banks',
      {
        onRequest: apiAuth(ctx),
        schema: {
          summary: 'List accepted bank values',
          description:
            'The accepted values of the `bank` form field of POST /api/v1/convert, generated from the bank profiles. `auto` (the default: detect the bank) and `generic` (read with no profile) are always accepted too.',
          tags: ['convert'],
          headers: apiKeyHeader,
          response: {
            200: Type.Object({
              banks: Type.Array(
                Type.Object({
                  id: Type.String(),
                  name: Type.String(),
                  inputs: Type.Array(Type.Union([Type.Literal('csv'), Type.Literal('pdf')]), { description: 'Which inputs the profile covers.' }),
                }),
              ),
            }),
            ...securedErrors,
          },
        },
      },
      async () => ({ banks: listBanks().map((b) => ({ id: b.id, name: b.name, inputs: b.inputs })) }),
    );
  };
}
