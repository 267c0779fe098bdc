// The CLI as a whole process: `ledgerline convert small.csv --format json` against `node -e 0`, run
// alternately so both see the same machine load (medians of 9 wall times). Issue 14's target: at
// most 3x.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateStatementPdf } from '../test/fixtures/pdf/generate.js';

const BIN = path.resolve('bin/ledgerline.mjs');

function wallMs(args: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(performance.now() - t) : reject(new Error(`${args.join(' ')} exited ${code}`))));
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function run(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-cli-'));
  const csv = path.join(dir, 'small.csv');
  fs.writeFileSync(
    csv,
    'Date,Description,Amount,Balance\n01/03/2024,OPENING,,100.00\n02/03/2024,TESCO STORES,-10.00,90.00\n03/03/2024,SALARY ACME,1000.00,1090.00\n',
  );
  try {
    await wallMs([BIN, 'convert', csv, '--format', 'json']); // builds dist/ if stale, warms the disk cache
    const bare: number[] = [],
      cli: number[] = [];
    for (let i = 0; i < 9; i++) {
      bare.push(await wallMs(['-e', '0']));
      cli.push(await wallMs([BIN, 'convert', csv, '--format', 'json']));
    }
    const b = median(bare),
      c = median(cli);
    console.log(`cli: node -e 0 p50 ${b.toFixed(0)} ms | ledgerline convert small.csv p50 ${c.toFixed(0)} ms | ratio ${(c / b).toFixed(2)}x (target <= 3x)`);

    const pdfs: string[] = [];
    for (let i = 0; i < 20; i++) {
      const { bytes } = await generateStatementPdf({ layout: 'paidin-withdrawn', rows: 56, rowsPerPage: 28, font: 'embedded', seed: i + 1 });
      pdfs.push(path.join(dir, `s${i}.pdf`));
      fs.writeFileSync(pdfs[i], bytes);
    }
    const batch: number[] = [];
    const single: number[] = [];
    for (let round = 0; round < 3; round++) {
      batch.push(await wallMs([BIN, 'convert', ...pdfs, '--out', path.join(dir, `out${round}/`), '--jobs', '1']));
      let t = 0;
      for (const f of pdfs) t += await wallMs([BIN, 'convert', f, '--format', 'json']);
      single.push(t);
    }
    const [bt, st] = [median(batch), median(single)];
    console.log(
      `cli: 20 2-page PDFs in one batch (--jobs 1) ${bt.toFixed(0)} ms, ${(bt / 20).toFixed(0)} ms a file | one process a file ${(st / 20).toFixed(0)} ms a file | batch ${(bt / st).toFixed(2)}x the single runs`,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
