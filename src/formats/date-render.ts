// Renders the contract's DD/MM/YYYY dates for each target. Dates are calendar days with no time zone,
// so nothing here goes through local time.

export interface Ymd {
  y: number;
  m: number;
  d: number;
}
export type DateOrder = 'dmy' | 'mdy';

const DMY = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const pad2 = (n: number) => String(n).padStart(2, '0');

/** Parses a contract date (DD/MM/YYYY). A malformed date is an engine bug, so it throws. */
export function parseDmy(text: string): Ymd {
  const m = DMY.exec(text);
  if (!m) throw new Error(`Transaction date is not DD/MM/YYYY: ${JSON.stringify(text)}`);
  return { d: Number(m[1]), m: Number(m[2]), y: Number(m[3]) };
}

/** Parses an ISO date (YYYY-MM-DD), as in StatementMeta.periodStart/periodEnd. */
export function parseIso(text: string): Ymd {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (!m) throw new Error(`Not an ISO date: ${JSON.stringify(text)}`);
  return { y: Number(m[1]), m: Number(m[2]), d: Number(m[3]) };
}

export const renderSlash = ({ y, m, d }: Ymd, order: DateOrder = 'dmy'): string =>
  order === 'mdy' ? `${pad2(m)}/${pad2(d)}/${y}` : `${pad2(d)}/${pad2(m)}/${y}`;

/** Sort key: days compare as numbers (YYYYMMDD). */
export const dayKey = ({ y, m, d }: Ymd): number => y * 10000 + m * 100 + d;

/** Midnight UTC of the day: an xlsx date cell that shows the same day in every time zone. */
export const utcDate = ({ y, m, d }: Ymd): Date => new Date(Date.UTC(y, m - 1, d));

/** OFX day at noon GMT, so importers east or west of UTC keep the day (Microsoft's OFX guidance). */
export const ofxNoon = ({ y, m, d }: Ymd): string => `${y}${pad2(m)}${pad2(d)}120000[0:GMT]`;

/** OFX timestamp of an instant, in GMT. */
export const ofxInstant = (t: Date): string =>
  `${t.getUTCFullYear()}${pad2(t.getUTCMonth() + 1)}${pad2(t.getUTCDate())}` +
  `${pad2(t.getUTCHours())}${pad2(t.getUTCMinutes())}${pad2(t.getUTCSeconds())}[0:GMT]`;
