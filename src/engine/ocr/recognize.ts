// One page through the backend under the per-page time limit. Backends stop their own work at the
// limit (killing the process or the wasm worker); the race here is the backstop so a conversion can
// never wait past it.
import { AppError } from '../../errors.js';
import type { OcrBackend, OcrImage, OcrVariant, OcrWord } from './ocr-backend.js';

export async function recognizePage(backend: OcrBackend, image: OcrImage, page: number, timeoutMs: number, variant?: OcrVariant): Promise<OcrWord[]> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(pageTimeout(page, timeoutMs)), timeoutMs + 2_000);
  });
  try {
    return await Promise.race([backend.recognize(image, { timeoutMs, page, variant }), limit]);
  } finally {
    clearTimeout(timer);
  }
}

export function pageTimeout(page: number, timeoutMs: number): AppError {
  return new AppError(
    'security_check_failed',
    `Reading page ${page} by OCR took longer than the ${Math.round(timeoutMs / 1000)} s per-page limit, so it was stopped.`,
  );
}
