/**
 * How far V8 lets the heap grow past what is live before its next full collection (issue 32:
 * peak RSS ≤ 250 MB through a read run). A page render leaves megabytes of garbage (strings,
 * React's elements), and with V8's own growing factor (up to 4× the live heap on a fast
 * collector) the old generation of a server with ~110 MB live reached 250–400 MB between full
 * collections under load; the pages the collector then freed stayed in the resident set. A fixed
 * factor of 1.3 collects sooner and keeps the heap near its live size, for a few per cent more
 * CPU in the collector (figures: docs/decisions/0046-memory-budget.md).
 *
 * V8 reads this flag at each collection, so the process sets it for itself at start: every way of
 * starting the server (`npm start`, systemd's `node build/server-app/main.js`, the benches and
 * journeys) gets it. An operator's own `--heap-growing-percent` on node's command line wins
 * (`--heap-growing-percent=0`: V8's own heuristics). Node refuses V8 flags in NODE_OPTIONS.
 */
import { setFlagsFromString } from 'node:v8';

export const HEAP_GROWING_PERCENT = 30;

/** Whether the node arguments already name the flag (V8 takes `-` and `_` alike). */
export function namesHeapGrowing(args: readonly string[]): boolean {
  return args.some((arg) => /^--heap[-_]growing[-_]percent(=|$)/.test(arg));
}

/** Sets the growing factor unless the operator set one; answers whether it did. */
export function tuneHeap(execArgv: readonly string[] = process.execArgv): boolean {
  if (namesHeapGrowing(execArgv)) return false;
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  return true;
}
