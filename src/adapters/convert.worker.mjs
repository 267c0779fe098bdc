// Task module of a conversion process (loaded by child-runner.mjs). Plain JS so that it loads as it
// is: it runs the compiled engine when it sits in dist/ (the build copies it there), else registers tsx
// and runs the TypeScript sources (tests of src/). It returns AppErrors as data (they do not survive
// cloning). The default export converts; `classify`, `render`, `write`, `correct` and `checkRule` are the side tasks.
import { existsSync } from 'node:fs';

const ext = existsSync(new URL('../engine/convert.ts', import.meta.url)) ? 'ts' : 'js';
if (ext === 'ts') (await import('tsx/esm/api')).register();
const { convert } = await import(`../engine/convert.${ext}`);
const { isAppError } = await import(`../errors.${ext}`);
const { runCheckRule, runClassify, runCorrect, runRender, runWrite } = await import(`./side-tasks.${ext}`);
const { answerHeld: answerOf, answerKept: answerKeptOf, answerStored: answerStoredOf, holdResult } = await import(`./held-answer.${ext}`);
// OCR for scans: Debian's tesseract when installed, else tesseract.js; its wasm worker is kept 20 s
// between conversions (idle conversion processes end after 30 s anyway).
const { defaultOcrBackend } = await import(`./ocr/index.${ext}`);
const ocr = defaultOcrBackend({ keepAliveMs: 20_000 });

const MEMORY = 'Processing the file needed more memory than one conversion may use, so it was stopped.';

/** Errors a hostile input causes in the engine become data; anything else is a bug and is thrown. */
function asReply(e, what) {
  if (isAppError(e)) return { ok: false, code: e.code, detail: e.detail };
  const message = String(e?.message ?? '');
  // The process's memory limit (RLIMIT_DATA) refuses a buffer or wasm memory: a RangeError, or a zlib
  // error where inflation could not get memory.
  if (
    (e instanceof RangeError && /Array buffer allocation failed|WebAssembly\.Memory|Cannot allocate|out of memory/i.test(message)) ||
    e?.code === 'Z_MEM_ERROR' ||
    e?.code === 'ERR_MEMORY_ALLOCATION_FAILED'
  ) {
    return {
      ok: false,
      code: what === 'file' ? 'security_check_failed' : 'invalid_request',
      detail: what === 'file' ? MEMORY : `The ${what} needed more memory than one request may use.`,
      reason: 'memory',
    };
  }
  if (e instanceof RangeError && /call stack|Invalid array length|allocation/i.test(message)) {
    return {
      ok: false,
      code: 'security_check_failed',
      detail: 'The file is built in a way that exhausts the parser (too deeply nested or too large to process).',
    };
  }
  throw e;
}

/** The result read by `convertHeld`, until `answerHeld` writes its answer (held-answer.ts); any other task drops it. */
let held = null;

export default async function run({ bytes, opts }) {
  held = null;
  try {
    return { ok: true, result: await convert(bytes, { ...opts, ocr }) };
  } catch (e) {
    return asReply(e, 'file');
  }
}

export async function convertHeld({ bytes, opts, plan }) {
  held = null;
  try {
    held = holdResult(await convert(bytes, { ...opts, ocr }), plan);
    return { ok: true, value: held.summary };
  } catch (e) {
    return asReply(e, 'file');
  }
}

/** The answer's bytes go to the server as `pieces` (child-runner.mjs sends each as it is made), then its `tail`. */
export async function answerHeld(orders) {
  const h = held;
  held = null;
  if (!h) return { ok: false, code: 'internal_error', detail: 'No conversion result was waiting for its answer.' };
  try {
    const { value, pieces, tail } = await answerOf(h, orders);
    return { ok: true, value, pieces, tail };
  } catch (e) {
    return asReply(e, 'file rendering');
  }
}

/** A job file's stored result written as asked, its bytes streamed like an answer's. */
export async function answerStored(task) {
  held = null;
  try {
    const { value, pieces } = await answerStoredOf(task);
    return { ok: true, value, pieces };
  } catch (e) {
    return asReply(e, 'file rendering');
  }
}

/** A kept result's texts (unsealed by the server) written as asked, its bytes streamed like an answer's. */
export async function answerKept(task) {
  held = null;
  try {
    const { value, pieces } = await answerKeptOf(task);
    return { ok: true, value, pieces };
  } catch (e) {
    return asReply(e, 'file rendering');
  }
}

export async function dropHeld() {
  held = null;
  return { ok: true, value: null };
}

export async function classify(task) {
  held = null;
  try {
    return { ok: true, value: runClassify(task) };
  } catch (e) {
    return asReply(e, 'classification');
  }
}

export async function render(task) {
  held = null;
  try {
    return { ok: true, value: await runRender(task) };
  } catch (e) {
    return asReply(e, 'file rendering');
  }
}

export async function write(task) {
  held = null;
  try {
    return { ok: true, value: await runWrite(task) };
  } catch (e) {
    return asReply(e, 'file rendering');
  }
}

export async function correct(task) {
  held = null;
  try {
    return { ok: true, value: await runCorrect(task) };
  } catch (e) {
    return asReply(e, 'correction');
  }
}

export async function checkRule(pattern) {
  held = null;
  try {
    return { ok: true, value: runCheckRule(pattern) };
  } catch (e) {
    return asReply(e, 'classification');
  }
}
