// The side tasks themselves (classification, file rendering, API file answers): run inside a conversion process by
// convert.worker.mjs, or in-process by the CLI and tests.
import { classify, DESCRIPTION_MAX, MAX_RULE_WORK, ruleWork, validateRulePattern } from '../engine/classify/index.js';
import type { Classification } from '../engine/classify/index.js';
import { AppError } from '../errors.js';
import { writerFor } from '../formats/index.js';
import { renderFile } from '../web/render.js';
import { correctedResult } from '../web/corrections.js';
import type { KeptCorrected } from '../services/kept-results.service.js';
import type { ClassifyTask, CorrectedText, CorrectTask, RenderedFile, RenderTask, WriteTask } from './converter.js';
import type { EngineResult } from '../engine/types.js';
import { resultFromText, resultToText } from '../services/jobs/result-text.js';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';

const zip = promisify(gzip);
const unzip = promisify(gunzip);

/** Classifies when rules x rows x length stay within MAX_RULE_WORK; invalid_request otherwise. */
export function runClassify(task: ClassifyTask): Classification[] {
  let chars = 0;
  for (const t of task.transactions) chars += Math.min(DESCRIPTION_MAX, typeof t.Description === 'string' ? t.Description.length : 0);
  if (ruleWork(task.rules, chars) > MAX_RULE_WORK) {
    throw new AppError(
      'invalid_request',
      `Your ${task.rules.length} rules over ${task.transactions.length.toLocaleString('en-GB')} transactions need more work than one request may take; send fewer transactions at once, or use fewer or simpler regex rules.`,
    );
  }
  return classify(task.transactions, task.rules);
}

/** Null when a rule pattern compiles within the limits, else why not (compiling a large regex takes tens of ms). */
export function runCheckRule(pattern: string): string | null {
  return validateRulePattern(pattern);
}

/** The converter page's render: parsed, validated and written here (src/web/render.ts). */
export function runRender(task: RenderTask): Promise<RenderedFile> {
  return renderFile(task);
}

/** An API file answer: the format's writer over the finished result, gathered into one buffer. */
export async function runWrite(task: WriteTask): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  for await (const c of writerFor(task.format).write({ result: task.result, options: task.options, stem: task.stem, now: new Date(task.nowMs) }))
    chunks.push(c);
  return Buffer.concat(chunks);
}

/** A person's corrections applied to a kept result and checked again (src/web/corrections.ts), written as the text to keep. */
export async function runCorrect(task: CorrectTask): Promise<CorrectedText> {
  const original = await resultFromText<EngineResult>(await unzip(task.original));
  const previous = task.corrected ? (await resultFromText<KeptCorrected>(await unzip(task.corrected))).corrections : undefined;
  const corrected = correctedResult(original, task.json, previous ?? [], task.nowMs);
  return {
    originalStatus: original.reconcile_status,
    saved: corrected && { text: await zip(await resultToText(corrected)), rows: corrected.corrections?.length ?? 0, status: corrected.reconcile_status },
  };
}
