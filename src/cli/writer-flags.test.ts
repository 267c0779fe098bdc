// The CLI's writer flags come from the writer options: one flag each, checked like the API's query.
import { describe, expect, it } from 'vitest';
import { WRITER_OPTION_KEYS } from '../formats/options.schema.js';
import { writerFlagSpecs, writerFlagsUsage, writerOptionsFrom } from './writer-flags.js';

describe('convert writer flags', () => {
  it('has one flag per writer option, shown in the usage', () => {
    expect(Object.keys(writerFlagSpecs()).sort()).toEqual(WRITER_OPTION_KEYS.map((k) => k.replace(/_/g, '-')).sort());
    expect(writerFlagsUsage()).toContain('[--date-format dmy|mdy]');
    expect(writerFlagsUsage()).toContain('[--statement N]');
  });

  it('reads flags into writer options, numbers where the option is a number', () => {
    expect(writerOptionsFrom({ 'date-format': 'mdy', 'sage-nominal': '4000', statement: '2', bank: 'x' })).toEqual({
      date_format: 'mdy',
      sage_nominal: '4000',
      statement: 2,
    });
  });

  it('refuses what the API refuses, naming the flag', () => {
    expect(() => writerOptionsFrom({ 'sage-tax-code': 'X1' })).toThrow(/--sage-tax-code "X1"/);
    expect(() => writerOptionsFrom({ statement: '0' })).toThrow(/--statement/);
    expect(() => writerOptionsFrom({ 'date-format': 'ymd' })).toThrow(/--date-format/);
  });
});
