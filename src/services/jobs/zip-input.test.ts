import { deflateRawSync } from 'node:zlib';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { inflateEntry } from '../../engine/input-limits.js';
import { inflatedHead, isZipArchive, zipEntries } from './zip-input.js';

const limits = { maxEntries: 3, maxRecords: 10, maxEntryBytes: 1000, maxTotalBytes: 1500 };
const all = (bytes: Uint8Array, l = limits) => zipEntries(bytes, l).map((e) => `${e.name}:${inflateEntryOf(e)}`);
const inflateEntryOf = (e: { method: 0 | 8; data: Uint8Array; size: number }) => (e.method === 8 ? inflateEntry(e.data, e.size) : e.data).length;

/** Sets the declared size of every entry (central directory and local headers) to `size`. */
function declare(zip: Uint8Array, size: number): Uint8Array {
  const b = Buffer.from(zip);
  for (let p = 0; p + 4 <= b.length; p++) {
    if (b.readUInt32LE(p) === 0x02014b50) b.writeUInt32LE(size, p + 24);
    if (b.readUInt32LE(p) === 0x04034b50) b.writeUInt32LE(size, p + 22);
  }
  return b;
}

describe('ZIP job input', () => {
  it('yields statements as stored, skipping folders, resource forks and hidden files', () => {
    const zip = zipSync({
      'a.csv': new Uint8Array(10),
      'dir/b.csv': new Uint8Array(20).fill(66),
      '__MACOSX/._a.csv': new Uint8Array(5),
      '.DS_Store': new Uint8Array(3),
      'dir/': new Uint8Array(0),
    });
    expect(isZipArchive(zip, 10)).toBe(true);
    expect(all(zip)).toEqual(['a.csv:10', 'dir/b.csv:20']);
    const [a] = zipEntries(zip, limits);
    // Kept compressed: a run of zeros stays small.
    expect(a.data.length).toBeLessThan(10);
  });

  it('counts every record of the directory before reading any, skipped ones included', () => {
    const names: Record<string, Uint8Array> = { 'a.csv': new Uint8Array(1) };
    for (let i = 0; i < 10; i++) names[`.hidden${i}`] = new Uint8Array(0);
    expect(() => zipEntries(zipSync(names), limits)).toThrow(/11 entries \(folders and hidden files included\); a job's archive may have at most 10/);
  });

  it('holds declared sizes to the limits, and an entry to its declared size when inflated', () => {
    expect(() => all(zipSync({ 'big.csv': new Uint8Array(5000) }))).toThrow(expect.objectContaining({ code: 'file_too_large' }));
    expect(() => all(zipSync({ 'a.csv': new Uint8Array(900), 'b.csv': new Uint8Array(900) }))).toThrow(expect.objectContaining({ code: 'file_too_large' }));
    expect(() => all(zipSync({ a: new Uint8Array(1), b: new Uint8Array(1), c: new Uint8Array(1), d: new Uint8Array(1) }))).toThrow(
      expect.objectContaining({ code: 'invalid_request' }),
    );
    // A bomb that declares 100 bytes: accepted here, stopped at 100 bytes when inflated.
    const liar = declare(zipSync({ 'bomb.csv': new Uint8Array(1_000_000) }), 100);
    const [entry] = zipEntries(liar, limits);
    expect(entry.size).toBe(100);
    expect(() => inflateEntry(entry.data, entry.size)).toThrow(expect.objectContaining({ code: 'security_check_failed' }));
  });

  it('refuses a damaged directory with invalid_request; damaged data fails when inflated', () => {
    const zip = zipSync({ 'a.csv': new Uint8Array(800).fill(65) }, { level: 9 });
    const noEnd = zip.slice(0, zip.length - 22);
    expect(() => zipEntries(noEnd, limits)).toThrow(expect.objectContaining({ code: 'invalid_request' }));
    const brokenDirectory = zip.slice();
    brokenDirectory.fill(0xff, zip.length - 60, zip.length - 30);
    expect(() => zipEntries(brokenDirectory, limits)).toThrow(expect.objectContaining({ code: 'invalid_request' }));
    const brokenData = zip.slice();
    brokenData.fill(0xff, 40, 44);
    const [entry] = zipEntries(brokenData, limits);
    expect(() => inflateEntry(entry.data, entry.size)).toThrow(expect.objectContaining({ code: 'unsupported_file_type' }));
  });

  it('an XLSX workbook is a statement, not an archive, even with more parts than an archive may have records', () => {
    const xlsx = zipSync({ '[Content_Types].xml': new Uint8Array(5), 'xl/workbook.xml': new Uint8Array(5) });
    expect(isZipArchive(xlsx, 10)).toBe(false);
    const parts: Record<string, Uint8Array> = { '[Content_Types].xml': new Uint8Array(5), 'xl/workbook.xml': new Uint8Array(5) };
    for (let i = 0; i < 20; i++) parts[`xl/media/image${i}.png`] = new Uint8Array(1);
    expect(isZipArchive(zipSync(parts), 10)).toBe(false);
  });

  it("a stored entry's head is inflated a KB at a time, however much the rest inflates to", () => {
    const bomb = deflateRawSync(Buffer.alloc(50 * 1024 * 1024));
    expect(inflatedHead(bomb, 4096)).toHaveLength(4096);
    expect(Buffer.from(inflatedHead(deflateRawSync(Buffer.from('Date,Amount\n')), 4096)).toString()).toBe('Date,Amount\n');
  });
});
