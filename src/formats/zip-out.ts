// Streams a zip of several generated files with fflate, one entry after another, so only the current
// entry's pending chunk is in memory. Entry times are the write time, for reproducible bytes.

export interface ZipEntry {
  name: string;
  bytes: AsyncIterable<Uint8Array>;
}

export async function* zipEntries(mtime: Date, entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>): AsyncIterable<Uint8Array> {
  // Loaded on first use: most files are one statement, and the CLI does not pay for it at start-up.
  const { Zip, ZipDeflate } = await import('fflate');
  let out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((err, data) => {
    if (err) failure = err;
    else out.push(data);
  });
  const drain = function* () {
    if (failure) throw failure;
    const ready = out;
    out = [];
    yield* ready;
  };
  for await (const entry of entries) {
    const file = new ZipDeflate(entry.name, { level: 6 });
    file.mtime = mtime;
    zip.add(file);
    for await (const chunk of entry.bytes) {
      file.push(chunk);
      yield* drain();
    }
    file.push(new Uint8Array(0), true);
    yield* drain();
  }
  zip.end();
  yield* drain();
}
