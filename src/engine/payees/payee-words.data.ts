// Word lists the payee reader uses, as data. Every entry is upper case; multi-word entries are separated by
// single spaces. Nothing here is a name the reader may print on its own: these lists only say which
// printed words to drop, where a name ends, and how a printed word is capitalised.

/**
 * Bank type codes printed before the counterparty, longest first within a family so "DIRECT DEBIT PAYMENT
 * TO" wins over "DIRECT DEBIT". A superset of the classifier's codes (src/engine/classify/type-codes.ts):
 * the payee reader also needs the words that only introduce a name ("RECEIVED FROM", "TO").
 */
export type CodeKind = 'card' | 'debit' | 'out' | 'in' | 'transfer' | 'cash' | 'deposit' | 'cheque' | 'generic';

export const LEADING_CODES: readonly [string, CodeKind][] = [
  ['DIRECT DEBIT PAYMENT TO', 'debit'], ['DIRECT DEBIT TO', 'debit'], ['DIRECT DEBIT', 'debit'],
  ['STANDING ORDER VIA FASTER PAYMENT TO', 'out'], ['STANDING ORDER TO', 'out'], ['STANDING ORDER', 'out'],
  ['BILL PAYMENT VIA FASTER PAYMENT TO', 'out'], ['BILL PAYMENT TO', 'out'], ['BILL PAYMENT', 'out'],
  ['FASTER PAYMENT RECEIVED FROM', 'in'], ['FASTER PAYMENTS RECEIVED FROM', 'in'], ['FASTER PAYMENTS RECEIPT FROM', 'in'],
  ['FASTER PAYMENTS RECEIPT', 'in'], ['FASTER PAYMENT RECEIPT', 'in'], ['FASTER PAYMENT FROM', 'in'], ['FASTER PAYMENT TO', 'out'],
  ['FASTER PAYMENTS', 'generic'], ['FASTER PAYMENT', 'generic'],
  ['BANK GIRO CREDIT REF', 'in'], ['BANK GIRO CREDIT', 'in'], ['BANK CREDIT', 'in'], ['BACS CREDIT', 'in'], ['BACS PAYMENT TO', 'out'],
  ['DEBIT CARD PAYMENT TO', 'card'], ['DEBIT CARD PAYMENT', 'card'], ['CARD PAYMENT TO', 'card'], ['CARD PAYMENT', 'card'],
  ['CARD REFUND', 'card'], ['CARD PURCHASE', 'card'], ['VISA PURCHASE', 'card'], ['DEBIT CARD', 'card'], ['CONTACTLESS PAYMENT', 'card'], ['CONTACTLESS', 'card'],
  ['POS PURCHASE', 'card'], ['PURCHASE', 'card'],
  ['ATM WITHDRAWAL AT', 'cash'], ['ATM WITHDRAWAL', 'cash'], ['CASH MACHINE WITHDRAWAL AT', 'cash'], ['CASH MACHINE WITHDRAWAL', 'cash'], ['CASH WITHDRAWAL AT', 'cash'], ['CASH WITHDRAWAL', 'cash'],
  ['CASH DEPOSIT', 'deposit'], ['CHEQUE DEPOSIT', 'deposit'], ['PAID IN AT', 'deposit'], ['PAID IN', 'deposit'], ['COUNTER CREDIT', 'deposit'],
  ['INTERNAL TRANSFER TO', 'transfer'], ['INTERNAL TRANSFER FROM', 'transfer'], ['INTERNAL TRANSFER', 'transfer'],
  ['TRANSFER TO', 'transfer'], ['TRANSFER FROM', 'transfer'], ['TRANSFER', 'transfer'],
  ['ONLINE PAYMENT TO', 'out'], ['ONLINE PAYMENT', 'out'], ['MOBILE PAYMENT TO', 'out'], ['MOBILE PAYMENT', 'out'],
  ['PAYMENT TO', 'out'], ['PAYMENT FROM', 'in'], ['RECEIVED FROM', 'in'], ['MONEY SENT TO', 'out'], ['MONEY RECEIVED FROM', 'in'],
  // European credit-transfer and direct-debit words, as German and Austrian exports print them.
  ['GUTSCHR. SEPA', 'in'], ['GUTSCHR.', 'in'], ['GUTSCHRIFT UEBERWEISUNG', 'in'], ['GUTSCHRIFT ÜBERWEISUNG', 'in'], ['GUTSCHRIFT', 'in'],
  ['SEPA LASTSCHRIFT', 'debit'], ['FOLGELASTSCHRIFT', 'debit'], ['ERSTLASTSCHRIFT', 'debit'], ['LASTSCHRIFT', 'debit'],
  ['ABBUCHUNG EINZUGSERMÄCHTIGUNG', 'debit'], ['ABBUCHUNG EINZUGSERMAECHTIGUNG', 'debit'], ['ABBUCHUNG', 'debit'],
  ['SEPA UEBERWEISUNG', 'out'], ['SEPA ÜBERWEISUNG', 'out'], ['UEBERWEISUNG', 'out'], ['ÜBERWEISUNG', 'out'], ['DAUERAUFTRAG', 'out'],
  ['DDR', 'debit'], ['DD', 'debit'], ['D/D', 'debit'],
  ['SO', 'out'], ['S/O', 'out'], ['STO', 'out'],
  ['BGC', 'in'], ['BACS', 'in'], ['BAC', 'in'], ['FPI', 'in'], ['FPO', 'out'], ['OBP', 'out'], ['BP', 'out'], ['DPC', 'out'], ['FT', 'generic'],
  ['DEB', 'card'], ['VIS', 'card'], ['VISA', 'card'], ['POS', 'card'], ['CPD', 'card'], [')))', 'card'], ['BCC', 'card'], ['CPM', 'card'],
  ['ATM', 'cash'], ['CPT', 'cash'], ['C/L', 'cash'], ['CSH', 'cash'], ['CASH', 'cash'],
  ['TFR', 'transfer'], ['TRF', 'transfer'], ['CHQ', 'cheque'], ['CHEQUE', 'cheque'], ['DEP', 'deposit'],
  ['CHGS', 'generic'], ['CHG', 'generic'], ['INT', 'generic'], ['CR', 'generic'], ['DR', 'generic'], ['TO', 'out'], ['FROM', 'in'],
];

