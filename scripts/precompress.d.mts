/** Types of scripts/precompress.mjs (plain JavaScript, so Node and Vite's config loader run it as it is). */
import type { Plugin } from 'vite';

export declare const COMPRESSIBLE: RegExp;
export declare const MIN_BYTES: number;
export declare const MIN_SAVING: number;

export interface PrecompressTotals {
  files: number;
  /** The files' own bytes, and what they weigh as their brotli / gzip copies (or themselves when no copy was kept). */
  bytes: number;
  br: number;
  gz: number;
}

export declare function precompress(dir: string): Promise<PrecompressTotals>;
export declare function precompressPlugin(): Plugin;
