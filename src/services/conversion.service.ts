// The convert use case: quota, reading the upload, running the engine off the main thread, and
// recording metadata (never the file or its rows) for success and failure alike.
import { isAnswering, type Converter } from '../adapters/converter.js';
import { answering, type AnswerOrders, type AnswerPlan, type HeldAnswer } from '../adapters/held-answer.js';
import type { ConversionEvent, ConversionObserver } from '../adapters/metrics/conversion-observer.js';
import { sniff } from '../engine/sniff.js';
import type { ConvertOptions, EngineResult } from '../engine/types.js';
import { AppError, isAppError, type ErrorCode } from '../errors.js';
import { PAYEE_FORMATS, safeStem, writerFor } from '../formats/index.js';
import { pickStatement } from '../formats/per-account.js';
import type { FormatWriter } from '../formats/types.js';
import type { ConversionRepository, ConversionRow } from '../store/conversion.repository.js';
import { newId } from '../store/ids.js';
import { isoAt, type Clock } from './clock.js';
import type { ContinuityService, StatementContinuity } from './continuity.service.js';
import type { PayeeService } from './payee.service.js';
import type { KeptResultService } from './kept-results.service.js';
import type { QuotaService, QuotaStatus, Reservation } from './quota.service.js';
import {
  fileTypeOf,
  type AnsweredOutcome,
  type AnswerRequest,
  type Classifier,
  type ConvertOutcome,
  type ConvertRequest,
  type ServiceLog,
  type StoreRequest,
  type Upload,
} from './conversion.types.js';

/** Until the server hands over its logger (CLI, workers): one JSON line on stderr. */
const stderrLog: ServiceLog = {
  warn: (obj, msg) => process.stderr.write(`${JSON.stringify({ level: 'warn', ...obj, msg })}\n`),
};

export class ConversionService {
  private classifier: Classifier | null = null;
  private log: ServiceLog = stderrLog;

  constructor(
    private readonly conversions: ConversionRepository,
    private readonly quota: QuotaService,
    private readonly converter: Converter,
    private readonly clock: Clock,
    /** Told about every conversion (metrics); must never fail one. */
    private readonly observer?: ConversionObserver,
    /** The account's payee rules; without it payees are the engine's own reading. */
    private readonly payeeRules?: Pick<PayeeService, 'rulesFor'>,
    /** Continuity across uploads and the salted account keys of the stable ids (issue 18). */
    private readonly continuity?: ContinuityService,
    /** Kept results (issue 50): each successful result, sealed, for the account's keeping period. */
    private readonly keeper?: Pick<KeptResultService, 'keep' | 'keepInBackground' | 'keepGzipped' | 'keepGzippedInBackground' | 'daysFor' | 'expiryFor'>,
  ) {}

  private observe(format: string, input: ConversionEvent['input'], verdict: string, code: string | null, started: number): void {
    try {
      this.observer?.onConversion({ format, input, verdict, code, seconds: Math.max(0, this.clock() - started) / 1000 });
    } catch {
      /* a broken metrics sink is ignored on purpose */
    }
  }

  setLogger(log: ServiceLog): void {
    this.log = log;
  }

  setClassifier(c: Classifier): void {
    this.classifier = c;
  }

  /** Converts and returns the result as objects (the web page, jobs, classification); see also convertToAnswer. */
  async convert(req: ConvertRequest): Promise<ConvertOutcome> {
    const done = await this.perform(req, async (upload, opts, writer, accountId) => {
      const read = await this.converter.convert(upload.bytes, opts, { accountId });
      // statement=N: a file format gets that statement alone (its rows, verdict and figures).
      const result = writer ? pickStatement(read, req.writerOptions?.statement) : read;
      // A result the format cannot hold (several currencies in a one-account file) fails here, before
      // any byte is sent and before the quota is kept.
      writer?.check(result, req.writerOptions ?? {});
      // Continuity: sets the account keys of the stable ids, compares with the account's earlier statements
      // and adds continuity_gap / statement_overlap warnings, before the file or the answer is made.
      const continuity = this.continuity ? await this.continuity.check(accountId, result) : null;
      const classifications = req.classify && this.classifier ? await this.classifier(accountId, result) : undefined;
      return { result, continuity, classifications };
    });
    const { id, result, continuity } = done;
    const keptUntil = req.keepInBackground
      ? this.keepInBackground(req.account.id, id, result, continuity ?? undefined)
      : await this.keepResult(req.account.id, id, result, continuity ?? undefined);
    return {
      id,
      result,
      filename: done.filename,
      quota: done.quota,
      classifications: done.classifications,
      keptUntil,
      ...(continuity ? { continuity } : {}),
    };
  }