/** Codes some banks print after the payee (Barclays exports: "BRITISH GAS   DDR"). */
export const TRAILING_CODES: readonly string[] = [
  'DDR', 'DD', 'SO', 'STO', 'BGC', 'BAC', 'BACS', 'FPI', 'FPO', 'FT', 'BP', 'OBP', 'DPC', 'DEB', 'VIS', 'POS', 'ATM', 'CPT', 'TFR',
  'CHQ', 'BCC', 'CPM', 'CR', 'DR', 'SBT', 'TRF',
];

/** Codes that can also sit between the payee and what follows it ("LEEDS CITY COUNCIL DD 12345678"). */
export const INNER_CODES: ReadonlySet<string> = new Set(['DDR', 'DD', 'SO', 'BGC', 'BACS', 'FPI', 'FPO', 'BCC', 'CPM', 'DEB', 'VIS', 'POS']);

/** Words before the name that are never part of it ("Visa purchase refund AMAZON"). */
export const LEADING_NOISE: ReadonlySet<string> = new Set([
  'REFUND', 'RFD', 'RETURNED', 'REVERSAL', 'REVERSED', 'UNPAID', 'RECALLED', "INT'L", 'INTL', 'LNK', 'LINK', 'WWW', 'CD', 'C', 'CR', 'DR',
  'NON-STERLING',
]);

