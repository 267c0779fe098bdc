import { describe, expect, it } from 'vitest';
import { formatDate, inferDateOrder, inferYears, parseDate, spanDays } from './dates.js';

const fmt = (s: string, o: 'DMY' | 'MDY' = 'DMY') => {
  const p = parseDate(s, o);
  return p && p.y !== null ? formatDate({ y: p.y, m: p.m, d: p.d }) : p;
};

describe('parseDate', () => {
  it.each([
    ['03/04/2024', '03/04/2024'],
    ['3/4/24', '03/04/2024'],
    ['2024-04-03', '03/04/2024'],
    ['03 Apr 2024', '03/04/2024'],
    ['03-APR-24', '03/04/2024'],
    ['3rd April 2024', '03/04/2024'],
    ['Apr 3, 2024', '03/04/2024'],
    ['3. März 2024', '03/04/2024'.replace('04', '03')],
    ['03.04.2024', '03/04/2024'],
    ['20240403', '03/04/2024'],
    ['6/1/2024 17:42', '06/01/2024'],
    ['2024-04-03T10:00:00Z', '03/04/2024'],
    ['1 janvier 2024', '01/01/2024'],
    ['15 dic 2023', '15/12/2023'],
    ['Mon 3 Jun 2024', '03/06/2024'],
  ])('%s', (s, want) => expect(fmt(s)).toBe(want));
  it('reads month first when told', () => expect(fmt('04/03/2024', 'MDY')).toBe('03/04/2024'));
  it('reads a year-first date set apart with spaces (Polish exports) or ended with a dot', () => {
    expect(parseDate('2019 10 11')).toEqual({ y: 2019, m: 10, d: 11 });
    expect(parseDate('2019.04.19.')).toEqual({ y: 2019, m: 4, d: 19 });
    expect(parseDate('2024年4月30日')).toEqual({ y: 2024, m: 4, d: 30 });
    expect(parseDate('4月30日')).toEqual({ y: null, m: 4, d: 30 });
    expect(parseDate('14 de mar. 2026')).toEqual({ y: 2026, m: 3, d: 14 });
    expect(parseDate('3 de marzo de 2024')).toEqual({ y: 2024, m: 3, d: 3 });
  });
  it('reads a year-first date joined with colons, and no time as a date', () => {
    expect(parseDate('2012:03:01')).toEqual({ y: 2012, m: 3, d: 1 });
    expect(parseDate('12:30:45')).toBeNull();
    expect(parseDate('2012:13:01')).toBeNull();
  });
  it('rejects non-dates', () => {
    expect(parseDate('31/02/2024')).toBeNull();
    expect(parseDate('hello')).toBeNull();
    expect(parseDate('12.30')).toBeNull();
  });
  it('keeps dates without a year', () => expect(parseDate('3 Mar')).toEqual({ y: null, m: 3, d: 3 }));
});

describe('inferDateOrder', () => {
  it('a day over 12 decides', () => {
    expect(inferDateOrder(['01/02/2024', '13/02/2024'])).toEqual({ order: 'DMY', ambiguous: false });
    expect(inferDateOrder(['08/17/2022', '08/04/2022'])).toEqual({ order: 'MDY', ambiguous: false });
  });
  it('sortedness decides when every value reads both ways', () => {
    expect(inferDateOrder(['11/01/2024', '12/01/2024', '02/02/2024'])).toEqual({ order: 'DMY', ambiguous: false });
    expect(inferDateOrder(['01/11/2024', '01/12/2024', '02/02/2024'])).toEqual({ order: 'MDY', ambiguous: false });
  });
  it('undecidable -> UK reading, ambiguous', () => {
    expect(inferDateOrder(['05/03/2021', '05/03/2021'])).toEqual({ order: 'DMY', ambiguous: true });
    expect(inferDateOrder(['05/03/2021'], 'MDY')).toEqual({ order: 'MDY', ambiguous: true });
  });
});

describe('inferYears', () => {
  it('places a Dec -> Jan statement inside its period', () => {
    const r = inferYears(
      [
        { y: null, m: 12, d: 28 },
        { y: null, m: 1, d: 3 },
      ],
      { periodStart: '2023-12-15', periodEnd: '2024-01-14' },
    );
    expect(r).toEqual({ years: [2023, 2024], unsure: false });
  });
  it('rolls over from an anchor year (the statement date)', () => {
    const r = inferYears(
      [
        { y: null, m: 11, d: 30 },
        { y: null, m: 12, d: 28 },
        { y: null, m: 1, d: 3 },
      ],
      { anchorYear: 2024 },
    );
    expect(r).toEqual({ years: [2023, 2023, 2024], unsure: true });
  });
  it('newest first rolls the other way', () => {
    const r = inferYears(
      [
        { y: null, m: 1, d: 3 },
        { y: null, m: 12, d: 28 },
      ],
      { anchorYear: 2024 },
    );
    expect(r.years).toEqual([2024, 2023]);
  });
  it('with nothing naming the year, the latest row is in the current year unless its day is still to come, and rolls over back from it', () => {
    const now = new Date();
    const year = now.getUTCFullYear();
    const today = { y: null, m: now.getUTCMonth() + 1, d: now.getUTCDate() };
    expect(inferYears([{ y: null, m: today.m, d: 1 }, today]).years).toEqual([year, year]);
    expect(
      inferYears([
        { y: null, m: 12, d: 30 },
        { y: null, m: 1, d: 1 },
      ]),
    ).toEqual({ years: [year - 1, year], unsure: true });
    // A day after today has not happened yet this year: last year's.
    if (today.m < 12) expect(inferYears([{ y: null, m: 12, d: 31 }]).years).toEqual([year - 1]);
  });
});

describe('month names beyond Western Europe', () => {
  it.each([
    ['26МАР19', '26/03/2019'],
    ['04ОКТ18', '04/10/2018'],
    ['03МАЙ19', '03/05/2019'],
    ['3 мая 2019', '03/05/2019'],
    ['12 грудня 2023', '12/12/2023'],
    ['12 gegužės 2020', '12/05/2020'],
    ['5. jūnijs 2021', '05/06/2021'],
  ])('%s -> %s', (text, want) => expect(fmt(text)).toBe(want));
  it('a glued day and month without a year keeps the year open', () => expect(parseDate('26МАР')).toEqual({ y: null, m: 3, d: 26 }));
});

describe('the day/month order the dates themselves support', () => {
  it('dates written with dots are day first', () => {
    expect(inferDateOrder(['01.03.2024', '02.03.2024'])).toEqual({ order: 'DMY', ambiguous: false });
  });
  it("the reading that keeps the rows within a month's statement wins over one spreading them over months", () => {
    // 3-9 February, not the 2nd of March, May, July and September.
    expect(inferDateOrder(['03/02/2024', '05/02/2024', '07/02/2024', '09/02/2024'])).toEqual({ order: 'DMY', ambiguous: false });
    // 2-11 January read month first; day first they are the 1st of four months.
    expect(inferDateOrder(['01/02/2024', '01/05/2024', '01/07/2024', '01/11/2024'])).toEqual({ order: 'MDY', ambiguous: false });
  });
  it('a spread that fits a month either way decides nothing', () => {
    expect(inferDateOrder(['01/09/2026', '02/09/2026'])).toEqual({ order: 'DMY', ambiguous: true });
    expect(
      spanDays([
        { d: 30, m: 12, y: null },
        { d: 2, m: 1, y: null },
      ]),
    ).toBe(3);
  });
});