  /**
   * Converts and returns the answer as bytes, written where the file was read (the API's convert; see
   * src/adapters/held-answer.ts): this process handles only the summary (no rows), the continuity
   * between the two steps, and the answer's bytes. The result is kept after the answer is on its way.
   * A converter that only returns results (a test's stub) runs the same two steps here.
   */
  async convertToAnswer(req: AnswerRequest): Promise<AnsweredOutcome> {
    let answer: HeldAnswer | undefined;
    let keep = false;
    let keptUntil: string | null = null;
    const done = await this.perform(req, async (upload, opts, _writer, accountId, facts) => {
      const plan = { format: req.format, writerOptions: req.writerOptions ?? {}, json: req.json, stem: safeStem(upload.filename), page: req.page };
      const read = await this.answerWhereRead(upload, opts, accountId, plan, async (found) => {
        if (!req.page) return found;
        // The page's answer says until when the result is kept: that time is the kept copy's.
        keptUntil = found.keep ? await this.keeper!.expiryFor(accountId) : null;
        const quota = facts.quota ?? (await this.quota.status(req.account, req.source));
        const envelope = {
          id: facts.id,
          filename: facts.filename,
          kept_until: keptUntil,
          quota: { used: quota.used, limit: quota.limit, remaining: quota.remaining },
        };
        return { ...found, envelope };
      });
      ({ answer, keep } = read);
      return { result: read.summary, continuity: read.continuity, classifications: undefined };
    });
    const held = answer!;
    // Kept once the process has made the copy, after the answer's bytes; the account's reads of its
    // kept results wait for it from now.
    if (keep)
      this.keeper?.keepGzippedInBackground(req.account.id, done.id, held.kept, keptUntil, (err: unknown) =>
        this.log.warn({ conversionId: done.id, err: { message: String((err as Error)?.message ?? err).slice(0, 300) } }, 'conversion result not kept'),
      );
    return { id: done.id, answer: held, filename: done.filename, quota: done.quota };
  }

  /**
   * Converts and stores the result without answering (a job file): the conversion process writes the
   * result text, gzipped, with its continuity (held-answer.ts, `storeOnly`), and this process never holds
   * the rows: a 40,000-row job file's result crossing here as objects, written as text twice (the job's
   * copy and the kept one), held /healthz 100-300 ms while other accounts' work ran. `onStored` gets those
   * bytes and the summary before the success is recorded (its function runs in that transaction); the
   * same bytes are the kept copy when the account keeps results.
   */
  async convertToStore(req: StoreRequest): Promise<{ id: string; quota: QuotaStatus }> {
    let stored: Uint8Array | undefined;
    let keep = false;
    const onSucceeded = (result: EngineResult, id: string) => req.onStored(stored!, result, id);
    const done = await this.perform({ ...req, format: 'json', onSucceeded }, async (upload, opts, _writer, accountId) => {
      const plan = { format: 'json' as const, writerOptions: {}, json: {}, stem: safeStem(upload.filename), storeOnly: true };
      // (The text is written whether or not the account keeps results: the job stores it.)
      const read = await this.answerWhereRead(upload, opts, accountId, plan, async (found) => ({ ...found, keep: true }));
      keep = read.keep;
      for await (const _ of read.answer.body); // (none: storeOnly writes no answer)
      stored = await read.answer.kept;
      if (!stored) throw new AppError('internal_error', 'The result could not be written for storing.');
      return { result: read.summary, continuity: read.continuity, classifications: undefined };
    });
    if (keep) await this.keepGzipped(req.account.id, done.id, stored!);
    return { id: done.id, quota: done.quota };
  }