/** Of those, the words a line may start with before its type code ("RETURNED DIRECT DEBIT VODAFONE"). */
export const LINE_PREFIXES: ReadonlySet<string> = new Set(['REFUND', 'RFD', 'RETURNED', 'REVERSAL', 'REVERSED', 'UNPAID', 'RECALLED']);

/** Honorifics dropped before a person's name ("MR J SMITH" -> "J Smith"). */
export const HONORIFICS: ReadonlySet<string> = new Set(['MR', 'MRS', 'MS', 'MISS', 'MX', 'DR', 'MSTR', 'MASTER']);

/**
 * Words that start the reference or purpose after a name ("J SMITH RENT MARCH"); a name never runs past
 * one. Month names and short reference labels are here too.
 */
export const REFERENCE_WORDS: ReadonlySet<string> = new Set([
  'REF', 'REF:', 'REF.', 'REFERENCE', 'REFERENCE:', 'MANDATE', 'VIA', 'INV', 'INV:', 'INVOICE', 'INVOICES', 'RENT', 'RENTS', 'SALARY', 'WAGES',
  'WAGE', 'PAYROLL', 'LOAN', 'REPAYMENT', 'REPAYMENTS', 'DEPOSIT', 'EXPENSES', 'DIVIDEND', 'DIVIDENDS', 'BONUS', 'REMITTANCE', 'SETTLEMENT',
  'PAYOUT', 'PAYOUTS', 'SUBS', 'SUBSCRIPTION', 'JOB', 'QUOTE', 'ORDER', 'NNDR', 'CTAX', 'DINNER', 'GIFT', 'THANKS', 'BILL', 'FP', 'BY',
  'FOR', 'TXN', 'TRANSACTION', 'ID', 'NO', 'NO.', 'NUMBER', 'A/C', 'ROLL', 'FEE', 'FEES', 'PAY',
  'JAN', 'JANUARY', 'FEB', 'FEBRUARY', 'MAR', 'MARCH', 'APR', 'APRIL', 'MAY', 'JUN', 'JUNE', 'JUL', 'JULY', 'AUG', 'AUGUST', 'SEP', 'SEPT',
  'SEPTEMBER', 'OCT', 'OCTOBER', 'NOV', 'NOVEMBER', 'DEC', 'DECEMBER', 'Q1', 'Q2', 'Q3', 'Q4', 'WEEK', 'WK', 'MONTH', 'MONTHLY',
]);

/** Printed phrases that state the purpose after a name ("WAKEFIELD MDC COUNCIL TAX"). */
export const REFERENCE_PHRASES: ReadonlySet<string> = new Set(['COUNCIL TAX', 'BUSINESS RATES', 'NET PAY', 'HOLIDAY PAY', 'SUPPLIER PAYMENT', 'BATCH PAYMENT']);

/** Words after a known brand that make it another business ("TESCO BANK" is not the supermarket). */
export const BRAND_EXTENSIONS: ReadonlySet<string> = new Set(['BANK', 'FINANCE', 'MONEY', 'CREDIT CARD']);

/** Words before a known name that are not part of the payee ("THE TRAINLINE", "HOTEL IBIS", "WWW.EASYJET.COM"). */
export const NAME_FILLERS: ReadonlySet<string> = new Set(['THE', 'HOTEL', 'WWW', 'MY']);

/** Words a name never ends with ("EXCHANGED TO EUR" -> "Exchanged"). */
export const TRAILING_CONNECTORS: ReadonlySet<string> = new Set(['TO', 'AT', 'OF', 'AND', '&', 'THE', 'FOR', 'BY', 'ON', 'FROM', 'VIA', 'A']);

/** Words that end a name and belong to it: a company's legal form. */
export const COMPANY_SUFFIXES: ReadonlySet<string> = new Set(['LTD', 'LTD.', 'LIMITED', 'PLC', 'LLP', 'INC', 'INC.', 'GMBH', 'SARL', 'BV', 'CIC', 'LLC']);

