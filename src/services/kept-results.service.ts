// Kept results (issue 50): each successful conversion's result is kept for the account's keeping period
// (0-90 days; by default the deployment's KEEP_RESULTS_DAYS, 30), so it can be reopened on the converter
// page, corrected, and downloaded again in any format without converting again. 0 keeps nothing.
//
// At rest a result is the gzipped result text (jobs/result-text.ts: written and read a slice of rows at a
// time) sealed with AES-256-GCM under a key derived from the deployment seal key for this account,
// conversion and version (jobs/sealing.ts DeploymentSealer): a copy of the database alone opens nothing.
// Unlike a job's results (sealed to a key only the client holds), the service itself can open a kept
// result, because any of the account's sessions and API keys may ask for it; SECURITY.md says so.
// Expired results answer 404 at once and are deleted by the retention sweep (jobs.module.ts).
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import type { EngineResult } from '../engine/types.js';
import { AppError } from '../errors.js';
import type { KeptMeta, KeptResultRepository } from '../store/kept-result.repository.js';
import { isoAt, type Clock } from './clock.js';
import type { StatementContinuity } from './continuity.service.js';
import { resultFromText, resultToText } from './jobs/result-text.js';
import type { CorrectedText } from '../adapters/converter.js';
import type { DeploymentSealer } from './jobs/sealing.js';

/** The longest an account may keep its results, in days. */
export const MAX_KEEP_DAYS = 90;
const DAY_MS = 86_400_000;

const zip = promisify(gzip);
const unzip = promisify(gunzip);

/** The result as converted, with the continuity the conversion found (the JSON answer shows it). */
export type KeptOriginal = EngineResult & { continuity?: StatementContinuity[] };

/** The result as corrected: its rows, verdict and audit trail (`corrections`), and each row's index as read (null: added). */
export type KeptCorrected = EngineResult & { row_keys: (number | null)[] };

export interface KeptResult {
  meta: KeptMeta;
  original: KeptOriginal;
  corrected: KeptCorrected | null;
}

/** A kept result's texts as stored (result-text.ts, gzipped), unsealed. */
export interface KeptText {
  meta: KeptMeta;
  original: Uint8Array;
  corrected: Uint8Array | null;
}

const NOT_KEPT =
  'This result is not kept: it was never kept, it has expired, or it was deleted. Convert the statement again; the Account page sets how long results are kept.';

export class KeptResultService {
  constructor(
    private readonly repo: KeptResultRepository,
    private readonly sealer: DeploymentSealer,
    private readonly clock: Clock,
    /** The deployment's keeping period in days (KEEP_RESULTS_DAYS), for accounts that chose none. */
    readonly defaultDays: number,
  ) {}

  /**
   * Keeps still being written, per account (keepInBackground). Every read or change of an account's
   * kept results waits for them first, so an answer's result is there for the next request this
   * process serves.
   */
  private readonly pending = new Map<string, Set<Promise<void>>>();

  private context = (accountId: string, id: string, version: 'original' | 'corrected') => `kept-result|${accountId}|${id}|${version}`;

  private async seal(accountId: string, id: string, version: 'original' | 'corrected', result: object): Promise<Buffer> {
    return this.sealer.seal(await zip(await resultToText(result)), this.context(accountId, id, version));
  }

  /** The account's keeping period in days: its own choice, else the deployment's. */
  async daysFor(accountId: string): Promise<number> {
    return (await this.repo.daysOf(accountId)) ?? this.defaultDays;
  }

  /** Keeps a conversion's result for the account's period; returns until when (ISO), or null when it keeps nothing. */
  async keep(accountId: string, conversionId: string, result: EngineResult, continuity?: StatementContinuity[]): Promise<string | null> {
    const original: KeptOriginal = continuity ? { ...result, continuity } : result;
    return this.keepGzipped(accountId, conversionId, () => resultToText(original).then(zip));
  }

  /**
   * Keeps a result already written as gzipped result text (with its continuity) where it was converted
   * (src/adapters/held-answer.ts): only the seal and the insert are done here.
   */
  async keepGzipped(accountId: string, conversionId: string, gzipped: () => Promise<Uint8Array>, expiresAt?: string | null): Promise<string | null> {
    const days = await this.daysFor(accountId);
    if (days <= 0) return null;
    const now = this.clock();
    // (An answer that already said until when, the page's, keeps that time.)
    const expires = expiresAt ?? isoAt(now + days * DAY_MS);
    await this.repo.insert({
      conversion_id: conversionId,
      account_id: accountId,
      created_at: isoAt(now),
      expires_at: expires,
      result_sealed: this.sealer.seal(await gzipped(), this.context(accountId, conversionId, 'original')),
      corrected_sealed: null,
      corrected_at: null,
      corrected_rows: 0,
      corrected_status: null,
    });
    return expires;
  }

  /**
   * Keeps a result after the answer is on its way (the API's convert: its answer does not say until
   * when): the gzip, the seal and the insert start on the next turn of the event loop, once the
   * answer is written. `onError` is told of a failure (the conversion has succeeded by then).
   */
  keepInBackground(
    accountId: string,
    conversionId: string,
    result: EngineResult,
    continuity: StatementContinuity[] | undefined,
    onError: (err: unknown) => void,
  ): void {
    this.inBackground(accountId, () => this.keep(accountId, conversionId, result, continuity), onError);
  }

  /** Until when a result converted now is kept for the account (ISO), or null when it keeps none. */
  async expiryFor(accountId: string): Promise<string | null> {
    const days = await this.daysFor(accountId);
    return days > 0 ? isoAt(this.clock() + days * DAY_MS) : null;
  }

