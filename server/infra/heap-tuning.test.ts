/**
 * The heap's growing factor (issue 32): set by the process for itself, unless the operator named
 * one. The flag's effect on V8 is measured by the benches (bench/pages.ts, bench/soak.ts), not here.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { namesHeapGrowing } from './heap-tuning';

const HERE = import.meta.dirname;

/** A fresh node with these arguments runs `tuneHeap` and prints what it answered. */
function tunedIn(execArgv: string[]): string {
  const script = `import('${path.join(HERE, 'heap-tuning.ts')}').then((m) => console.log(m.tuneHeap()))`;
  const result = spawnSync(process.execPath, [...execArgv, '--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
  });
  return `${result.stdout.trim()}${result.stderr.trim() ? ` (${result.stderr.trim()})` : ''}`;
}

describe('tuneHeap', () => {
  it('reads the flag in either spelling, with or without a value', () => {
    expect(namesHeapGrowing(['--enable-source-maps', '--heap-growing-percent=50'])).toBe(true);
    expect(namesHeapGrowing(['--heap_growing_percent', '50'])).toBe(true);
    expect(namesHeapGrowing(['--enable-source-maps', '--max-semi-space-size=4', ''])).toBe(false);
    expect(namesHeapGrowing(['--heap-growing-percentage=5'])).toBe(false);
  });

  it('sets the factor in a plain process, and leaves the operator’s own on the command line alone', () => {
    expect(tunedIn(['--enable-source-maps'])).toBe('true');
    expect(tunedIn(['--heap-growing-percent=80'])).toBe('false');
  });
});