/** Currency codes; one followed by an amount ends the name ("CARREFOUR PARIS EUR 23.40"). */
export const CURRENCIES: ReadonlySet<string> = new Set([
  'GBP', 'EUR', 'USD', 'AUD', 'CAD', 'CHF', 'JPY', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'HUF', 'AED', 'INR', 'NZD', 'SGD', 'HKD', 'ZAR', 'TRY', 'THB', 'MXN',
]);

/** Country codes (ISO 3166 alpha-2 and alpha-3) card networks print after the town. */
export const COUNTRY_CODES: ReadonlySet<string> = new Set([
  'GB', 'GBR', 'UK', 'IE', 'IRL', 'FR', 'FRA', 'DE', 'DEU', 'NL', 'NLD', 'LU', 'LUX', 'BE', 'BEL', 'ES', 'ESP', 'IT', 'ITA', 'PT', 'PRT', 'US', 'USA',
  'CA', 'CAN', 'AU', 'AUS', 'SE', 'SWE', 'DK', 'DNK', 'NO', 'NOR', 'FI', 'FIN', 'CH', 'CHE', 'AT', 'AUT', 'PL', 'POL', 'CZ', 'CZE', 'GR', 'GRC',
  'EST', 'LV', 'LVA', 'LT', 'LTU', 'MT', 'MLT', 'CY', 'CYP', 'AE', 'ARE', 'SG', 'SGP', 'HK', 'HKG', 'JP', 'JPN', 'IN', 'IND', 'NZ', 'NZL',
  'ZA', 'ZAF', 'TR', 'TUR', 'TH', 'THA', 'MX', 'MEX', 'HR', 'HRV', 'IS', 'ISL', 'MA', 'MAR', 'EG', 'EGY',
]);

/**
 * Towns and cities card networks print after the merchant: UK places, London districts and the foreign
 * cities common on UK statements. Only ever dropped from the end of a name, and never when nothing would
 * be left ("BRISTOL WATER" stays).
 */
