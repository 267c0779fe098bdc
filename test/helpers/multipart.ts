// Builds multipart/form-data bodies for app.inject.
export interface Part {
  name: string;
  value: string | Uint8Array;
  filename?: string;
  contentType?: string;
}

export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----ll${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if (p.filename !== undefined) head += `; filename="${p.filename}"`;
    head += '\r\n';
    if (p.filename !== undefined) head += `Content-Type: ${p.contentType ?? 'application/octet-stream'}\r\n`;
    chunks.push(Buffer.from(head + '\r\n'), Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const fileUpload = (bytes: string | Uint8Array, filename = 'statement.csv', extra: Part[] = []) =>
  multipart([{ name: 'file', value: bytes, filename }, ...extra]);

/** A small statement whose printed balances chain (PASS). */
export const SAMPLE_CSV = [
  'Date,Description,Money Out,Money In,Balance',
  '01/03/2024,CARD PAYMENT TESCO STORES,12.30,,987.70',
  '02/03/2024,FASTER PAYMENT ACME LTD,,1500.00,2487.70',
  '03/03/2024,DIRECT DEBIT BRITISH GAS,45.00,,2442.70',
  '',
].join('\r\n');
