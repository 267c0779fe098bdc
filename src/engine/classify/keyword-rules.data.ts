// Words and phrases that point to a category when no known merchant does. Matched as whole words with the
// same normalisation as the dictionaries. `override` rules state the nature of the movement itself
// ("REFUND", "INTEREST", "DRAWINGS") and so beat a merchant name; the others only decide when no merchant
// matched. `dir` limits a rule to money out (debit) or money in (credit).
import type { CategoryId } from './taxonomy.data.js';
import type { Direction } from './types.js';

export interface KeywordRule {
  category: CategoryId;
  /** Ends the reason: 'Description mentions "X", a word used for <about>'. */
  about: string;
  words: readonly string[];
  dir?: Direction;
  override?: boolean;
  /** Weak words decide only when nothing else does, and never beat a more specific keyword. */
  weak?: boolean;
  /** Base confidence; default 0.75 (0.85 for overrides). */
  confidence?: number;
}

export const KEYWORD_RULES: readonly KeywordRule[] = [
  // Overrides: the words describe what happened, whoever the counterparty is.
  {
    category: 'refunds', about: 'refunds and reversals', override: true,
    words: ['REFUND', 'REFUNDED', 'RFND', 'RFD', 'REFUND FROM', 'REVERSAL', 'REVERSED', 'CHARGEBACK', 'REBATE', 'RETURNED DD',
      'DD RETURNED', 'RETURNED DIRECT DEBIT', 'UNPAID DIRECT DEBIT', 'RETURN OF FUNDS', 'RETURNED PAYMENT', 'PAYMENT RETURNED'],
  },
  { category: 'refunds', about: 'cashback', override: true, dir: 'credit', words: ['CASHBACK', 'CASH BACK'] },
  {
    category: 'interest', about: 'interest', override: true, confidence: 0.9,
    words: ['INTEREST', 'GROSS INTEREST', 'CREDIT INTEREST', 'INTEREST PAID', 'INTEREST CHARGED', 'OVERDRAFT INTEREST',
      'DEBIT INTEREST', 'INT PAID', 'INTEREST EARNED'],
  },
  {
    category: 'bank_charges', about: 'bank charges', override: true, confidence: 0.9,
    words: ['NON STERLING', 'NON STERLING TRANSACTION FEE', 'NON GBP', 'FOREIGN TRANSACTION FEE', 'FX FEE', 'ACCOUNT FEE', 'MONTHLY FEE',
      'MONTHLY ACCOUNT FEE', 'MAINTENANCE FEE', 'SERVICE CHARGE', 'SERVICE CHARGES', 'BANK CHARGE', 'BANK CHARGES', 'ARRANGEMENT FEE',
      'OVERDRAFT FEE', 'UNPAID ITEM', 'UNPAID ITEM FEE', 'UNARRANGED OVERDRAFT', 'COMMISSION', 'TRANSACTION FEE', 'TRANSACTION CHARGE',
      'TRANSACTION CHARGES', 'CHAPS FEE', 'SWIFT FEE', 'INTERNATIONAL PAYMENT FEE', 'ACCOUNT CHARGES', 'PLAN FEE', 'CARD FEE',
      'PROCESSING FEE', 'PROCESSING FEES', 'MERCHANT FEE', 'MERCHANT FEES', 'MSC', 'CASH HANDLING', 'PAYMENT FEE', 'STATEMENT FEE'],
  },
  {
    category: 'cash_withdrawals', about: 'cash withdrawals', override: true, dir: 'debit', confidence: 0.9,
    words: ['CASH WITHDRAWAL', 'CASH WDL', 'CASHPOINT', 'CASH MACHINE', 'ATM WITHDRAWAL', 'NOTEMACHINE', 'CARDTRONICS', 'LNK',
      'LINK ATM', 'CASH WITHDRAWN', 'CASH OUT', 'COUNTER WITHDRAWAL', 'EURONET', 'CASH ATM'],
  },
  {
    category: 'drawings_capital', about: "the owner's drawings or capital", override: true,
    words: ['DRAWINGS', 'DRAWING', 'DIVIDEND', 'DIVIDENDS', 'DIRECTOR LOAN', 'DIRECTORS LOAN', 'DLA', 'CAPITAL INTRODUCED',
      'CAPITAL INJECTION', 'SHARE CAPITAL', 'OWNER CONTRIBUTION', 'FUNDS INTRODUCED', 'DIRECTOR FUNDS', 'OWNERS DRAWINGS', 'PERSONAL USE'],
  },
  {
    category: 'own_transfers', about: 'transfers between your own accounts', override: true, confidence: 0.85,
    words: ['INTERNAL TRANSFER', 'OWN ACCOUNT', 'OWN ACCT', 'BETWEEN ACCOUNTS', 'TO SAVINGS', 'FROM SAVINGS', 'SAVINGS POT', 'TO POT',
      'FROM POT', 'TO SPACE', 'FROM SPACE', 'SWEEP', 'BUSINESS RESERVE', 'RESERVE ACCOUNT', 'CREDIT CARD PAYMENT', 'CARD REPAYMENT',
      'CREDIT CARD REPAYMENT', 'TAX POT', 'VAT POT', 'VAULT'],
  },
  // Ordinary keywords decide only when no merchant is known. When two match with equally many words, the
  // one listed first wins, so the list runs from specific to vague: "PETROL" beats "GARAGE", "PARKING"
  // beats "AIRPORT", "ACCOUNTANCY" beats "CLOUD".
  { category: 'sales', about: 'customer payments', dir: 'credit', confidence: 0.8,
    words: ['INVOICE', 'INV', 'INV NO', 'INVOICE NO', 'SALES', 'SALE', 'TAKINGS', 'PAYOUT', 'PAYOUTS', 'SETTLEMENT', 'REMITTANCE', 'REMIT',
      'CASH DEPOSIT', 'PAID IN', 'COUNTER CREDIT', 'CHEQUE DEPOSIT'] },
  { category: 'fuel', about: 'fuel',
    words: ['FUEL', 'FUELS', 'PETROL', 'DIESEL', 'FILLING STATION', 'SERVICE STATION', 'PFS', 'FORECOURT', 'EV CHARGING', 'CHARGEPOINT',
      'CHARGE POINT', 'PETROLEUM', 'GARAGE FUEL', 'UNLEADED', 'ADBLUE'] },
  { category: 'motor', about: 'motor expenses',
    words: ['PARKING', 'CAR PARK', 'CARPARK', 'GARAGE', 'MOT', 'TYRE', 'TYRES', 'AUTOCENTRE', 'AUTO CENTRE', 'MOTORS', 'AUTOS', 'CAR WASH',
      'VALETING', 'HAND CAR WASH', 'BREAKDOWN', 'VEHICLE TAX', 'ROAD TAX', 'CAR TAX', 'TOLL', 'CONGESTION', 'PCN', 'PENALTY CHARGE',
      'CAR LEASE', 'VEHICLE LEASE', 'CONTRACT HIRE', 'VAN HIRE', 'SERVICING', 'CAR SERVICE', 'AUTO REPAIRS', 'MECHANICS', 'BODYWORK',
      'EXHAUST', 'EXHAUSTS', 'WINDSCREEN', 'CAR PARTS', 'VEHICLE', 'VAN', 'CAR', 'PAY AND DISPLAY'] },
  { category: 'professional_fees', about: 'professional fees',
    words: ['ACCOUNTANT', 'ACCOUNTANTS', 'ACCOUNTANCY', 'ACCOUNTING', 'BOOKKEEPING', 'BOOKKEEPER', 'SOLICITOR', 'SOLICITORS', 'LEGAL',
      'LAW', 'LAWYERS', 'LLP', 'CHARTERED ACCOUNTANTS', 'AUDIT', 'AUDITORS', 'TAX ADVISER', 'TAX ADVISERS', 'TAX RETURN', 'SURVEYOR',
      'SURVEYORS', 'ARCHITECT', 'ARCHITECTS', 'CONSULTANCY', 'CONSULTING', 'CONSULTANT', 'CONSULTANTS', 'ADVISORY', 'NOTARY',
      'PROFESSIONAL FEES', 'PROFESSIONAL FEE', 'HR SERVICES', 'CONVEYANCING', 'BARRISTER', 'CHAMBERS'] },
  { category: 'payroll', about: 'payroll', dir: 'debit',
    words: ['SALARY', 'SALARIES', 'WAGES', 'WAGE', 'PAYROLL', 'NET PAY', 'PENSION', 'PENSIONS', 'WORKPLACE PENSION', 'STAFF', 'BONUS',
      'HOLIDAY PAY', 'SICK PAY', 'EMPLOYEE'] },
  { category: 'hmrc_tax', about: 'tax payments to HMRC',
    words: ['VAT', 'VAT RETURN', 'PAYE', 'NIC', 'NI CONTRIBUTIONS', 'CORPORATION TAX', 'SELF ASSESSMENT', 'TAX PAYMENT', 'CIS', 'TAX',
      'VAT PAYMENT', 'VAT REPAYMENT', 'TAX REFUND', 'TAX REBATE'] },
  { category: 'insurance', about: 'insurance',
    words: ['INSURANCE', 'INSURE', 'INSURERS', 'ASSURANCE', 'INS PREMIUM', 'POLICY', 'INDEMNITY', 'PUBLIC LIABILITY', 'EMPLOYERS LIABILITY',
      'PROFESSIONAL INDEMNITY', 'LIFE COVER', 'COVER', 'PREMIUM'] },
  { category: 'loan_repayments', about: 'loans', confidence: 0.7,
    words: ['LOAN', 'LOANS', 'LOAN REPAYMENT', 'MORTGAGE', 'FINANCE', 'HIRE PURCHASE', 'ASSET FINANCE', 'EQUIPMENT FINANCE', 'CAR FINANCE',
      'REPAYMENT', 'REPAYMENTS', 'LENDING', 'CREDIT LINE', 'INSTALMENT', 'INSTALLMENT'] },
  { category: 'rent', about: 'rent and rates',
    words: ['RENT', 'RENTAL', 'OFFICE RENT', 'SHOP RENT', 'UNIT RENT', 'LANDLORD', 'LETTINGS', 'LETTING', 'ESTATES', 'PROPERTY MANAGEMENT',
      'RATES', 'WORKSPACE', 'COWORKING', 'CO WORKING', 'OFFICE SPACE', 'DESK HIRE', 'STORAGE', 'SELF STORAGE', 'LEASE',
      'GROUND RENT', 'WAREHOUSE', 'UNIT'] },
  // Councils also pay suppliers, so the bare word only counts for money out.
  { category: 'rent', about: 'rent and rates', dir: 'debit', words: ['COUNCIL'] },
  { category: 'utilities', about: 'light, heat and water',
    words: ['ELECTRIC', 'ELECTRICITY', 'ENERGY', 'GAS', 'POWER', 'WATER', 'WATER RATES', 'WASTE', 'TRADE WASTE', 'RECYCLING', 'UTILITIES',
      'HEATING OIL', 'SEWERAGE'] },
  { category: 'telephone_internet', about: 'telephone and internet',
    words: ['BROADBAND', 'TELECOM', 'TELECOMS', 'TELECOMMUNICATIONS', 'MOBILE', 'PHONE', 'PHONES', 'TELEPHONE', 'TELEPHONY', 'FIBRE',
      'INTERNET', 'WIFI', 'SIM', 'VOIP', 'LANDLINE', 'MOBILE PHONE', 'TELEPHONE SYSTEMS'] },
  { category: 'travel', about: 'travel',
    words: ['TRAIN', 'TRAINS', 'RAIL', 'RAILWAY', 'RAILWAYS', 'TAXI', 'TAXIS', 'CAB', 'CABS', 'AIRPORT', 'AIRWAYS', 'AIRLINES', 'AIRLINE',
      'FLIGHT', 'FLIGHTS', 'HOTEL', 'HOTELS', 'LODGE', 'GUEST HOUSE', 'GUESTHOUSE', 'B AND B', 'BUS', 'BUSES', 'COACH', 'COACHES',
      'FERRY', 'FERRIES', 'TRAVEL', 'CAR HIRE', 'CAR RENTAL', 'UNDERGROUND', 'TRAM', 'TRAMS', 'PRIVATE HIRE', 'MINICAB', 'CHAUFFEUR',
      'RAIL TICKET', 'SEASON TICKET', 'OYSTER', 'ACCOMMODATION'] },
  { category: 'meals', about: 'meals and subsistence',
    words: ['RESTAURANT', 'RESTAURANTS', 'CAFE', 'CAFFE', 'COFFEE', 'ESPRESSO', 'BAKERY', 'BAKERS', 'KITCHEN', 'DINER', 'PIZZA',
      'PIZZERIA', 'GRILL', 'BISTRO', 'BRASSERIE', 'TAVERN', 'PUB', 'BAR', 'INN', 'ARMS', 'TEA ROOM', 'TEA ROOMS', 'TEAROOM', 'DELI',
      'SANDWICH', 'SANDWICHES', 'SUSHI', 'CURRY', 'TANDOORI', 'KEBAB', 'CHIPPY', 'FISH AND CHIPS', 'NOODLE', 'NOODLES', 'RAMEN',
      'TAKEAWAY', 'CATERING', 'BUTCHERS', 'GROCERS', 'SUPERMARKET', 'CANTEEN', 'LUNCH', 'MEAL', 'DINNER', 'BREAKFAST', 'BURGER',
      'BURGERS', 'EATERY', 'TAPROOM', 'WINE BAR', 'BREWERY', 'CARVERY', 'STEAKHOUSE', 'TRATTORIA', 'CANTINA', 'BAGEL', 'PATISSERIE',
      'SMOKEHOUSE', 'DOUGHNUTS', 'JUICE', 'FOOD', 'SNACK', 'SNACKS', 'CONVENIENCE STORE', 'NEWSAGENT', 'OFF LICENCE', 'SUPERSTORE'] },
  { category: 'subscriptions_software', about: 'subscriptions and software',
    words: ['SOFTWARE', 'SUBSCRIPTION', 'SUBSCRIPTIONS', 'SUBS', 'MEMBERSHIP', 'LICENCE', 'LICENSE', 'SAAS', 'HOSTING', 'DOMAIN', 'DOMAINS',
      'CLOUD', 'APP', 'APPS', 'WEBSITE', 'WEB HOSTING', 'SERVER', 'ANNUAL PLAN', 'MONTHLY PLAN', 'PRO PLAN', 'PREMIUM PLAN', 'STREAMING'] },
  { category: 'own_transfers', about: 'transfers between your own accounts', confidence: 0.65, weak: true,
    words: ['SAVINGS', 'SAVER', 'ISA', 'POT', 'TOP UP', 'TOPUP', 'CREDIT CARD', 'INSTANT ACCESS', 'DEPOSIT ACCOUNT', 'TRANSFER TO', 'TRANSFER FROM',
      'TFR TO', 'TFR FROM', 'TRF TO', 'TRF FROM', 'TRANSFER', 'ACCOUNT TRANSFER', 'MOBILE TRANSFER', 'ONLINE TRANSFER'] },
  { category: 'sales', about: 'customer payments', dir: 'credit', confidence: 0.7, weak: true,
    words: ['CUSTOMER', 'DEPOSIT', 'FEES', 'JOB', 'QUOTE', 'ORDER', 'BOOKING', 'WORKS', 'CONTRACT', 'PROJECT', 'CONSULTANCY', 'SERVICES'] },
  { category: 'bank_charges', about: 'bank charges', dir: 'debit', confidence: 0.6, weak: true,
    words: ['CHARGE', 'CHARGES', 'FEE', 'FEES', 'BANK', 'COMMISSION CHARGE'] },
];