export const PLACES: ReadonlySet<string> = new Set([
  // UK cities and large towns
  'LONDON', 'BIRMINGHAM', 'MANCHESTER', 'LEEDS', 'LIVERPOOL', 'SHEFFIELD', 'BRISTOL', 'NEWCASTLE', 'NEWCASTLE UPON TYNE', 'NOTTINGHAM',
  'LEICESTER', 'COVENTRY', 'BRADFORD', 'HULL', 'STOKE', 'STOKE ON TRENT', 'WOLVERHAMPTON', 'PLYMOUTH', 'SOUTHAMPTON', 'PORTSMOUTH', 'READING',
  'DERBY', 'LUTON', 'MILTON KEYNES', 'NORTHAMPTON', 'NORWICH', 'SWINDON', 'CRAWLEY', 'IPSWICH', 'WIGAN', 'CROYDON', 'WALSALL', 'MANSFIELD',
  'OXFORD', 'CAMBRIDGE', 'PETERBOROUGH', 'YORK', 'BATH', 'EXETER', 'GLOUCESTER', 'CHELTENHAM', 'WORCESTER', 'HEREFORD', 'SHREWSBURY',
  'CHESTER', 'PRESTON', 'BLACKPOOL', 'BLACKBURN', 'BOLTON', 'BURY', 'OLDHAM', 'ROCHDALE', 'STOCKPORT', 'SALFORD', 'WARRINGTON', 'HUDDERSFIELD',
  'HALIFAX', 'WAKEFIELD', 'HARROGATE', 'DONCASTER', 'ROTHERHAM', 'BARNSLEY', 'SCUNTHORPE', 'GRIMSBY', 'LINCOLN', 'SUNDERLAND', 'GATESHEAD',
  'DURHAM', 'MIDDLESBROUGH', 'DARLINGTON', 'CARLISLE', 'LANCASTER', 'KENDAL', 'BRIGHTON', 'HOVE', 'EASTBOURNE', 'HASTINGS', 'WORTHING',
  'CHICHESTER', 'GUILDFORD', 'WOKING', 'CANTERBURY', 'MAIDSTONE', 'ASHFORD', 'DOVER', 'FOLKESTONE', 'MARGATE', 'CHATHAM', 'ROCHESTER',
  'COLCHESTER', 'CHELMSFORD', 'SOUTHEND', 'SOUTHEND ON SEA', 'BASILDON', 'HARLOW', 'STEVENAGE', 'WATFORD', 'ST ALBANS', 'HEMEL HEMPSTEAD',
  'SLOUGH', 'BRACKNELL', 'BASINGSTOKE', 'WINCHESTER', 'SALISBURY', 'BOURNEMOUTH', 'POOLE', 'WEYMOUTH', 'TAUNTON', 'YEOVIL', 'BRIDGWATER',
  'TORQUAY', 'TRURO', 'FALMOUTH', 'PENZANCE', 'CARDIFF', 'SWANSEA', 'NEWPORT', 'WREXHAM', 'BANGOR', 'ABERYSTWYTH', 'LLANDUDNO', 'EDINBURGH',
  'GLASGOW', 'ABERDEEN', 'DUNDEE', 'INVERNESS', 'STIRLING', 'PERTH', 'PAISLEY', 'KILMARNOCK', 'AYR', 'DUMFRIES', 'FALKIRK', 'LIVINGSTON',
  'BELFAST', 'DERRY', 'LISBURN', 'NEWRY', 'TELFORD', 'STAFFORD', 'LICHFIELD', 'TAMWORTH', 'NUNEATON', 'RUGBY', 'SOLIHULL', 'DUDLEY',
  'REDDITCH', 'KIDDERMINSTER', 'LEAMINGTON SPA', 'WARWICK', 'STRATFORD', 'BANBURY', 'BEDFORD', 'HIGH WYCOMBE', 'AYLESBURY', 'KETTERING',
  'CORBY', 'WELLINGBOROUGH', 'LOUGHBOROUGH', 'CHESTERFIELD', 'BURTON', 'MACCLESFIELD', 'CREWE', 'SOUTHPORT', 'ST HELENS', 'BIRKENHEAD',
  'WIRRAL', 'KEIGHLEY', 'SKIPTON', 'SCARBOROUGH', 'WHITBY', 'OTLEY', 'ILKLEY', 'PUDSEY', 'HUNSLET', 'HEADINGLEY', 'SHIPLEY', 'DEWSBURY',
  'BATLEY', 'PONTEFRACT', 'CASTLEFORD', 'SELBY', 'GOOLE', 'BEVERLEY', 'KINGSTON', 'RICHMOND', 'TWICKENHAM', 'WIMBLEDON', 'SUTTON',
  'BROMLEY', 'ENFIELD', 'BARNET', 'HARROW', 'EALING', 'HOUNSLOW', 'UXBRIDGE', 'ROMFORD', 'ILFORD', 'STRATFORD', 'WEMBLEY', 'CAMDEN',
  'ISLINGTON', 'HACKNEY', 'WESTMINSTER', 'SOHO', 'MAYFAIR', 'HOLBORN', 'SHOREDITCH', 'BRIXTON', 'CLAPHAM', 'BATTERSEA', 'GREENWICH',
  'LEWISHAM', 'WOOLWICH', 'KINGS CROSS', 'PADDINGTON', 'VICTORIA', 'EUSTON', 'WATERLOO', 'CANARY WHARF', 'HEATHROW', 'GATWICK',
  'STANSTED', 'MAYFIELD', 'HIGH STREET', 'HIGH ST', 'CITY CENTRE', 'TOWN CENTRE',
  // foreign cities common on UK card statements
  'PARIS', 'AMSTERDAM', 'DUBLIN', 'CORK', 'LUXEMBOURG', 'BRUSSELS', 'BERLIN', 'MUNICH', 'FRANKFURT', 'HAMBURG', 'COLOGNE', 'MADRID',
  'BARCELONA', 'MALAGA', 'ALICANTE', 'PALMA', 'LISBON', 'PORTO', 'FARO', 'ROME', 'MILAN', 'VENICE', 'FLORENCE', 'NICE', 'LYON', 'GENEVA',
  'ZURICH', 'VIENNA', 'PRAGUE', 'BUDAPEST', 'KRAKOW', 'WARSAW', 'ATHENS', 'STOCKHOLM', 'COPENHAGEN', 'OSLO', 'HELSINKI', 'TALLINN', 'RIGA',
  'REYKJAVIK', 'ISTANBUL', 'DUBAI', 'SINGAPORE', 'HONG KONG', 'TOKYO', 'SYDNEY', 'MELBOURNE', 'NEW YORK', 'SAN FRANCISCO', 'SEATTLE',
  'LOS ANGELES', 'BOSTON', 'CHICAGO', 'MOUNTAIN VIEW', 'SAN JOSE', 'PALO ALTO', 'TORONTO', 'VANCOUVER', 'NECKARSULM',
]);

