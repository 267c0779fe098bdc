import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { isZipArchive, zipEntries } from './zip-input.js';

const limits = { maxEntries: 3, maxEntryBytes: 1000, maxTotalBytes: 1500 };
async function all(bytes: Uint8Array, l = limits) {
  const out: string[] = [];
  for await (const e of zipEntries(bytes, l)) out.push(`${e.name}:${e.bytes.length}`);
  return out;
}

describe('ZIP job input', () => {
  it('yields statements, skipping folders, resource forks and hidden files', async () => {
    const zip = zipSync({
      'a.csv': new Uint8Array(10),
      'dir/b.csv': new Uint8Array(20),
      '__MACOSX/._a.csv': new Uint8Array(5),
      '.DS_Store': new Uint8Array(3),
      'dir/': new Uint8Array(0),
    });
    expect(isZipArchive(zip)).toBe(true);
    expect(await all(zip)).toEqual(['a.csv:10', 'dir/b.csv:20']);
  });

  it('counts inflated bytes, not declared sizes: bombs and oversized entries are refused', async () => {
    await expect(all(zipSync({ 'big.csv': new Uint8Array(5000) }))).rejects.toMatchObject({ code: 'file_too_large' });
    await expect(all(zipSync({ 'a.csv': new Uint8Array(900), 'b.csv': new Uint8Array(900) }))).rejects.toMatchObject({ code: 'file_too_large' });
    await expect(all(zipSync({ a: new Uint8Array(1), b: new Uint8Array(1), c: new Uint8Array(1), d: new Uint8Array(1) }))).rejects.toMatchObject({
      code: 'invalid_request',
    });
  });

  it('refuses a damaged archive with invalid_request', async () => {
    const zip = zipSync({ 'a.csv': new Uint8Array(800).fill(65) }, { level: 9 });
    const broken = zip.slice();
    broken.fill(0xff, 40, 60);
    await expect(all(broken)).rejects.toMatchObject({ code: 'invalid_request' });
  });

  it('an XLSX workbook is a statement, not an archive', () => {
    const xlsx = zipSync({ '[Content_Types].xml': new Uint8Array(5), 'xl/workbook.xml': new Uint8Array(5) });
    expect(isZipArchive(xlsx)).toBe(false);
  });
});
