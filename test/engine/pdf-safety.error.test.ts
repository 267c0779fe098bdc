// Hostile or unreadable PDFs are refused with the contract's codes.
import { describe, expect, it } from 'vitest';
import { convert } from '../../src/engine/convert.js';
import { scanBytes } from '../../src/engine/pdf/pdf-guard.js';
import { makePdf as pdf } from '../helpers/pdfkit.js';

const code = async (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: { code?: string }) => e.code,
  );

describe('PDF safety', () => {
  it('refuses an encrypted PDF without a password, and with a wrong one', async () => {
    const bytes = await pdf((d) => d.text('Secret'), { userPassword: 'pw', ownerPassword: 'owner', pdfVersion: '1.7ext3' });
    await expect(convert(bytes, {})).rejects.toMatchObject({ code: 'security_check_failed', detail: expect.stringMatching(/password/) });
    await expect(convert(bytes, { password: 'nope' })).rejects.toMatchObject({ code: 'security_check_failed', detail: expect.stringMatching(/wrong/) });
    // With the right password it opens (and has no table).
    expect(await code(convert(bytes, { password: 'pw' }))).toBe('no_transactions_found');
  });
  it('answers 422 no text layer for a PDF without text', async () => {
    const bytes = await pdf((d) => d.rect(50, 50, 100, 100).fill('#000'));
    await expect(convert(bytes, {})).rejects.toMatchObject({ code: 'no_transactions_found', detail: expect.stringMatching(/no text layer/) });
  });
  it('refuses JavaScript, launch actions and embedded files found in the bytes', () => {
    expect(scanBytes(new TextEncoder().encode('<< /S /JavaScript /JS (app.alert(1)) >>'))).toMatch(/JavaScript/);
    expect(scanBytes(new TextEncoder().encode('<< /S /Launch /F (cmd.exe) >>'))).toMatch(/launch/);
    expect(scanBytes(new TextEncoder().encode('<< /Names << /EmbeddedFiles 3 0 R >> >>'))).toMatch(/embedded/);
    expect(scanBytes(new TextEncoder().encode('<< /Type /Page >>'))).toBeNull();
  });
  it('refuses a PDF with an embedded file attachment', async () => {
    const bytes = await pdf((d) => {
      d.text('x');
      (d as unknown as { file: (b: Buffer, o: object) => void }).file(Buffer.from('hello'), { name: 'a.txt' });
    });
    expect(await code(convert(bytes, {}))).toBe('security_check_failed');
  });
  it('refuses a malformed PDF', async () => {
    const bytes = new TextEncoder().encode('%PDF-1.7\n garbage garbage\n%%EOF');
    expect(await code(convert(bytes, {}))).toMatch(/security_check_failed|no_transactions_found/);
  });
});