/**
 * Words of the lines a bank writes about its own account (fees, interest, card repayments): a line made
 * only of these (and of dates and figures) has no counterparty, so its payee is its own words.
 */
export const BANK_LINE_WORDS: ReadonlySet<string> = new Set([
  'INTEREST', 'PAID', 'GROSS', 'NET', 'CHARGED', 'CHARGE', 'CHARGES', 'FEE', 'FEES', 'MONTHLY', 'ACCOUNT', 'NON-STERLING', 'STERLING',
  'NON-GBP', 'TRANSACTION', 'TRANSACTIONS', 'CASH', 'OVERDRAFT', 'ARRANGED', 'UNARRANGED', "INT'L", 'INTERNATIONAL', 'PAYMENT', 'PAYMENTS',
  'PURCH', 'PURCHASE', 'COMMISSION', 'SERVICE', 'MEMBERSHIP', 'ANNUAL', 'LATE', 'RETURNED', 'UNPAID', 'ITEM', 'ITEMS', 'DEBIT', 'CREDIT',
  'CARD', 'FOREIGN', 'EXCHANGE', 'RECEIVED', 'THANK', 'YOU', 'ADJUSTMENT', 'BALANCE', 'CASHBACK', 'REWARD', 'REWARDS', 'FOR', 'PERIOD', 'TO',
  'OF', 'ON', 'THE', 'AND', '&', 'PREMIUM', 'PACKAGED', 'USAGE', 'LIMIT', 'EXCESS', 'DAILY', 'ANNUAL', 'QUARTERLY', 'BANK', 'BANKING',
  'MINIMUM', 'PENALTY', 'REVERSAL', 'ATM', 'WITHDRAWAL', 'CONVERSION', 'SUBSCRIPTION', 'PLAN', 'PLANS', 'DR', 'CR', '-', 'LOAN', 'OFFSET',
  'HANDLING', 'ARRANGEMENT', 'STATEMENT', 'DUPLICATE', 'REPLACEMENT', 'MAINTENANCE', 'TRANS', 'CHAPS', 'FX', 'PLATFORM', 'EARNED', 'INT', 'CHG',
  'CHGS', 'DIRECT', 'DEBITS', 'CREDITS', 'COUNTER', 'REFUND', 'REFUNDED',
]);

/** Words that make a line a bank's charge or interest line even when it names cash ("CASH HANDLING CHARGE"). */
export const FEE_WORDS: ReadonlySet<string> = new Set(['FEE', 'FEES', 'CHARGE', 'CHARGES', 'INTEREST', 'COMMISSION']);

