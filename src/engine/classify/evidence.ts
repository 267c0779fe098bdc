// Builds the phrase matcher from the data files once, at module load, and picks the best hit of each kind
// for one description.
import { KEYWORD_RULES, type KeywordRule } from './keyword-rules.data.js';
import { MERCHANT_GROUPS, type MerchantGroup } from './merchant-dictionary.data.js';
import { PAYEE_GROUPS } from './payee-dictionary.data.js';
import { PhraseMatcher, type PhraseHit } from './phrase-matcher.js';
import type { CategoryId } from './taxonomy.data.js';
import type { Direction } from './types.js';

type MerchantPayload = { source: 'merchant'; group: MerchantGroup; name: string; order: number };
/** `rank` is the rule's place in KEYWORD_RULES. */
type KeywordPayload = { source: 'keyword'; rule: KeywordRule; name: string; order: number; rank: number };
export type Payload = MerchantPayload | KeywordPayload;

export const ALL_GROUPS: readonly MerchantGroup[] = [...MERCHANT_GROUPS, ...PAYEE_GROUPS];

const displayName = (phrase: string): string => phrase.replace(/\*$/, '');

function build(): PhraseMatcher<Payload> {
  const m = new PhraseMatcher<Payload>();
  let order = 0;
  for (const group of ALL_GROUPS) for (const name of group.names) m.add(name, { source: 'merchant', group, name: displayName(name), order: order++ });
  KEYWORD_RULES.forEach((rule, rank) => {
    for (const name of rule.words) m.add(name, { source: 'keyword', rule, name, order: order++, rank });
  });
  return m;
}

export const MATCHER = build();

/**
 * Money in that mentions a spending word ("KITCHEN", "FUEL") is not spending: a card credit is a refund and
 * a bank credit is usually a customer. Only these categories can be named by an ordinary keyword on a credit.
 */
const CREDIT_KEYWORD_CATEGORIES = new Set<CategoryId>([
  'sales',
  'interest',
  'refunds',
  'rent',
  'hmrc_tax',
  'insurance',
  'loan_repayments',
  'own_transfers',
  'drawings_capital',
]);

export interface Evidence {
  merchant: PhraseHit<MerchantPayload> | null;
  /** Payment intermediaries, and payment processors on money out (a card payment taken by SumUp is the café's). */
  intermediary: PhraseHit<MerchantPayload> | null;
  override: PhraseHit<KeywordPayload> | null;
  keyword: PhraseHit<KeywordPayload> | null;
  weakKeyword: PhraseHit<KeywordPayload> | null;
}

/** Longer phrases first; then the one listed first in the data (specific before vague); then the one printed first. */
function longerThenListed<P extends Payload>(a: PhraseHit<P> | null, b: PhraseHit<P>): PhraseHit<P> {
  if (!a) return b;
  if (b.length !== a.length) return b.length > a.length ? b : a;
  if (b.payload.order !== a.payload.order) return b.payload.order < a.payload.order ? b : a;
  return b.start < a.start ? b : a;
}

/** Overrides rank by their place in the list (interest before transfers), then by length. */
function listedThenLonger(a: PhraseHit<KeywordPayload> | null, b: PhraseHit<KeywordPayload>): PhraseHit<KeywordPayload> {
  if (!a) return b;
  if (a.payload.rank !== b.payload.rank) return b.payload.rank < a.payload.rank ? b : a;
  return longerThenListed(a, b);
}

/**
 * `codeFrom`..`codeTo` are the token positions of the bank's type code: keywords lying wholly inside it
 * ("MOBILE" in "MOBILE PAYMENT") are evidence of the code already and are not read again; keywords that run
 * past it ("PAY AND DISPLAY") still count.
 */
export function gatherEvidence(tokens: readonly string[], dir: Direction, codeFrom = 0, codeTo = 0): Evidence {
  const ev: Evidence = { merchant: null, intermediary: null, override: null, keyword: null, weakKeyword: null };
  for (const hit of MATCHER.findAll(tokens)) {
    const p = hit.payload;
    if (p.source === 'merchant') {
      const h = hit as PhraseHit<MerchantPayload>;
      if (p.group.intermediary || (dir === 'debit' && p.group.debit)) ev.intermediary = longerThenListed(ev.intermediary, h);
      else ev.merchant = longerThenListed(ev.merchant, h);
      continue;
    }
    if (p.rule.dir && p.rule.dir !== dir) continue;
    if (hit.start >= codeFrom && hit.start + hit.length <= codeTo) continue;
    const h = hit as PhraseHit<KeywordPayload>;
    if (p.rule.override) ev.override = listedThenLonger(ev.override, h);
    else if (dir === 'credit' && !p.rule.dir && !CREDIT_KEYWORD_CATEGORIES.has(p.rule.category)) continue;
    else if (p.rule.weak) ev.weakKeyword = longerThenListed(ev.weakKeyword, h);
    else ev.keyword = longerThenListed(ev.keyword, h);
  }
  // A longer processor name swallows the merchant inside it: "BARCLAYCARD MERCHANT SERVICES" is not the card.
  const m = ev.merchant;
  const i = ev.intermediary;
  if (m && i && i.length > m.length && i.start <= m.start && i.start + i.length >= m.start + m.length) ev.merchant = null;
  return ev;
}
