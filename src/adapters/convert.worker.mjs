// Worker-thread entry of the conversion pool. Plain JS so that piscina can load it; it registers tsx
// and runs the TypeScript engine, and returns AppErrors as data (they do not survive cloning).
import { register } from 'tsx/esm/api';

register();
const { convert } = await import('../engine/convert.ts');
const { isAppError } = await import('../errors.ts');
// OCR for scans: Debian's tesseract when installed, else tesseract.js; its wasm worker is kept 20 s
// between conversions (pool workers idle out after 30 s anyway).
const { defaultOcrBackend } = await import('./ocr/index.ts');
const ocr = defaultOcrBackend({ keepAliveMs: 20_000 });

export default async function run({ bytes, opts }) {
  try {
    return { ok: true, result: await convert(bytes, { ...opts, ocr }) };
  } catch (e) {
    if (isAppError(e)) return { ok: false, code: e.code, detail: e.detail };
    if (e instanceof RangeError && /call stack|Invalid array length|allocation/i.test(String(e.message))) {
      return { ok: false, code: 'security_check_failed', detail: 'The file is built in a way that exhausts the parser (too deeply nested or too large to process).' };
    }
    throw e;
  }
}
