import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { EDITOR } from './constants';

// The editor relies on StarterKit's drop cursor (prosemirror-dropcursor) for the spec §9 timings;
// this fails if an upgrade changes them.
describe('drop cursor timings', () => {
  it('disappears 5 s after dragging stops and 20 ms after a drop', () => {
    const require = createRequire(import.meta.url);
    const source = readFileSync(require.resolve('prosemirror-dropcursor'), 'utf8');
    const timeouts = [...source.matchAll(/scheduleRemoval\((\d+)\)/g)].map((m) => Number(m[1]));
    expect(timeouts).toContain(EDITOR.dropCursorDragTimeoutMs);
    expect(timeouts).toContain(EDITOR.dropCursorDropTimeoutMs);
    expect(new Set(timeouts)).toEqual(new Set([EDITOR.dropCursorDragTimeoutMs, EDITOR.dropCursorDropTimeoutMs]));
  });
});
