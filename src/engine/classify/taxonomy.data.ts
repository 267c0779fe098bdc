// The one taxonomy every classification uses. Ids are stable API values: rename the display name freely,
// never the id. `nature` decides the income/expense/transfer verdict: profit-and-loss categories follow the
// direction of the money, balance-sheet categories (money that only changes pockets) are always transfers.

export const CATEGORY_IDS = [
  'sales',
  'interest',
  'refunds',
  'rent',
  'utilities',
  'telephone_internet',
  'travel',
  'motor',
  'fuel',
  'meals',
  'subscriptions_software',
  'bank_charges',
  'professional_fees',
  'insurance',
  'payroll',
  'hmrc_tax',
  'loan_repayments',
  'drawings_capital',
  'own_transfers',
  'cash_withdrawals',
  'other',
] as const;

export type CategoryId = (typeof CATEGORY_IDS)[number];

export interface CategoryInfo {
  id: CategoryId;
  name: string;
  nature: 'pnl' | 'balance';
  description: string;
}

export const CATEGORIES: readonly CategoryInfo[] = [
  {
    id: 'sales',
    name: 'Sales',
    nature: 'pnl',
    description: 'Money from customers: invoices paid, card and online takings paid out by payment processors, cash paid in.',
  },
  { id: 'interest', name: 'Interest', nature: 'pnl', description: 'Interest received on balances, or interest charged on overdrafts and loans.' },
  {
    id: 'refunds',
    name: 'Refunds',
    nature: 'pnl',
    description: 'Money back from suppliers (refunds, reversals, returned direct debits, cashback), or refunds paid to customers.',
  },
  {
    id: 'rent',
    name: 'Rent and rates',
    nature: 'pnl',
    description: 'Rent of premises, serviced offices and storage, business rates and other council payments.',
  },
  { id: 'utilities', name: 'Utilities (light, heat and water)', nature: 'pnl', description: 'Electricity, gas, water and trade waste.' },
  { id: 'telephone_internet', name: 'Telephone and internet', nature: 'pnl', description: 'Landlines, mobiles, broadband and business phone services.' },
  { id: 'travel', name: 'Travel', nature: 'pnl', description: 'Trains, buses, flights, taxis, hotels and hire cars.' },
  {
    id: 'motor',
    name: 'Motor expenses',
    nature: 'pnl',
    description: 'Running a vehicle other than fuel: servicing, tyres, parking, tolls, congestion charges, vehicle tax, breakdown cover, leasing.',
  },
  { id: 'fuel', name: 'Fuel', nature: 'pnl', description: 'Petrol, diesel and electric vehicle charging.' },
  { id: 'meals', name: 'Meals and subsistence', nature: 'pnl', description: 'Cafés, restaurants, pubs, takeaways and food and drink from supermarkets.' },
  {
    id: 'subscriptions_software',
    name: 'Subscriptions and software',
    nature: 'pnl',
    description: 'Software, cloud services, hosting and domains, app stores, memberships of trade and professional bodies.',
  },
  {
    id: 'bank_charges',
    name: 'Bank charges',
    nature: 'pnl',
    description: 'Account fees, transaction and foreign-exchange fees, card-processing fees and commissions.',
  },
  {
    id: 'professional_fees',
    name: 'Professional fees',
    nature: 'pnl',
    description: 'Accountants, bookkeepers, solicitors, surveyors, consultants and statutory filing fees (Companies House, ICO).',
  },
  { id: 'insurance', name: 'Insurance', nature: 'pnl', description: 'Business, vehicle, professional indemnity, health and life insurance premiums.' },
  { id: 'payroll', name: 'Payroll', nature: 'pnl', description: 'Wages and salaries, payroll bureaus and workplace pensions.' },
  {
    id: 'hmrc_tax',
    name: 'Tax payments to HMRC',
    nature: 'pnl',
    description: 'VAT, PAYE and National Insurance, Corporation Tax, Self Assessment; repayments from HMRC when money comes in.',
  },
  {
    id: 'loan_repayments',
    name: 'Loan repayments',
    nature: 'balance',
    description: 'Repayments to lenders and hire purchase; loan money received from a lender also lands here.',
  },
  {
    id: 'drawings_capital',
    name: "Owner's drawings and capital",
    nature: 'balance',
    description: "Money the owner takes out (drawings, dividends, director's loan) or puts in (capital introduced).",
  },
  {
    id: 'own_transfers',
    name: 'Transfers between own accounts',
    nature: 'balance',
    description: 'Moves to and from savings, pots, other current accounts and credit-card repayments.',
  },
  { id: 'cash_withdrawals', name: 'Cash withdrawals', nature: 'balance', description: 'Cash taken out at cash machines or over the counter.' },
  {
    id: 'other',
    name: 'Other',
    nature: 'pnl',
    description: 'Everything else, including general purchases from retailers and merchants the classifier does not know.',
  },
];

export const CATEGORY_BY_ID: ReadonlyMap<CategoryId, CategoryInfo> = new Map(CATEGORIES.map((c) => [c.id, c]));

export const isCategoryId = (v: unknown): v is CategoryId => typeof v === 'string' && (CATEGORY_IDS as readonly string[]).includes(v);

export const categoryName = (id: CategoryId): string => CATEGORY_BY_ID.get(id)?.name ?? id;
