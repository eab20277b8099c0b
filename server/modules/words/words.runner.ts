/**
 * Runs regular expressions in one worker thread with a time limit (issue 16: a catastrophic
 * pattern such as `(a|a)+$` must not stall the server). Tasks go one at a time; one that runs
 * past `timeoutMs` ends the thread (V8 interrupts a running match) and answers 'timeout', and the
 * next task starts a fresh thread — started at once, in the background, so the next task finds
 * it ready rather than paying its start (a new isolate; tsx compiling the module in the sources:
 * over a second on a busy machine). The limit counts from when the thread is ready, so a cold
 * start is not taken for a slow pattern.
 */
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../../infra/worker-pool';
import type { RegexReply, RegexTask } from './words-worker';

export type RegexOutcome = number[] | 'timeout' | 'failed';
/** Per pattern, per text: whether it matches; or why there is no answer. */
export type RegexEachOutcome = boolean[][] | 'timeout' | 'failed';

export class RegexRunner {
  private worker: Worker | null = null;
  private ready: Promise<Worker> | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private seq = 0;
  private closed = false;

  constructor(
    private readonly file: URL,
    private readonly timeoutMs: number,
  ) {}

  /** Per pattern, the index of the first text it matches (−1: none); or why there is no answer. */
  async run(patterns: readonly string[], texts: readonly string[], timeoutMs = this.timeoutMs): Promise<RegexOutcome> {
    const reply = await this.enqueue({ patterns, texts }, timeoutMs);
    return typeof reply === 'string' ? reply : reply.hits;
  }

  /** Per pattern, whether it matches each text (every text tried); or why there is no answer. */
  async runEach(patterns: readonly string[], texts: readonly string[], timeoutMs = this.timeoutMs): Promise<RegexEachOutcome> {
    const reply = await this.enqueue({ patterns, texts, each: true }, timeoutMs);
    return typeof reply === 'string' ? reply : (reply.each ?? 'failed');
  }

  private enqueue(task: Omit<RegexTask, 'id'>, timeoutMs: number): Promise<RegexReply | 'timeout' | 'failed'> {
    const next = this.queue.then(() => this.exec(task, timeoutMs));
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Starts the thread now if none is running, so the next task does not wait for its start. */
  warm(): void {
    if (!this.closed) void this.start().catch(() => undefined);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.stop();
  }

  private start(): Promise<Worker> {
    if (this.ready) return this.ready;
    const worker = startWorker(this.file);
    worker.unref();
    this.worker = worker;
    this.ready = new Promise<Worker>((resolve, reject) => {
      const id = ++this.seq;
      const onReply = (reply: RegexReply) => {
        if (reply.id !== id) return;
        worker.off('message', onReply);
        resolve(worker);
      };
      worker.on('message', onReply);
      worker.once('error', reject);
      worker.once('exit', () => {
        if (this.worker === worker) {
          this.worker = null;
          this.ready = null;
        }
        reject(new Error('regex worker exited'));
      });
      worker.postMessage({ id, patterns: [], texts: [] } satisfies RegexTask);
    });
    this.ready.catch(() => undefined);
    return this.ready;
  }

  /** Ends the stuck thread and starts the next one now, so the next task does not wait for it. */
  private async restart(): Promise<void> {
    await this.stop();
    this.warm();
  }

  private async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.ready = null;
    await worker?.terminate();
  }

  private async exec(task: Omit<RegexTask, 'id'>, timeoutMs: number): Promise<RegexReply | 'timeout' | 'failed'> {
    if (this.closed) return 'failed';
    if (task.patterns.length === 0) return { id: 0, hits: [], each: [] };
    let worker: Worker;
    try {
      worker = await this.start();
    } catch {
      return 'failed';
    }
    return new Promise<RegexReply | 'timeout' | 'failed'>((resolve) => {
      const id = ++this.seq;
      const finish = (outcome: RegexReply | 'timeout' | 'failed') => {
        clearTimeout(timer);
        worker.off('message', onReply);
        worker.off('exit', onExit);
        resolve(outcome);
      };
      const onReply = (reply: RegexReply) => {
        if (reply.id === id) finish(reply);
      };
      const onExit = () => finish('failed');
      const timer = setTimeout(() => {
        finish('timeout');
        void this.restart();
      }, timeoutMs);
      worker.on('message', onReply);
      worker.on('exit', onExit);
      worker.postMessage({ id, ...task } satisfies RegexTask);
    });
  }
}
