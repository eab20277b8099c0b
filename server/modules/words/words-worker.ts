/**
 * The forbidden words' regular expressions run here, in a worker thread of their own
 * (words.runner.ts): a pattern that backtracks for seconds stalls this thread, never the server's,
 * and the runner ends the thread when its time is up. Each task answers, per pattern, the index
 * of the first text it matches (−1: none); a task with `each` (a pattern checked before it is
 * saved) answers too whether it matches each text, every text tried. Compiled patterns are kept
 * between tasks.
 */
import { parentPort } from 'node:worker_threads';
import { REGEX_FLAGS } from '../../../common/validation/words';

export interface RegexTask {
  id: number;
  patterns: readonly string[];
  texts: readonly string[];
  /** Try every text, answering `each`. */
  each?: boolean;
}

export interface RegexReply {
  id: number;
  hits: number[];
  /** Per pattern, per text: whether it matches (when the task asked `each`). */
  each?: boolean[][];
}

const compiled = new Map<string, RegExp | null>();

function compile(source: string): RegExp | null {
  if (!compiled.has(source)) {
    let re: RegExp | null = null;
    try {
      re = new RegExp(source, REGEX_FLAGS);
    } catch {
      // Checked when saved; a pattern that no longer compiles matches nothing.
    }
    if (compiled.size > 5000) compiled.clear();
    compiled.set(source, re);
  }
  return compiled.get(source)!;
}

parentPort?.on('message', (task: RegexTask) => {
  if (task.each) {
    const each = task.patterns.map((source) => {
      const re = compile(source);
      return task.texts.map((text) => re !== null && re.test(text));
    });
    parentPort?.postMessage({ id: task.id, hits: each.map((row) => row.indexOf(true)), each } satisfies RegexReply);
    return;
  }
  const hits = task.patterns.map((source) => {
    const re = compile(source);
    return re ? task.texts.findIndex((text) => re.test(text)) : -1;
  });
  parentPort?.postMessage({ id: task.id, hits } satisfies RegexReply);
});
