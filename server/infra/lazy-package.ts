/**
 * Packages the server needs only on some paths (another database engine, Redis, SMTP, HTML
 * sanitizing on writes) are loaded the first time they are used, not when the process starts:
 * together they were a large share of the cold start (bench/cold-start.ts). CommonJS packages
 * only (`require`, synchronous, so callers stay synchronous); ES-module packages used in async
 * code are simply `await import()`ed where needed (sharp, argon2).
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** `load()` requires the package on its first call and returns the same module afterwards. */
export function lazyPackage<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(name) as T);
}
