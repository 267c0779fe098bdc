// OCR with Debian's `tesseract` binary (apt-get install tesseract-ocr tesseract-ocr-eng): about
// 2.5x faster than the wasm build. One process per page, the PNG on stdin, TSV (word boxes and
// confidences) on stdout; OMP_THREAD_LIMIT=1 because pages already run one per pool worker and
// OpenMP threads only fight over the cores. The child is killed at the per-page limit.
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import { pageTimeout } from '../../engine/ocr/recognize.js';
import type { OcrBackend, OcrImage, OcrWord, RecognizeOptions } from '../../engine/ocr/ocr-backend.js';

/** Where Debian and source builds put the binary. Looked up by path, so no environment is read. */
export const TESSERACT_PATHS = ['/usr/bin/tesseract', '/usr/local/bin/tesseract'];

/** The binary's path when it is installed with English data, else null. */
export async function findTesseract(paths = TESSERACT_PATHS): Promise<string | null> {
  for (const p of paths) {
    try {
      fs.accessSync(p, fs.constants.X_OK);
    } catch {
      continue;
    }
    const langs = await new Promise<string>((resolve) => {
      execFile(p, ['--list-langs'], { timeout: 10_000, env: { OMP_THREAD_LIMIT: '1' } }, (err, out, errOut) => resolve(err ? '' : `${out}\n${errOut}`));
    });
    if (/^eng$/m.test(langs)) return p;
  }
  return null;
}

/** Parses tesseract's TSV: level-5 rows are words; block/paragraph/line numbers give the line id. */
export function parseTsv(tsv: string): OcrWord[] {
  const words: OcrWord[] = [];
  const lineIds = new Map<string, number>();
  for (const row of tsv.split('\n')) {
    const c = row.split('\t');
    if (c.length < 12 || c[0] !== '5') continue;
    const text = c.slice(11).join('\t').trim();
    const conf = Number(c[10]);
    if (!text || !(conf >= 0)) continue;
    const key = `${c[1]}.${c[2]}.${c[3]}.${c[4]}`;
    let line = lineIds.get(key);
    if (line === undefined) lineIds.set(key, (line = lineIds.size));
    const x0 = Number(c[6]),
      y0 = Number(c[7]);
    words.push({ text, conf, x0, y0, x1: x0 + Number(c[8]), y1: y0 + Number(c[9]), line });
  }
  return words;
}

export class TesseractCliBackend implements OcrBackend {
  readonly name = 'tesseract';
  constructor(private readonly binary: string) {}

  recognize(image: OcrImage, opts: RecognizeOptions): Promise<OcrWord[]> {
    return new Promise((resolve, reject) => {
      // psm 6: one uniform block, so a statement row comes back as one line across the columns.
      const v = opts.variant ?? {};
      const args = ['-', '-', '--psm', String(v.psm ?? 6), '-l', 'eng', '--dpi', '300'];
      if (v.whitelist) args.push('-c', `tessedit_char_whitelist=${v.whitelist}`);
      const child = spawn(this.binary, [...args, 'tsv'], {
        env: { OMP_THREAD_LIMIT: '1' },
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      const out: Buffer[] = [];
      let err = '';
      let done = false;
      const timer = setTimeout(() => {
        if (!done) {
          done = true;
          child.kill('SIGKILL');
          reject(pageTimeout(opts.page, opts.timeoutMs));
        }
      }, opts.timeoutMs);
      child.stdout.on('data', (b: Buffer) => out.push(b));
      child.stderr.on('data', (b: Buffer) => {
        if (err.length < 4000) err += b.toString();
      });
      child.on('error', (e) => {
        if (!done) {
          done = true;
          clearTimeout(timer);
          reject(e);
        }
      });
      child.on('close', (code) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        if (code !== 0) return reject(new Error(`tesseract exited with ${code}: ${err.slice(0, 300)}`));
        resolve(parseTsv(Buffer.concat(out).toString('utf8')));
      });
      child.stdin.on('error', () => undefined);
      child.stdin.end(Buffer.from(image.png.buffer, image.png.byteOffset, image.png.byteLength));
    });
  }
}
