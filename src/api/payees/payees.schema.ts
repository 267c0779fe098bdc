// Schemas of the payee-rule operations (and their OpenAPI document).
import { Type } from 'typebox';
import { RULE_PATTERN_MAX } from '../../engine/classify/index.js';
import { MAX_PAYEE_RULES_PER_ACCOUNT, PAYEE_NAME_MAX } from '../../services/payee.service.js';
import { apiKeyHeader, problemRef, securedErrors } from '../schemas.js';

const TAGS = { tags: ['payees'] } as const;

export const PayeeRuleSchema = Type.Object(
  {
    id: Type.String(),
    pattern: Type.String({ description: 'Case-insensitive substring of the description, or /regex/.' }),
    payee: Type.String({ description: 'The payee every matching row gets, written as given.' }),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'PayeeRule', additionalProperties: false },
);

export const payeeRuleBodySchema = Type.Object(
  {
    pattern: Type.String({
      minLength: 1,
      maxLength: RULE_PATTERN_MAX,
      description:
        'Case-insensitive substring of the description ("BRITISH GAS"), or /regex/ (matching is always case-insensitive; patterns that repeat a repeating group and back-references are refused).',
    }),
    payee: Type.String({ minLength: 1, maxLength: PAYEE_NAME_MAX, description: `The payee, one line of at most ${PAYEE_NAME_MAX} characters.` }),
  },
  { additionalProperties: false },
);

export const payeeRuleParamsSchema = Type.Object({ id: Type.String({ maxLength: 60 }) });

const HOW =
  'Rules are tried before the built-in reading, oldest first; the first match wins. They apply to include=payees, to the Payee ' +
  'column of xero and xlsx files, OFX/QBO NAME and QIF P, in the API and in the web converter alike.';

export const payeeRulesListSchema = {
  ...TAGS,
  summary: 'List payee rules',
  description: `The account's payee rules in the order they are tried. ${HOW}`,
  headers: apiKeyHeader,
  response: { 200: Type.Object({ rules: Type.Array(Type.Ref('PayeeRule')) }), ...securedErrors },
};

export const payeeRuleCreateSchema = {
  ...TAGS,
  summary: 'Add a payee rule',
  description: `"Descriptions containing \`pattern\` are payee \`payee\`". New rules are tried after older ones. At most ${MAX_PAYEE_RULES_PER_ACCOUNT} rules per account. ${HOW}`,
  headers: apiKeyHeader,
  body: payeeRuleBodySchema,
  response: { 201: Type.Ref('PayeeRule'), 400: problemRef, ...securedErrors },
};

export const payeeRuleDeleteSchema = {
  ...TAGS,
  summary: 'Delete a payee rule',
  description: 'Deletes one of your payee rules. 404 when the account has no rule with this id.',
  headers: apiKeyHeader,
  params: payeeRuleParamsSchema,
  response: { 204: Type.Null({ description: 'Deleted.' }), 404: problemRef, ...securedErrors },
};
