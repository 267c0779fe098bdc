// Accounts: creation, plans and passwords (argon2id).
import { hash, verify } from '@node-rs/argon2';
import { AppError } from '../errors.js';
import type { AccountRepository, AccountRow } from '../store/account.repository.js';
import { newId } from '../store/ids.js';
import { isoAt, type Clock } from './clock.js';
import { isPlanId, PLAN_IDS } from './plans.js';

// OWASP's argon2id baseline: 19 MiB memory, 2 iterations, 1 lane.
// algorithm 2 = Argon2id (the package's const enum cannot be imported under isolatedModules).
const ARGON2 = { algorithm: 2 as const, memoryCost: 19456, timeCost: 2, parallelism: 1 };

// Verifying against this when the email is unknown keeps the timing of "no such account" and
// "wrong password" alike, so login answers do not reveal which emails exist.
let dummyHash: Promise<string> | null = null;

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** Password length, in characters. */
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 200;

/**
 * Characters that show nothing, counted as white space: Unicode white space, the invisible format
 * characters (zero-width space and joiners, word joiner, BOM, soft hyphen, bidi marks: Cf), the other
 * default-ignorable code points (variation selectors, Hangul fillers) and the blank Braille pattern.
 * Ten zero-width spaces were accepted as a password.
 */
const BLANK = /[\s\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/gu;

/**
 * Why a new password is refused, or null. Control characters (NUL, line breaks, ...) are refused
 * outright, and the length counts the characters that are not blank (BLANK): ten spaces, ten NULs or
 * ten zero-width spaces were accepted as a password.
 */
export function passwordProblem(password: string): string | null {
  if (password.length > PASSWORD_MAX) return `The password must be at most ${PASSWORD_MAX} characters long.`;
  if (/[\u0000-\u001f\u007f-\u009f]/.test(password)) return 'The password must not contain control characters (such as tabs, line breaks or NUL).';
  if ([...password.replace(BLANK, '')].length < PASSWORD_MIN)
    return `The password must have at least ${PASSWORD_MIN} characters that are not spaces or invisible characters.`;
  return null;
}

export class AccountService {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly clock: Clock,
  ) {}

  async create(email: string, password: string, plan: string = 'free'): Promise<AccountRow> {
    const e = normaliseEmail(email);
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e) || e.length > 320) throw new AppError('invalid_request', 'The email address is not valid.');
    const weak = passwordProblem(password);
    if (weak) throw new AppError('invalid_request', weak);
    if (!isPlanId(plan)) throw new AppError('invalid_request', `The plan must be one of ${PLAN_IDS.join(', ')}.`);
    if (await this.accounts.findByEmail(e)) throw new AppError('invalid_request', 'An account with this email already exists.');
    const row: AccountRow = {
      id: newId('acct', this.clock()),
      email: e,
      password_hash: await hash(password, ARGON2),
      plan,
      created_at: isoAt(this.clock()),
    };
    await this.accounts.insert(row);
    return row;
  }

  async byEmail(email: string): Promise<AccountRow> {
    const row = await this.accounts.findByEmail(normaliseEmail(email));
    if (!row) throw new AppError('not_found', `No account has the email ${normaliseEmail(email)}.`);
    return row;
  }

  byId(id: string): Promise<AccountRow | undefined> {
    return this.accounts.findById(id);
  }

  async setPlan(email: string, plan: string): Promise<AccountRow> {
    if (!isPlanId(plan)) throw new AppError('invalid_request', `The plan must be one of ${PLAN_IDS.join(', ')}.`);
    const row = await this.byEmail(email);
    await this.accounts.setPlan(row.id, plan);
    return { ...row, plan };
  }

  async setPassword(email: string, password: string): Promise<void> {
    const weak = passwordProblem(password);
    if (weak) throw new AppError('invalid_request', weak);
    const row = await this.byEmail(email);
    await this.accounts.setPasswordHash(row.id, await hash(password, ARGON2));
  }

  /** The account when the email and password match, else null (same work either way). */
  async verifyLogin(email: string, password: string): Promise<AccountRow | null> {
    const row = await this.accounts.findByEmail(normaliseEmail(email));
    if (!row) {
      dummyHash ??= hash('not-a-real-password-0000', ARGON2);
      await verify(await dummyHash, password).catch(() => false);
      return null;
    }
    const ok = await verify(row.password_hash, password).catch(() => false);
    return ok ? row : null;
  }
}
