// Schemas of the beta classify operations (and their OpenAPI document).
import { Type } from 'typebox';
import { CATEGORIES, CATEGORY_IDS } from '../../engine/classify/index.js';
import { MAX_CLASSIFY_ROWS, MAX_RULES_PER_ACCOUNT } from '../../services/classify.service.js';
import { RULE_PATTERN_MAX } from '../../engine/classify/index.js';
import { apiKeyHeader, problemRef, securedErrors } from '../schemas.js';

const TAXONOMY_TABLE = CATEGORIES.map((c) => `| \`${c.id}\` | ${c.name} | ${c.nature === 'balance' ? 'transfer' : 'income or expense (direction)'} |`).join(
  '\n',
);

export const BETA = { tags: ['beta'], 'x-beta': true } as const;

const CategoryId = Type.Union(
  CATEGORY_IDS.map((id) => Type.Literal(id)),
  { description: 'A taxonomy id (see the POST /api/v1/classify description).' },
);
const Kind = Type.Union([Type.Literal('income'), Type.Literal('expense'), Type.Literal('transfer')]);

export const ClassificationSchema = Type.Object(
  {
    classification: Kind,
    category: CategoryId,
    confidence: Type.Number({
      minimum: 0,
      maximum: 1,
      description: 'Roughly how often rows with this kind of evidence are in the right category (two decimals).',
    }),
    reason: Type.String({ description: 'The rule or evidence used, in plain words.' }),
  },
  { $id: 'Classification', additionalProperties: false },
);

export const ClassifyRuleSchema = Type.Object(
  {
    id: Type.String(),
    pattern: Type.String({ description: 'Case-insensitive substring, or /regex/.' }),
    category: CategoryId,
    classification: Type.Union([Kind, Type.Null()], { description: 'null: follows the category and the direction of the money.' }),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'ClassifyRule', additionalProperties: false },
);

const str = (description: string, maxLength: number) => Type.String({ description, maxLength });

/** What convert returns for one row; only Description and Amount are required. Other fields are ignored. */
const InputTransaction = Type.Object({
  Date: Type.Optional(str('DD/MM/YYYY; used to pair same-day amounts.', 40)),
  Description: str('As printed by the bank.', 1000),
  Type: Type.Optional(Type.Union([Type.Literal('debit'), Type.Literal('credit')])),
  Debit: Type.Optional(str('Unsigned decimal or "".', 40)),
  Credit: Type.Optional(str('Unsigned decimal or "".', 40)),
  Amount: str('Signed decimal: debits start with "-".', 40),
  Balance: Type.Optional(str('Running balance or "".', 40)),
  Reference: Type.Optional(str('Reference, used as extra evidence.', 1000)),
  Currency: Type.Optional(str('ISO 4217 code; used to pair same-day amounts.', 10)),
});

const ClassifiedTransaction = Type.Object(
  {
    Date: Type.String(),
    Description: Type.String(),
    Type: Type.String(),
    Debit: Type.String(),
    Credit: Type.String(),
    Amount: Type.String(),
    Balance: Type.String(),
    Reference: Type.String(),
    Currency: Type.String(),
    classification: Kind,
    category: CategoryId,
    confidence: Type.Number({ minimum: 0, maximum: 1 }),
    reason: Type.String(),
  },
  { additionalProperties: false },
);

export const classifyBodySchema = Type.Object({
  transactions: Type.Array(InputTransaction, {
    maxItems: MAX_CLASSIFY_ROWS,
    description: `The transactions array of a convert result; at most ${MAX_CLASSIFY_ROWS.toLocaleString('en-GB')} rows.`,
  }),
});

export const classifyRouteSchema = {
  ...BETA,
  summary: 'Beta: classify transactions',
  description:
    'Beta: takes transactions in the shape POST /api/v1/convert returns and returns each of them (its nine contract fields, in the same order) ' +
    'with `classification` (income, expense or transfer), `category`, `confidence` (0..1) and `reason`. ' +
    "Your account's rules (POST /api/v1/classify/rules) are tried first and win over the built-in ones. " +
    'Deterministic: the same transactions and rules always give the same answer. Counts against the rate limit, not against the monthly conversion quota.\n\n' +
    '| category | name | classification |\n|---|---|---|\n' +
    TAXONOMY_TABLE,
  headers: apiKeyHeader,
  body: classifyBodySchema,
  response: { 200: Type.Object({ transactions: Type.Array(ClassifiedTransaction) }), 400: problemRef, ...securedErrors },
};

export const ruleBodySchema = Type.Object(
  {
    pattern: Type.String({
      minLength: 1,
      maxLength: RULE_PATTERN_MAX,
      description:
        'Case-insensitive substring of the description, or /regex/ in RE2 syntax, matched in linear time (always case-insensitive; no back-references or look-arounds; a regex may compile to at most 1,200 steps).',
    }),
    category: CategoryId,
    classification: Type.Optional(Type.Union([Kind, Type.Null()])),
  },
  { additionalProperties: false },
);

export const ruleParamsSchema = Type.Object({ id: Type.String({ maxLength: 60 }) });

export const rulesListSchema = {
  ...BETA,
  summary: 'Beta: list classification rules',
  description: "Beta: the account's classification rules in the order they are tried (oldest first; the first match wins).",
  headers: apiKeyHeader,
  response: { 200: Type.Object({ rules: Type.Array(Type.Ref('ClassifyRule')) }), ...securedErrors },
};

export const ruleCreateSchema = {
  ...BETA,
  summary: 'Beta: add a classification rule',
  description: `Beta: "descriptions matching \`pattern\` are \`category\`". New rules are tried after older ones. At most ${MAX_RULES_PER_ACCOUNT} rules per account.`,
  headers: apiKeyHeader,
  body: ruleBodySchema,
  response: { 201: Type.Ref('ClassifyRule'), 400: problemRef, ...securedErrors },
};

export const ruleDeleteSchema = {
  ...BETA,
  summary: 'Beta: delete a classification rule',
  description: 'Beta: deletes one of your rules. 404 when the account has no rule with this id.',
  headers: apiKeyHeader,
  params: ruleParamsSchema,
  response: { 204: Type.Null({ description: 'Deleted.' }), 404: problemRef, ...securedErrors },
};
