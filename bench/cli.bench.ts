// The CLI as a whole process: `ledgerline convert small.csv --format json` against `node -e 0`, run
// alternately so both see the same machine load (medians of 9 wall times). Issue 14's target: at
// most 3x.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

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
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
