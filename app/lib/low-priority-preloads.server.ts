/**
 * The page's module preloads asked at low priority (issue 32): `<link rel="modulepreload"` becomes
 * `<link rel="modulepreload" fetchpriority="low"` as the server's HTML streams out.
 *
 * Why: a page is whole HTML from the server and paints without its scripts; they only hydrate it.
 * React Router lists some fifty module preloads in <head>, which the browser asks for at high
 * priority, beside the stylesheet: on a slow phone link the first paint then waited for their
 * ~190 KB (Lighthouse counts high-priority scripts that load before the first paint as blocking
 * it: first contentful paint 2.5–3.0 s, 0.9–1.3 s with this). At low priority the browser fetches
 * the stylesheet, the document and its images first and the scripts right after; hydration starts
 * once the stylesheet is in. React Router's <Scripts> takes no attribute for these links, hence
 * the rewrite of its output here rather than in the component.
 *
 * Works on bytes: the marker is ASCII, so a chunk boundary inside a multi-byte character never
 * matters; the last bytes of a chunk that could start a marker wait for the next chunk.
 */
import { Transform } from 'node:stream';

const MARKER = Buffer.from('<link rel="modulepreload"');
const LOWERED = Buffer.from('<link rel="modulepreload" fetchpriority="low"');

/** `text` with every marker lowered, and how many bytes at its end were held back (a possible marker's start). */
function lower(text: Buffer, final: boolean): { out: Buffer; held: number } {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = text.indexOf(MARKER, from); at !== -1; at = text.indexOf(MARKER, from)) {
    parts.push(text.subarray(from, at), LOWERED);
    from = at + MARKER.length;
  }
  const held = final ? 0 : heldTail(text, from);
  parts.push(text.subarray(from, text.length - held));
  return { out: Buffer.concat(parts), held };
}

/** How many of the last bytes (after `from`) are a proper prefix of the marker. */
function heldTail(text: Buffer, from: number): number {
  for (let length = Math.min(MARKER.length - 1, text.length - from); length > 0; length--) {
    if (text.subarray(text.length - length).equals(MARKER.subarray(0, length))) return length;
  }
  return 0;
}

/** A stream that passes HTML through with its module preloads at low priority. */
export function lowPriorityModulePreloads(): Transform {
  let carry: Buffer = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const text = Buffer.concat([carry, typeof chunk === 'string' ? Buffer.from(chunk) : chunk]);
      const { out, held } = lower(text, false);
      carry = text.subarray(text.length - held);
      callback(null, out);
    },
    flush(callback) {
      callback(null, lower(carry, true).out);
    },
  });
}
