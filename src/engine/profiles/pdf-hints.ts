// PDF / fixed-width text hints per bank profile id. Owned by the PDF engine; the CSV engine never
// reads them. Data only: how to recognise a bank's statement from its page text, and whether it is
// a card account. Everything not recognised is read by the generic layout as `generic`.
export interface PdfHints {
  /** Case-insensitive regular expressions; any one found in the page text names the bank. */
  recognise: string[];
  /** Card statements: unsigned amounts are purchases and balances are amounts owed. */
  accountType?: 'bank' | 'card';
  /** Notes on the printed layout (for people; the generic layout reads all of these). */
  layout?: string;
}

export const PDF_HINTS: Record<string, PdfHints> = {
  'barclaycard': { recognise: ['barclaycard'], accountType: 'card', layout: 'Transaction date | Description | Amount; payments marked with a minus or CR; previous/new balance box.' },
  'amex-uk': { recognise: ['american express', 'americanexpress\\.co\\.uk'], accountType: 'card', layout: 'Transaction date | Process date | Details | Amount £; credits marked CR.' },
  'barclays': { recognise: ['barclays bank uk plc', 'barclays\\.co\\.uk'], layout: 'Date | Description | Money out £ | Money in £ | Balance £; date only on the first row of a day; Start/End balance.' },
  'hsbc-uk': { recognise: ['hsbc uk bank plc', 'hsbc bank plc', 'hsbc\\.co\\.uk'], layout: 'Date | Payment type and details | Paid out | Paid in | Balance; balance only on the last row of a day; BALANCE BROUGHT/CARRIED FORWARD; D suffix when overdrawn.' },
  'first-direct': { recognise: ['first direct', 'firstdirect\\.com'], layout: 'Date | Details | Paid out | Paid in | Balance (HSBC family).' },
  'lloyds': { recognise: ['lloyds bank plc', 'lloydsbank\\.com'], layout: 'Date | Description | Type | Money In (£) | Money Out (£) | Balance (£).' },
  'halifax': { recognise: ['halifax', 'bank of scotland plc'], layout: 'Date | Description | Type | Money In | Money Out | Balance (Lloyds family).' },
  'natwest': { recognise: ['national westminster bank', 'natwest\\.com'], layout: 'Date | Type | Description | Paid in | Paid out | Balance; BROUGHT FORWARD.' },
  'rbs': { recognise: ['royal bank of scotland', 'rbs\\.co\\.uk'], layout: 'Date | Type | Description | Paid in | Paid out | Balance (NatWest family).' },
  'santander-uk': { recognise: ['santander uk plc', 'santander\\.co\\.uk'], layout: 'Date | Description | Money in | Money out | Balance; Balance brought forward.' },
  'nationwide': { recognise: ['nationwide building society', 'nationwide\\.co\\.uk'], layout: 'Date | Description | £ Out | £ In | £ Balance; Balance from previous statement.' },
  'monzo': { recognise: ['monzo bank', 'monzo\\.com'], layout: 'Date | Description | (GBP) Amount | (GBP) Balance; signed amounts.' },
  'starling': { recognise: ['starling bank', 'starlingbank\\.com'], layout: 'Date | Type | Transaction | In | Out | Balance.' },
  'tsb': { recognise: ['tsb bank plc', 'tsb\\.co\\.uk'], layout: 'Date | Payment type | Details | Money out | Money in | Balance.' },
  'metro': { recognise: ['metro bank plc', 'metrobankonline\\.co\\.uk'], layout: 'Date | Transaction type | Description | Money out | Money in | Balance.' },
  'co-op': { recognise: ['co-operative bank', 'co-operativebank\\.co\\.uk'], layout: 'Date | Transaction | Money out | Money in | Balance.' },
  'revolut': { recognise: ['revolut ltd', 'revolut\\.com'], layout: 'Date | Description | Money out | Money in | Balance; one section per currency.' },
};

/** The profile id whose hints match the page text, or null. */
export function recogniseBank(text: string): string | null {
  const sample = text.slice(0, 20000);
  for (const [id, h] of Object.entries(PDF_HINTS)) {
    if (h.recognise.some((r) => new RegExp(r, 'i').test(sample))) return id;
  }
  return null;
}
