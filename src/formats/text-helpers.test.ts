import { describe, expect, it } from 'vitest';
import { toCp1252Text } from './cp1252.js';
import { parseDmy, renderSlash, ofxNoon } from './date-render.js';
import { cut, oneLine, xmlEscape } from './text-clean.js';

describe('text and date helpers', () => {
  it('oneLine removes line breaks and control characters', () => {
    expect(oneLine(' A\r\nB\tC\u0000  D ')).toBe('A B C D');
  });
  it('cut counts code points and never splits a surrogate pair', () => {
    expect(cut('😀😀😀', 2)).toBe('😀😀');
    expect(cut('abc', 5)).toBe('abc');
  });
  it('xmlEscape escapes & < >', () => {
    expect(xmlEscape('M&S <x>')).toBe('M&amp;S &lt;x&gt;');
  });
  it('cp1252 keeps what the code page has, drops accents it lacks, else ?', () => {
    expect(toCp1252Text('Café € “x” ő Ł 東 😀')).toBe('Café € “x” o ? ? ?');
  });
  it('dates render per order and as OFX noon', () => {
    const d = parseDmy('04/03/2025');
    expect(renderSlash(d)).toBe('04/03/2025');
    expect(renderSlash(d, 'mdy')).toBe('03/04/2025');
    expect(ofxNoon(d)).toBe('20250304120000[0:GMT]');
    expect(() => parseDmy('2025-03-04')).toThrow();
  });
});