  /**
   * The two steps of an answer written where the file is read (held-answer.ts): the upload handed to the
   * converter, then between them continuity and the orders (`orders` may add to what was found). `keep`
   * is whether the account keeps results, whatever the orders then asked for.
   */
  private async answerWhereRead(
    upload: Upload,
    opts: ConvertOptions,
    accountId: string,
    plan: AnswerPlan,
    orders: (found: AnswerOrders) => Promise<AnswerOrders>,
  ): Promise<{ answer: HeldAnswer; summary: EngineResult; continuity: StatementContinuity[] | null; keep: boolean }> {
    const converter = isAnswering(this.converter) ? this.converter : answering(this.converter);
    let summary: EngineResult | undefined;
    let continuity: StatementContinuity[] | null = null;
    let keep = false;
    // The upload is the conversion process's from here (its memory given back once written to it).
    const bytes = upload.bytes;
    upload.bytes = new Uint8Array(0);
    const answer = await converter.convertAnswered(
      bytes,
      opts,
      plan,
      async (s) => {
        summary = s;
        const found = await this.findOrders(accountId, s);
        continuity = found.continuity;
        keep = found.orders.keep;
        return orders(found.orders);
      },
      { accountId },
    );
    return { answer, summary: summary!, continuity, keep };
  }

  /**
   * What the server finds between reading and answering: continuity (it sets the summary's account keys
   * and adds its warnings) and whether the account keeps results.
   */
  private async findOrders(accountId: string, s: EngineResult): Promise<{ orders: AnswerOrders; continuity: StatementContinuity[] | null }> {
    const before = s.warnings.length;
    const continuity = this.continuity ? await this.continuity.check(accountId, s) : null;
    return {
      continuity,
      orders: {
        accountKeys: s.accountKeys,
        warnings: s.warnings.slice(before),
        ...(continuity ? { continuity } : {}),
        keep: this.keeper ? (await this.keeper.daysFor(accountId)) > 0 : false,
        nowMs: this.clock(),
      },
    };
  }

