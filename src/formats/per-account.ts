// One-account formats (Xero, QuickBooks, Sage, FreeAgent, OFX, QBO, QIF) hold one account in one currency
// per file: a result whose statements belong to several accounts (issue 18) becomes a ZIP of one file per
// statement, and rows in several currencies one file per currency (per-currency.ts; both: per statement,
// then per currency), each written by the format's own writer from that part alone. Statements of one
// account (months joined) stay one file, which is what an importer wants; `statement=N` (applied by the
// conversion service before any writer runs) picks one statement of either kind.
import { sameAccount, statementOfResult } from '../engine/statements/merge.js';
import type { EngineResult } from '../engine/types.js';
import { AppError } from '../errors.js';
import type { FormatWriter, WriteContext } from './types.js';
import { currenciesOf, currencyPart, severalCurrencies } from './per-currency.js';
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

/** Whether the format's file must be a ZIP of parts: several accounts, or rows in several currencies. */
export const splitsInto = (result: EngineResult): 'accounts' | 'currencies' | null =>
  severalAccounts(result) ? 'accounts' : severalCurrencies(result) ? 'currencies' : null;

interface Part {
  ctx: WriteContext;
  /** The entry's stem, after the upload's. */
  name: string;
}

/** One currency's rows of a part: the part itself when it has one currency. */
function byCurrency(ctx: WriteContext, name: string): Part[] {
  if (!severalCurrencies(ctx.result)) return [{ ctx, name }];
  return currenciesOf(ctx.result).map((c) => {
    const result = currencyPart(ctx.result, c);
    const payees = ctx.payees ? ctx.result.transactions.flatMap((t, i) => (t.Currency === c ? [ctx.payees![i]] : [])) : undefined;
    return { ctx: { ...ctx, result, payees }, name: name ? `${name}-${c}` : c };
  });
}

/** The files of a ZIP: one per statement of several accounts, then one per currency of each. */
function parts(ctx: WriteContext): Part[] {
  if (!severalAccounts(ctx.result)) return byCurrency(ctx, '');
  return ctx.result.statements!.flatMap((s, i) => {
    const from = s.first_row - 1;
    const result = statementOfResult(ctx.result, i + 1);
    const id = s.account.number_last4 ?? 'account';
    return byCurrency({ ...ctx, result, payees: ctx.payees?.slice(from, from + s.row_count) }, `${i + 1}-${id}${s.period.from ? `-${s.period.from}` : ''}`);
  });
}

const zipName = (stem: string, format: string, by: 'accounts' | 'currencies') => `${stem}-${format}-${by === 'accounts' ? 'statements' : 'currencies'}.zip`;

export function perAccount<F extends string>(writer: FormatWriter<F>): FormatWriter<F> {
  return {
    ...writer,
    contentTypeFor: (result) => (splitsInto(result) ? 'application/zip' : writer.contentTypeFor(result)),
    fileName: (stem, result) => {
      const by = splitsInto(result);
      return by ? zipName(stem, writer.format, by) : writer.fileName(stem, result);
    },
    check: (result, options) => {
      if (!splitsInto(result)) return writer.check(result, options);
      for (const p of parts({ result, options, stem: '', now: new Date(0) })) writer.check(p.ctx.result, options);
    },
    write(ctx) {
      if (!splitsInto(ctx.result)) return writer.write(ctx);
      return zipEntries(
        ctx.now,
        parts(ctx).map((p) => ({ name: writer.fileName(`${ctx.stem}-${p.name}`, p.ctx.result), bytes: writer.write(p.ctx) })),
      );
    },
  };
}
