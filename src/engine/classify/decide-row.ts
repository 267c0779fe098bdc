// The evidence order for one row (docs/classify.md): bank type codes that settle the matter, sticky payees,
// words that state the nature of the movement, known merchants and payees, keywords, payment
// intermediaries, weak words, the type code alone, and finally the direction alone.
import { gatherEvidence } from './evidence.js';
import type { MerchantGroup } from './merchant-dictionary.data.js';
import { tokenize } from './phrase-matcher.js';
import { categoryName, type CategoryId } from './taxonomy.data.js';
import { detectTypeCode, effectiveKind, leadWords, type CodeKind } from './type-codes.js';
import type { Direction } from './types.js';

export interface RowDecision {
  category: CategoryId;
  confidence: number;
  reason: string;
  /** Strong decisions (a named payee or explicit words) are never overturned by same-day pairing. */
  strong: boolean;
  code: CodeKind | null;
}

/** Categories a type code usually goes with; agreement adds a little confidence. */
const CODE_AGREES: Partial<Record<CodeKind, ReadonlySet<CategoryId>>> = {
  direct_debit: new Set<CategoryId>([
    'utilities',
    'telephone_internet',
    'insurance',
    'rent',
    'loan_repayments',
    'subscriptions_software',
    'hmrc_tax',
    'professional_fees',
    'payroll',
    'motor',
  ]),
  standing_order: new Set<CategoryId>(['rent', 'loan_repayments', 'own_transfers', 'drawings_capital', 'payroll', 'insurance', 'professional_fees']),
  card: new Set<CategoryId>(['meals', 'fuel', 'travel', 'motor', 'subscriptions_software', 'other', 'telephone_internet']),
  bank_credit: new Set<CategoryId>(['sales', 'hmrc_tax']),
  faster_in: new Set<CategoryId>(['sales', 'drawings_capital', 'own_transfers']),
  deposit: new Set<CategoryId>(['sales']),
  payment_out: new Set<CategoryId>(['payroll', 'professional_fees', 'rent', 'hmrc_tax', 'drawings_capital', 'own_transfers', 'loan_repayments']),
  transfer: new Set<CategoryId>(['own_transfers', 'drawings_capital']),
};

const REFUNDABLE_EXEMPT = new Set<CategoryId>(['sales', 'interest', 'refunds']);

function withCode(confidence: number, category: CategoryId, code: CodeKind | null): number {
  const bonus = code && CODE_AGREES[code]?.has(category) ? 0.05 : 0;
  return Math.min(0.98, confidence + bonus);
}

const codeNote = (code: { code: string } | null): string => (code ? ` (${code.code})` : '');

function merchantDecision(group: MerchantGroup, name: string, dir: Direction, code: CodeKind | null, printed: string): RowDecision {
  const lead = leadWords(code, dir);
  if (dir === 'credit') {
    const explicit = group.credit;
    if (!explicit && !REFUNDABLE_EXEMPT.has(group.category)) {
      return { category: 'refunds', confidence: 0.75, strong: true, code, reason: `Money back from a known ${group.kind} (${name}), so a refund` };
    }
    const category = explicit ?? group.category;
    return {
      category,
      confidence: withCode(group.confidence ?? 0.9, category, code),
      strong: true,
      code,
      reason: `${lead}${printed} from a known ${group.kind} (${name})`,
    };
  }
  if (group.debit && group.debit !== group.category) {
    return {
      category: group.debit,
      confidence: withCode(group.confidence ?? 0.9, group.debit, code),
      strong: true,
      code,
      reason: `${lead}${printed} to a known ${group.kind} (${name}): money out to it is its fees, so ${categoryName(group.debit).toLowerCase()}`,
    };
  }
  return {
    category: group.category,
    confidence: withCode(group.confidence ?? 0.9, group.category, code),
    strong: true,
    code,
    reason: `${lead}${printed} to a known ${group.kind} (${name})`,
  };
}

