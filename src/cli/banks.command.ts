// ledgerline banks: the bank profiles, read from their declarations (as GET /api/v1/banks is).
import { listBanks } from '../engine/profiles/index.js';
import { options } from './args.js';
import { jsonAsked } from './report.js';

export async function runBanks(args: string[]): Promise<number> {
  options(args, {});
  const banks = listBanks();
  // --json (taken by main): the API's shape, for programs.
  if (jsonAsked()) {
    process.stdout.write(JSON.stringify({ banks }, null, 2) + '\n');
    return 0;
  }
  const width = Math.max(...banks.map((b) => b.id.length), 'generic'.length);
  const lines = [
    `${'auto'.padEnd(width)}  Detect the bank from the file (the default)`,
    `${'generic'.padEnd(width)}  Any other bank: read with no profile`,
    ...banks.map((b) => `${b.id.padEnd(width)}  ${b.name} (${b.inputs.join(', ')})`),
  ];
  process.stdout.write(lines.join('\n') + '\n');
  return 0;
}
