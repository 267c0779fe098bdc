// Test helper: a file holding the given compressed streams, as the bomb guard reads it (objects with a
// /Length and a /Filter; nothing else of a PDF is needed by the guard).
export function flatePdf(streams: Uint8Array[], filter = '/FlateDecode'): Uint8Array {
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n', 'latin1')];
  streams.forEach((s, i) => {
    parts.push(
      Buffer.from(`${i + 1} 0 obj\n<< /Length ${s.length} /Filter ${filter} >>\nstream\n`, 'latin1'),
      Buffer.from(s),
      Buffer.from('\nendstream\nendobj\n', 'latin1'),
    );
  });
  return new Uint8Array(Buffer.concat(parts));
}
