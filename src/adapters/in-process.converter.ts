import type { Classification } from '../engine/classify/index.js';
import { convert } from '../engine/convert.js';
import type { ConvertOptions, EngineResult } from '../engine/types.js';
import type { AnsweringConverter, ClassifyTask, Converter, CorrectedText, CorrectTask, RenderedFile, RenderTask, SideTasks, WriteTask } from './converter.js';
import {
  answering,
  answerKept,
  answerStored,
  type AnswerOrders,
  type AnswerPlan,
  type HeldAnswer,
  type KeptAnswerTask,
  type StoredAnswerTask,
} from './held-answer.js';
import { defaultOcrBackend } from './ocr/index.js';
import { runCheckRule, runClassify, runCorrect, runRender, runWrite } from './side-tasks.js';

/** The engine on the calling thread: the CLI (one file, one user) and tests. The server uses the pool. */
export class InProcessConverter implements Converter, SideTasks, AnsweringConverter {
  private running = 0;

  async convert(bytes: Uint8Array, opts: ConvertOptions): Promise<EngineResult> {
    this.running++;
    try {
      return await convert(bytes, { ...opts, ocr: opts.ocr ?? defaultOcrBackend() });
    } finally {
      this.running--;
    }
  }

  convertAnswered(bytes: Uint8Array, opts: ConvertOptions, plan: AnswerPlan, between: (summary: EngineResult) => Promise<AnswerOrders>): Promise<HeldAnswer> {
    return answering(this).convertAnswered(bytes, opts, plan, between);
  }

  async classify(task: ClassifyTask): Promise<Classification[]> {
    return runClassify(task);
  }

  render(task: RenderTask): Promise<RenderedFile> {
    return runRender(task);
  }

  write(task: WriteTask): Promise<Uint8Array> {
    return runWrite(task);
  }

  async answerStored(task: StoredAnswerTask): Promise<HeldAnswer> {
    const { value, pieces } = await answerStored(task);
    return { ...value, body: pieces, kept: Promise.resolve(undefined) };
  }

  async answerKept(task: KeptAnswerTask): Promise<HeldAnswer> {
    const { value, pieces } = await answerKept(task);
    return { ...value, body: pieces, kept: Promise.resolve(undefined) };
  }

  async correct(task: CorrectTask): Promise<CorrectedText> {
    return runCorrect(task);
  }

  async checkRule(pattern: string): Promise<string | null> {
    return runCheckRule(pattern);
  }

  stats() {
    return { running: this.running, queued: 0 };
  }

  async close(): Promise<void> {}
}
