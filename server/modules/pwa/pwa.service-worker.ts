/**
 * The service worker's script as served: service-worker.js (a plain browser script: see its head
 * for why) with its version prepended. The version is a hash of the file, which the server build
 * stamps with the client build's hash (scripts/build-server.mjs): a deploy or an edit is a new
 * script, so browsers install it, and it keeps its files in a new cache and drops the old one.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';

/** The worker's file: beside this module in the sources, beside main.js in the build. */
function workerFile(): URL {
  return new URL('./service-worker.js', import.meta.url);
}

export interface WorkerScript {
  text: string;
  version: string;
}

let script: Promise<WorkerScript> | null = null;

async function load(): Promise<WorkerScript> {
  const source = await readFile(workerFile(), 'utf8');
  const version = createHash('sha256').update(source).digest('hex').slice(0, 16);
  return { text: `const SHELL_VERSION = '${version}';\n${source}`, version };
}

/** Read once per process (the file changes only with a deploy); a failed read is tried again. */
export function serviceWorkerScript(): Promise<WorkerScript> {
  script ??= load().catch((error: unknown) => {
    script = null;
    throw error;
  });
  return script;
}
