// One-account formats (Xero, QuickBooks, Sage, OFX, QBO, QIF) hold one account per file: a result whose
// statements belong to several accounts (issue 18) becomes a ZIP of one file per statement, each written
// by the format's own writer from that statement alone. Statements of one account (months joined) stay
// one file, which is what an importer wants; `statement=N` (applied by the conversion service before any
// writer runs) picks one statement of either kind.
import { sameAccount, statementOfResult } from '../engine/statements/merge.js';
import type { EngineResult } from '../engine/types.js';
import { AppError } from '../errors.js';
import type { FormatWriter, WriteContext } from './types.js';
import { zipEntries } from './zip-out.js';

/** True when the result's statements belong to more than one account. */
export function severalAccounts(result: EngineResult): boolean {
  const s = result.statements ?? [];
  return s.length > 1 && s.some((x) => !sameAccount(x.account, s[0].account));
}

/** Statement `n` (1-based) of a result, for `statement=N`; a number past the last statement is a 400. */
export function pickStatement(result: EngineResult, n: number | undefined): EngineResult {
  if (n === undefined) return result;
  const count = result.statements?.length ?? 1;
  if (!Number.isInteger(n) || n < 1 || n > count) {
    throw new AppError(
      'invalid_request',
      `statement=${n} asks for a statement the file does not hold: it holds ${count} statement${count === 1 ? '' : 's'} (numbered from 1).`,
    );
  }
  return statementOfResult(result, n);
}

function parts(ctx: WriteContext): WriteContext[] {
  return ctx.result.statements!.map((s, i) => {
    const from = s.first_row - 1;
    return { ...ctx, result: statementOfResult(ctx.result, i + 1), payees: ctx.payees?.slice(from, from + s.row_count) };
  });
}

const entryStem = (stem: string, r: EngineResult, i: number) => {
  const s = r.statements?.[0];
  const id = s?.account.number_last4 ?? 'account';
  return `${stem}-${i + 1}-${id}${s?.period.from ? `-${s.period.from}` : ''}`;
};

export function perAccount<F extends string>(writer: FormatWriter<F>): FormatWriter<F> {
  return {
    ...writer,
    contentTypeFor: (result) => (severalAccounts(result) ? 'application/zip' : writer.contentTypeFor(result)),
    fileName: (stem, result) => (severalAccounts(result) ? `${stem}-${writer.format}-statements.zip` : writer.fileName(stem, result)),
    check: (result, options) => {
      if (!severalAccounts(result)) return writer.check(result, options);
      for (const p of parts({ result, options, stem: '', now: new Date(0) })) writer.check(p.result, options);
    },
    write(ctx) {
      if (!severalAccounts(ctx.result)) return writer.write(ctx);
      const list = parts(ctx);
      return zipEntries(
        ctx.now,
        list.map((p, i) => ({ name: writer.fileName(entryStem(ctx.stem, p.result, i), p.result), bytes: writer.write(p) })),
      );
    },
  };
}
