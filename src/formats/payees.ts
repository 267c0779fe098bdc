// The payee of every row for the writers that have a payee field (xero, ofx, qbo, qif, xlsx): the ones the
// caller passed or the engine read with the account's rules, else the built-in reading.
import { payeesOf } from '../engine/payees/index.js';
import type { WriteContext } from './types.js';

export function payeesFor(ctx: WriteContext): readonly string[] {
  const n = ctx.result.transactions.length;
  for (const given of [ctx.payees, ctx.result.payees]) if (given && given.length === n) return given;
  return payeesOf(ctx.result.transactions);
}