  /**
   * One conversion from quota to record: reserves the quota, reads the upload, runs `read` (the
   * engine, continuity), records the success with the quota unit kept, or the failure with the unit
   * given back.
   */
  private async perform(
    req: ConvertRequest,
    read: (
      upload: Upload,
      opts: ConvertOptions,
      writer: FormatWriter | null,
      accountId: string,
      /** The conversion's id, its file name as recorded, and the quota once its unit is taken (when the reservation says). */
      facts: { id: string; filename: string; quota?: QuotaStatus },
    ) => Promise<{ result: EngineResult; continuity: StatementContinuity[] | null; classifications: unknown[] | undefined }>,
  ): Promise<{
    id: string;
    result: EngineResult;
    continuity: StatementContinuity[] | null;
    classifications?: unknown[];
    filename: string;
    quota: QuotaStatus;
  }> {
    const started = this.clock();
    const id = newId('conv', started);
    const meta: Partial<ConversionRow> = { filename: '', bank: null, format: req.format };
    let reservation: Reservation | null = null;
    try {
      reservation = await (req.reserve ? req.reserve() : this.quota.reserve(req.account, req.source));
      const upload = await req.readUpload();
      meta.filename = upload.filename.slice(0, 255);
      meta.file_size = upload.inflate?.size ?? upload.bytes.length;
      meta.bank = upload.bank.slice(0, 40);
      const kind = sniff(upload.inflate?.head ?? upload.bytes).kind;
      meta.file_type = fileTypeOf(kind);
      const writer = req.format === 'json' ? null : writerFor(req.format);
      // Payees are read in the engine (off the event loop) with the account's rules, whenever the answer shows them.
      const payees = req.payees || PAYEE_FORMATS.has(req.format) ? { rules: (await this.payeeRules?.rulesFor(req.account.id)) ?? [] } : undefined;
      const opts: ConvertOptions = {
        bank: upload.bank,
        filename: upload.filename,
        password: upload.password,
        currency: upload.currency,
        payees,
        inflate: upload.inflate && { size: upload.inflate.size },
      };
      const { result, continuity, classifications } = await read(upload, opts, writer, req.account.id, {
        id,
        filename: meta.filename,
        quota: reservation.status,
      });
      const row: ConversionRow = {
        ...(meta as ConversionRow),
        id,
        account_id: req.account.id,
        created_at: isoAt(started),
        file_type: fileTypeOf(result.meta.inputKind),
        page_count: result.meta.pageCount,
        bank: result.bank,
        status: 'succeeded',
        error_code: null,
        transaction_count: result.transaction_count,
        reconcile_status: result.reconcile_status,
        reconcile_diff: String(result.reconcile_diff),
        duration_ms: Math.max(0, Math.round(this.clock() - started)),
        source: req.source,
      };
      const alsoInTransaction = req.onSucceeded ? await req.onSucceeded(result, id) : undefined;
      const quotaAfter = reservation.status;
      await this.conversions.insertSucceeded(row, reservation.id, alsoInTransaction);
      reservation = null;
      await this.continuity?.record(req.account.id, id, result);
      this.observe(req.format, row.file_type as ConversionEvent['input'], result.reconcile_status, null, started);
      // The quota as the reservation left it (the unit it took is this conversion's), without asking
      // the database again; a reservation taken over from a killed attempt does not know it.
      const quota = quotaAfter ?? (await this.quota.status(req.account, req.source));
      return { id, result, continuity, classifications, filename: meta.filename, quota };
    } catch (e) {
      if (reservation) await this.quota.release(reservation).catch(() => {});
      const code: ErrorCode = isAppError(e) ? e.code : 'internal_error';
      this.observe(req.format, (meta.file_type ?? 'unknown') as ConversionEvent['input'], 'failed', code, started);
      await this.conversions
        .insert({
          id,
          account_id: req.account.id,
          created_at: isoAt(started),
          filename: meta.filename ?? '',
          file_type: meta.file_type ?? null,
          file_size: meta.file_size ?? null,
          page_count: null,
          bank: meta.bank ?? null,
          format: req.format,
          status: 'failed',
          error_code: code,
          transaction_count: null,
          reconcile_status: null,
          reconcile_diff: null,
          duration_ms: Math.max(0, Math.round(this.clock() - started)),
          source: req.source,
        })
        .catch((err: unknown) => {
          // The caller still gets the conversion's own error; the lost record is said here (no file
          // content: the id, the code and the database's message only).
          this.log.warn({ conversionId: id, code, err: { message: String((err as Error)?.message ?? err).slice(0, 300) } }, 'failed conversion not recorded');
        });
      throw e;
    }
  }

  /**
   * Keeps the result for the account's period. The conversion has succeeded and been counted by now, so
   * a failure to keep it is logged (no content: the id and the database's message) and the answer still
   * goes out, saying it is not kept.
   */
  private async keepResult(accountId: string, id: string, result: EngineResult, continuity?: StatementContinuity[]): Promise<string | null> {
    if (!this.keeper) return null;
    try {
      return await this.keeper.keep(accountId, id, result, continuity);
    } catch (err) {
      this.log.warn({ conversionId: id, err: { message: String((err as Error)?.message ?? err).slice(0, 300) } }, 'conversion result not kept');
      return null;
    }
  }

  private async keepGzipped(accountId: string, id: string, gzipped: Uint8Array): Promise<void> {
    try {
      await this.keeper?.keepGzipped(accountId, id, () => Promise.resolve(gzipped));
    } catch (err) {
      this.log.warn({ conversionId: id, err: { message: String((err as Error)?.message ?? err).slice(0, 300) } }, 'conversion result not kept');
    }
  }

  private keepInBackground(accountId: string, id: string, result: EngineResult, continuity?: StatementContinuity[]): undefined {
    this.keeper?.keepInBackground(accountId, id, result, continuity, (err) =>
      this.log.warn({ conversionId: id, err: { message: String((err as Error)?.message ?? err).slice(0, 300) } }, 'conversion result not kept'),
    );
    return undefined;
  }

  /** One of the account's conversion records, or undefined. */
  get(accountId: string, id: string): Promise<ConversionRow | undefined> {
    return this.conversions.byId(accountId, id);
  }

  list(accountId: string, limit = 100): Promise<ConversionRow[]> {
    return this.conversions.listRecent(accountId, Math.min(100, Math.max(1, limit)));
  }
}
