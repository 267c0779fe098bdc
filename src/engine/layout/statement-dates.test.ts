import { describe, expect, it } from 'vitest';
import { resolveDates } from './statement-dates.js';
import type { DateParts } from './types.js';

const dmy = (d: number, m: number): DateParts => ({ a: d, b: m, y: null, named: false, order: 'dmy' });
const facts = { periodStart: '2020-01-02', periodEnd: '2021-01-04', periodSure: true, currency: 'EUR' };

describe('year-less dates of a year-long period', () => {
  it('a date both ends of the period hold takes the year of the nearest row whose year is certain', () => {
    const years = resolveDates([dmy(3, 1), dmy(15, 6), dmy(22, 12), dmy(3, 1)], facts, [], [1, 1, 1, 1]).dates.map((d) => d?.year);
    expect(years).toEqual([2020, 2020, 2020, 2021]);
  });
  it('many rows that all fit both years are read in one pass each (no search across every pair)', () => {
    const dates = Array.from({ length: 50_000 }, () => dmy(3, 1));
    const years = resolveDates(dates, facts, [], []).dates.map((d) => d?.year);
    expect(new Set(years)).toEqual(new Set([2021]));
  });
});

describe('a date that reads only the other way round', () => {
  it('"01.13." among day-first dates is read as 13 January and named in date_invalid, never month 13', () => {
    const warnings: { code: string; row?: number }[] = [];
    const period = { periodStart: '2023-12-01', periodEnd: '2024-01-31', periodSure: true, currency: 'EUR' };
    const { dates } = resolveDates([dmy(1, 13), dmy(1, 12), dmy(2, 12)], period, warnings as never, [1, 1, 1]);
    expect(dates.map((d) => d && [d.day, d.month, d.year])).toEqual([
      [13, 1, 2024],
      [1, 12, 2023],
      [2, 12, 2023],
    ]);
    expect(warnings.filter((w) => w.code === 'date_invalid').map((w) => w.row)).toEqual([1]);
  });
});
