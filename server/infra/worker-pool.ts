/**
 * A fixed number of worker threads running one kind of task, one task per worker at a time, with
 * a bounded queue in front: work that would otherwise compete with every request for the event
 * loop (and for libuv's four shared threads) gets at most `size` of them, and a burst past
 * `size + maxQueue` is refused at once (`PoolBusyError`) instead of piling up memory and waiting.
 *
 * The worker module answers each message (`input`) with `{ok: true, value}` or `{ok: false,
 * error}` (plain data: a worker cannot send class instances). Workers start on first use, are
 * replaced when one dies (its task fails), and never keep the process alive.
 */
import { Worker } from 'node:worker_threads';

export interface WorkerPoolOptions {
  /** The worker module: a `.js` file (the build), or a `.ts` file run through tsx (sources, tests). */
  file: URL;
  size: number;
  maxQueue: number;
}

/** Every worker is busy and the queue is full: retry later. */
export class PoolBusyError extends Error {
  constructor() {
    super('worker pool busy');
    this.name = 'PoolBusyError';
  }
}

/** The worker refused or failed the task; `data` is what it sent. */
export class WorkerTaskError extends Error {
  constructor(readonly data: unknown) {
    super('worker task failed');
    this.name = 'WorkerTaskError';
  }
}

type Reply<Out> = { ok: true; value: Out } | { ok: false; error: unknown };

interface Job<In, Out> {
  input: In;
  resolve(value: Out): void;
  reject(error: unknown): void;
}

/**
 * A worker thread running `file`. A TypeScript module (the sources, under tsx or Vitest) is
 * loaded through tsx's `tsImport` from a small bootstrap: Node 20 does not apply the parent's
 * loader hooks (`--import tsx`) to a worker's entry module.
 */
export function startWorker(file: URL): Worker {
  if (!file.pathname.endsWith('.ts')) return new Worker(file);
  const href = JSON.stringify(file.href);
  return new Worker(`import('tsx/esm/api').then(({ tsImport }) => tsImport(${href}, ${href}))`, { eval: true });
}

export class WorkerPool<In, Out> {
  private readonly workers = new Set<Worker>();
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Job<In, Out>>();
  private readonly queue: Job<In, Out>[] = [];
  private closed = false;

  constructor(private readonly options: WorkerPoolOptions) {}

  /** Runs `input` on a free worker, or queues it; rejects with PoolBusyError when the queue is full. */
  run(input: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      if (this.closed) return reject(new Error('worker pool closed'));
      const job: Job<In, Out> = { input, resolve, reject };
      const worker = this.idle.pop() ?? (this.workers.size < this.options.size ? this.spawn() : null);
      if (worker) return this.start(worker, job);
      if (this.queue.length >= this.options.maxQueue) return reject(new PoolBusyError());
      this.queue.push(job);
    });
  }

  /** Tasks running and waiting, for tests and metrics. */
  get load(): { running: number; queued: number } {
    return { running: this.busy.size, queued: this.queue.length };
  }

  /** Stops every worker; queued and running tasks fail. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('worker pool closed'));
    for (const job of this.busy.values()) job.reject(new Error('worker pool closed'));
    this.busy.clear();
    this.idle.length = 0;
    const workers = [...this.workers];
    this.workers.clear();
    await Promise.all(workers.map((worker) => worker.terminate()));
  }

  private spawn(): Worker {
    // Messages posted before the module has loaded wait in the worker's port.
    const worker = startWorker(this.options.file);
    this.workers.add(worker);
    worker.unref();
    worker.on('message', (reply: Reply<Out>) => this.finish(worker, reply));
    worker.on('error', (error) => this.lose(worker, error));
    worker.on('exit', (code) => this.lose(worker, new Error(`worker exited with code ${code}`)));
    return worker;
  }

  private start(worker: Worker, job: Job<In, Out>): void {
    this.busy.set(worker, job);
    worker.postMessage(job.input);
  }

  private finish(worker: Worker, reply: Reply<Out>): void {
    const job = this.busy.get(worker);
    this.busy.delete(worker);
    if (reply.ok) job?.resolve(reply.value);
    else job?.reject(new WorkerTaskError(reply.error));
    this.next(worker);
  }

  /** A worker that crashed or exited: its task fails, and the queue goes on with a new one. */
  private lose(worker: Worker, error: Error): void {
    if (!this.workers.delete(worker)) return; // 'error' then 'exit', or closed
    const job = this.busy.get(worker);
    this.busy.delete(worker);
    const at = this.idle.indexOf(worker);
    if (at !== -1) this.idle.splice(at, 1);
    job?.reject(error);
    if (!this.closed && this.queue.length > 0) this.next(this.spawn());
  }

  private next(worker: Worker): void {
    const job = this.queue.shift();
    if (job) this.start(worker, job);
    else this.idle.push(worker);
  }
}
