// The conversion process of isolated-floor.server.ts: the compiled engine (dist/), the answer written
// here as JSON, after one or two round trips with the server (see there).
const { convert } = await import(new URL('../dist/engine/convert.js', import.meta.url).href);
const { presentResult } = await import(new URL('../dist/http/result.presenter.js', import.meta.url).href);

let held = null;
const answer = (result) => process.send({ answer: Buffer.from(JSON.stringify(presentResult(result, {})), 'utf8') });
process.on('message', async (m) => {
  if (m.orders) return answer(held);
  const bytes = new Uint8Array(m.bytes.buffer, m.bytes.byteOffset, m.bytes.byteLength);
  held = await convert(bytes, { filename: 'two-page.pdf' });
  if (m.trips === 2) process.send({ summary: { meta: held.meta, count: held.transaction_count } });
  else answer(held);
});
process.on('disconnect', () => process.exit(0));
process.send({ ready: true });