/** Bank-line words that end the line's own name ("CHARGES FOR PERIOD ..." -> "Charges"). */
export const BANK_LINE_STOPS: ReadonlySet<string> = new Set(['FOR', 'TO', 'ON', '-', 'OF']);

/**
 * Dictionary names (src/engine/classify/) that say what a payee is rather than who: councils, schemes,
 * trade descriptions. They never become the payee; the printed name around them does.
 */
export const DESCRIPTOR_NAMES: ReadonlySet<string> = new Set([
  'LONDON BOROUGH', 'LB', 'BOROUGH COUNCIL', 'CITY COUNCIL', 'DISTRICT COUNCIL', 'COUNTY COUNCIL', 'METROPOLITAN BOROUGH', 'NNDR',
  'BUSINESS RATES', 'COUNCIL TAX', 'BOUNCE BACK LOAN', 'BBL', 'BBLS', 'CBILS', 'RLS LOAN', 'PAYROLL BUREAU', 'CHARTERED INSTITUTE',
  'CHAMBER OF COMMERCE', 'CASH AND CARRY', 'PREMIUM BONDS', 'SPLIT TICKETING', 'REMOTE COM', 'NATIONAL RAIL',
]);

/** Dictionary names that are also common first names: on a payment to or from a person they are the person's. */
export const FIRST_NAMES: ReadonlySet<string> = new Set(['MARCUS', 'LEON', 'BYRON', 'CHASE', 'PAUL UK', 'TIMELY', 'DEEL']);

/**
 * A longer dictionary name whose payee is a shorter one inside it: what a bookkeeper would call the
 * contact, always a word sequence of the printed text.
 */
export const SHORTER_NAMES: Readonly<Record<string, string>> = {
  'UBER TRIP': 'UBER', 'APPLE COM BILL': 'APPLE', 'APPLE COM': 'APPLE', 'SKY DIGITAL': 'SKY', 'BT GROUP': 'BT', 'STRIPE PAYMENTS': 'STRIPE',
  'SUMUP PAYMENTS': 'SUMUP', 'SQUARE PAYMENTS': 'SQUARE', 'PAYPAL TRANSFER': 'PAYPAL', 'PAYPAL PAYOUT': 'PAYPAL', 'NEXT RETAIL': 'NEXT',
  'NEXT DIRECTORY': 'NEXT', 'FREEAGENT CENTRAL': 'FREEAGENT', 'AMAZON CO UK': 'AMAZON', 'AXA INSURANCE': 'AXA', 'COVEA INSURANCE': 'COVEA',
  'DVLA VEHICLE TAX': 'DVLA', 'GOOGLE GSUITE': 'GOOGLE', 'ZOOM VIDEO': 'ZOOM', 'JUST EAT PAYOUT': 'JUST EAT', 'DELIVEROO PAYOUT': 'DELIVEROO',
  'UBER EATS PAYOUT': 'UBER EATS', 'ETSY PAYMENTS': 'ETSY', 'ETSY SELLER FEES': 'ETSY', 'EBAY COMMERCE': 'EBAY', 'EBAY MARKETPLACES': 'EBAY',
  'AIRBNB PAYMENTS': 'AIRBNB', 'SAGE PAYROLL': 'SAGE', 'INTUIT MAILCHIMP': 'MAILCHIMP', 'HMRC VAT': 'HMRC', 'HMRC PAYE': 'HMRC', 'HMRC SA': 'HMRC',
  'HMRC CT': 'HMRC', 'HMRC NDDS': 'HMRC', 'HMRC GOV UK': 'HMRC', 'HMRC CUMBERNAULD': 'HMRC', 'HMRC SHIPLEY': 'HMRC', 'HMRC CORPORATION TAX': 'HMRC',
  'HMRC SELF ASSESSMENT': 'HMRC', 'HMRC NIC': 'HMRC', 'HMRC CIS': 'HMRC', 'HMRC VAT DD': 'HMRC', 'HMRC VAT MTD': 'HMRC', 'TFL ROAD CHARGES': 'TFL',
  'TFL CONGESTION': 'TFL', 'NEST CORPORATION': 'NEST', 'WIX COM': 'WIX', 'MONDAY COM': 'MONDAY', 'SQUARESPACE COM': 'SQUARESPACE',
};