function fallback(dir: Direction, code: CodeKind | null, printed: string): RowDecision {
  const d = (category: CategoryId, confidence: number, reason: string): RowDecision => ({ category, confidence, reason, strong: false, code });
  if (dir === 'credit') {
    switch (code) {
      case 'transfer':
        return d('own_transfers', 0.6, `Transfer in${printed} with no payee the classifier knows, so most likely between your own accounts`);
      case 'card':
        return d('refunds', 0.7, `Card credit${printed}: money back on a card payment is a refund`);
      case 'direct_debit':
        return d('refunds', 0.6, `Direct debit credit${printed}: money back on a direct debit is a refund`);
      case 'bank_credit':
      case 'faster_in':
        return d('sales', 0.6, `Payment in${printed} from a payer the classifier does not know; money in from others is usually a customer paying`);
      case 'deposit':
      case 'cash':
      case 'cheque':
        return d('sales', 0.55, `Money paid in over the counter${printed}, usually takings`);
      default:
        return d('sales', 0.45, 'Money in with no other evidence; for a business that is most often a customer paying');
    }
  }
  switch (code) {
    case 'transfer':
      return d('own_transfers', 0.6, `Transfer out${printed} with no payee the classifier knows, so most likely between your own accounts`);
    case 'card':
      return d('other', 0.4, `Card payment${printed} to a merchant the classifier does not know`);
    case 'direct_debit':
      return d('other', 0.35, `Direct debit${printed} to a payee the classifier does not know`);
    case 'standing_order':
      return d('other', 0.35, `Standing order${printed} to a payee the classifier does not know`);
    default:
      return d('other', 0.3, 'Money out to a payee the classifier does not know, with no other evidence');
  }
}

export function decideRow(description: string, reference: string, dir: Direction): RowDecision {
  const upper = description.toUpperCase();
  const typeCode = detectTypeCode(upper);
  const code = typeCode ? effectiveKind(typeCode.kind, dir) : null;
  const printed = codeNote(typeCode);

  const descTokens = tokenize(description);
  const tokens = reference ? descTokens.concat(tokenize(reference)) : descTokens;
  const [codeFrom, codeTo] = !typeCode ? [0, 0] : typeCode.at === 'start' ? [0, typeCode.words] : [descTokens.length - typeCode.words, descTokens.length];
  const ev = gatherEvidence(tokens, dir, codeFrom, codeTo);

  if (code === 'charge')
    return { category: 'bank_charges', confidence: 0.95, strong: true, code, reason: `The bank's type code ${typeCode!.code} marks a bank charge` };
  if (code === 'interest')
    return { category: 'interest', confidence: 0.95, strong: true, code, reason: `The bank's type code ${typeCode!.code} marks interest` };
  // The plain word CASH opens other descriptions too ("CASH HANDLING CHARGE"): explicit words beat it.
  if (code === 'cash' && dir === 'debit' && !(typeCode!.code === 'CASH' && ev.override)) {
    return { category: 'cash_withdrawals', confidence: 0.95, strong: true, code, reason: `The bank's type code ${typeCode!.code} marks a cash withdrawal` };
  }

  if (ev.merchant?.payload.group.sticky) return merchantDecision(ev.merchant.payload.group, ev.merchant.payload.name, dir, code, printed);
  if (ev.override) {
    const { rule, name } = ev.override.payload;
    return {
      category: rule.category,
      confidence: withCode(rule.confidence ?? 0.85, rule.category, code),
      strong: true,
      code,
      reason: `Description says "${name}", which marks ${rule.about}`,
    };
  }
  if (ev.merchant) return merchantDecision(ev.merchant.payload.group, ev.merchant.payload.name, dir, code, printed);
  if (ev.keyword) {
    const { rule, name } = ev.keyword.payload;
    return {
      category: rule.category,
      confidence: withCode(rule.confidence ?? 0.75, rule.category, code),
      strong: false,
      code,
      reason: `${leadWords(code, dir)}${printed} whose description mentions "${name}", a word used for ${rule.about}`,
    };
  }
  if (ev.intermediary) {
    const { group, name } = ev.intermediary.payload;
    if (dir === 'credit')
      return {
        category: group.credit ?? 'sales',
        confidence: 0.55,
        strong: false,
        code,
        reason: `Money received through ${name}, a payment service customers pay through`,
      };
    if (group.debit) {
      return {
        category: group.debit,
        confidence: 0.7,
        strong: false,
        code,
        reason: `${leadWords(code, dir)}${printed} to a known ${group.kind} (${name}) with no merchant named after it, so its fees`,
      };
    }
    return {
      category: group.category,
      confidence: group.confidence ?? 0.4,
      strong: false,
      code,
      reason: `Paid through ${name}, a payment intermediary, to a merchant the classifier does not know`,
    };
  }
  if (ev.weakKeyword) {
    const { rule, name } = ev.weakKeyword.payload;
    return {
      category: rule.category,
      confidence: withCode(rule.confidence ?? 0.6, rule.category, code),
      strong: false,
      code,
      reason: `${leadWords(code, dir)}${printed} whose description mentions "${name}", which often means ${rule.about}`,
    };
  }
  return fallback(dir, code, printed);
}
