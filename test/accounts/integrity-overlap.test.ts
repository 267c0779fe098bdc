// Text over text: only money figures painted over other figures count (junk glyphs of a barcode font
// overlapping each other are not an edit).
import { describe, expect, it } from 'vitest';
import { overlapSignals } from '../../src/engine/integrity/layout-signals.js';
import type { Token } from '../../src/engine/layout/types.js';

const tok = (text: string, x0: number, x1: number, y = 100, page = 1): Token => ({ text, x0, x1, y, page, em: 9, lh: 11 });

describe('text over text', () => {
  it('a figure painted over another figure is a signal', () => {
    const s = overlapSignals([tok('1,234.56', 500, 540), tok('1,934.56', 501, 541), tok('TESCO', 100, 130)]);
    expect(s).toHaveLength(1);
    expect(s[0]).toMatchObject({ code: 'text_over_text', page: 1 });
  });
  it('fake bold, neighbours and junk glyphs are not', () => {
    expect(overlapSignals([tok('12.00', 500, 530), tok('12.00', 500.4, 530.4)])).toEqual([]);
    expect(overlapSignals([tok('12.00', 500, 530), tok('13.00', 531, 560)])).toEqual([]);
    expect(overlapSignals([tok('M5W', 10, 30), tok('M', 12, 20), tok('q6@', 40, 60), tok('D', 41, 50)])).toEqual([]);
    expect(overlapSignals([tok('12.00', 500, 530, 100), tok('99.00', 500, 530, 120)])).toEqual([]);
  });
});