  /** keepInBackground of a result gzipped where it was converted (keepGzipped), once it comes; `expiresAt` as keepGzipped's. */
  keepGzippedInBackground(
    accountId: string,
    conversionId: string,
    gzipped: Promise<Uint8Array | undefined>,
    expiresAt: string | null,
    onError: (err: unknown) => void,
  ): void {
    this.inBackground(
      accountId,
      async () => {
        const bytes = await gzipped;
        if (!bytes) throw new Error('the kept copy was not made');
        await this.keepGzipped(accountId, conversionId, () => Promise.resolve(bytes), expiresAt);
      },
      onError,
    );
  }

  /** Runs a keep on the next turn of the event loop (after the answer is written), tracked per account. */
  private inBackground(accountId: string, keep: () => Promise<unknown>, onError: (err: unknown) => void): void {
    const work = new Promise<void>((resolve) => setImmediate(resolve)).then(keep).then(() => {}, onError);
    const set = this.pending.get(accountId) ?? new Set();
    set.add(work);
    this.pending.set(accountId, set);
    void work.finally(() => {
      set.delete(work);
      if (set.size === 0 && this.pending.get(accountId) === set) this.pending.delete(accountId);
    });
  }

  /** Waits for the account's keeps still being written. */
  private async caughtUp(accountId: string): Promise<void> {
    const set = this.pending.get(accountId);
    if (set) await Promise.all(set);
  }

  /** Waits for every keep still being written (before the database closes). */
  async settled(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending.values()].flatMap((set) => [...set]));
  }

  /** The kept result (as converted and as corrected), or 404 not_found. */
  async open(accountId: string, conversionId: string): Promise<KeptResult> {
    const { meta, original, corrected } = await this.openText(accountId, conversionId);
    return {
      meta,
      original: await resultFromText<KeptOriginal>(await unzip(original)),
      corrected: corrected ? await resultFromText<KeptCorrected>(await unzip(corrected)) : null,
    };
  }

  /**
   * The kept result's texts, gzipped, unsealed and nothing more (the deployment's key stays here): a
   * conversion process reads the rows and writes the answer (held-answer.ts answerKept). 404 not_found.
   */
  async openText(accountId: string, conversionId: string): Promise<KeptText> {
    await this.caughtUp(accountId);
    const row = await this.repo.find(accountId, conversionId, isoAt(this.clock()));
    if (!row) throw new AppError('not_found', NOT_KEPT);
    const { result_sealed, corrected_sealed, ...meta } = row;
    return {
      meta,
      original: this.sealer.open(result_sealed, this.context(accountId, conversionId, 'original')),
      corrected: corrected_sealed ? this.sealer.open(corrected_sealed, this.context(accountId, conversionId, 'corrected')) : null,
    };
  }

  /** The result to download: as corrected when it was, else as converted. */
  async current(accountId: string, conversionId: string): Promise<{ meta: KeptMeta; result: EngineResult }> {
    const kept = await this.open(accountId, conversionId);
    if (!kept.corrected) return { meta: kept.meta, result: kept.original };
    const { row_keys: _keys, ...result } = kept.corrected;
    return { meta: kept.meta, result };
  }

  /**
   * Saves a person's corrections as the corrected copy's text (gzipped, made in a conversion process:
   * adapters/side-tasks.ts runCorrect), sealed here; null: the rows are as read again.
   */
  async saveCorrected(accountId: string, conversionId: string, corrected: CorrectedText['saved']): Promise<void> {
    await this.caughtUp(accountId);
    const found = await this.repo.saveCorrected(
      accountId,
      conversionId,
      corrected
        ? {
            corrected_sealed: this.sealer.seal(corrected.text, this.context(accountId, conversionId, 'corrected')),
            corrected_at: isoAt(this.clock()),
            corrected_rows: corrected.rows,
            corrected_status: corrected.status,
          }
        : { corrected_sealed: null, corrected_at: null, corrected_rows: 0, corrected_status: null },
    );
    if (!found) throw new AppError('not_found', NOT_KEPT);
  }

  async remove(accountId: string, conversionId: string): Promise<void> {
    await this.caughtUp(accountId);
    if (!(await this.repo.remove(accountId, conversionId))) throw new AppError('not_found', NOT_KEPT);
  }

  /** Metadata of the account's kept results among `ids`, by conversion id. */
  async metaOf(accountId: string, ids: string[]): Promise<Map<string, KeptMeta>> {
    await this.caughtUp(accountId);
    const rows = await this.repo.metaOf(accountId, ids, isoAt(this.clock()));
    return new Map(rows.map((r) => [r.conversion_id, r]));
  }

  /**
   * Sets the account's keeping period (0-90 days). It applies to the results already kept too, counted
   * from each one's conversion: a shorter period deletes at the next sweep what falls outside it, 0 deletes
   * them all now.
   */
  async setDays(accountId: string, days: number): Promise<void> {
    if (!Number.isInteger(days) || days < 0 || days > MAX_KEEP_DAYS)
      throw new AppError('invalid_request', `Results are kept for 0 to ${MAX_KEEP_DAYS} days (a whole number); 0 keeps none.`);
    await this.caughtUp(accountId);
    await this.repo.setDays(accountId, days, isoAt(this.clock()));
    if (days === 0) {
      await this.repo.removeAll(accountId);
      return;
    }
    const times = await this.repo.listTimes(accountId);
    await this.repo.setExpiry(
      accountId,
      times.map((t) => ({ conversion_id: t.conversion_id, expires_at: isoAt(Date.parse(t.created_at) + days * DAY_MS) })),
    );
  }

  /** Deletes expired results; returns how many. */
  sweep(): Promise<number> {
    return this.repo.deleteExpired(isoAt(this.clock()));
  }
}