/** Domain names that are the brand itself, so their ".com" stays ("Booking.com"). */
export const DOMAIN_BRANDS: ReadonlySet<string> = new Set(['BOOKING', 'HOTELS', 'DIY', 'CHECKOUT', 'MONDAY', 'JUST EAT']);

/**
 * Printed words (upper case) and how a person writes them. Words not listed are capitalised by rule
 * (src/engine/payees/casing.ts); this list is for brands and abbreviations the rule gets wrong.
 */
export const CASING: Readonly<Record<string, string>> = Object.fromEntries(
  [
    'easyJet', 'eBay', 'PayPal', 'TfL', 'IKEA', 'LNER', 'ULEZ', 'DVLA', 'AWS', 'ICO', 'UK', 'EE', 'Ltd', 'Ltd.', 'St', 'Co', 'Co-op', 'RingGo',
    'PayByPhone', 'JustPark', 'GitHub', 'LinkedIn', 'OpenAI', 'ChatGPT', 'GoDaddy', 'QuickBooks', 'FreeAgent', 'iwoca', 'WHSmith', 'SumUp',
    'FreeNow', 'NatWest', 'EDF', 'SSE', 'AA', 'RAC', 'TUI', 'UPS', 'EMR', 'TPE', 'c2c', 'ITV', 'ASOS', 'CEF', 'GmbH', 'DLA', 'AXA', 'RSA', 'NFU', 'QBE', 'ADP', 'PwC',
    'BDO', 'MHA', 'ATM', 'USD', 'EUR', 'AED', 'PureGym', 'YouTube', 'iCloud', 'iTunes', 'HubSpot', 'MailChimp', 'DocuSign', 'WeWork',
    'JetBrains', 'SurveyMonkey', 'TalkTalk', 'Plusnet', 'giffgaff', 'ScotRail', 'Parcel2Go', 'CrossCountry', 'TransPennine', 'Hyperoptic', 'TransferWise', 'GoCardless', 'TotalEnergies', 'InstaVolt',
    'BrightPay', 'KashFlow', 'WordPress', 'SendGrid', 'ClickUp', 'DigitalOcean', 'CitizenM', 'DoubleTree', 'McAfee', 'McDonalds',
    "McDonald's", 'BP', 'PFS', 'PAYE', 'VAT', 'HMRC', 'NHS', 'BBC', 'DHL', 'DPD', 'IONOS', 'IBM', 'ID', 'ISA', 'UCAS', 'ACCA', 'ICAEW', 'CIPD',
    'RICS', 'FSB', 'NICEIC', 'NAPIT', 'AO', 'SEGEN', 'OVO', 'EON', 'E.ON', 'LV=', 'MBNA', 'TSB', 'RBS', 'HSBC', 'ZTL', 'EG', 'MFG', 'KFC', 'TK',
    'NCP', 'BT', 'O2', 'JD', 'GWR', 'SWR', 'TFW', 'RSM', 'DFS', 'CEX', 'QVC', 'USA', 'EU', 'MOT', 'ATS', 'UCL', 'NUS',
  ].map((w) => [w.toUpperCase(), w]),
);

/** Small words written in lower case inside a name ("Pets at Home", "Taste of India"). */
export const CONNECTORS: ReadonlySet<string> = new Set(['AND', 'OF', 'THE', 'A', 'AT', 'ON', 'FOR', 'DE', 'LA', 'LE', 'DU', 'DES', 'DEL', 'DI', 'VON', 'VAN', 'TO', 'BY']);
