/**
 * What every benchmark script shares: a free port, waiting for the server, process figures
 * (memory, CPU time), command-line flags and the typed slice of autocannon they use.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
export { freePort } from '../tests/support/e2e-server';

export interface CannonRequest {
  method?: 'GET' | 'POST';
  path?: string;
  headers?: Record<string, string>;
  /** `context`: autocannon's per-connection object, kept from one request of the sequence to the next. */
  setupRequest?: (request: { path: string; headers?: Record<string, string> }, context: Record<string, unknown>) => { path: string; headers?: Record<string, string> };
}
export interface CannonOptions {
  url: string;
  connections: number;
  duration: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  requests?: CannonRequest[];
  /** Stop after this many requests instead of after `duration`. */
  amount?: number;
}
export interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  /** Bytes per second (average), and bytes read in all (total). */
  throughput: { average: number; total: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
/** A running load: a promise of its result that also reports each answer and can be stopped early. */
export interface CannonTracker extends PromiseLike<CannonResult> {
  on(event: 'response', listener: (client: unknown, statusCode: number, bytes: number, ms: number) => void): this;
  on(event: 'reqError', listener: (error: Error) => void): this;
  stop(): void;
}
// autocannon ships no types; this is the slice we use.
/** What a browser sends with a page request: the benches ask as one (the bytes figures are what a browser downloads). */
export const BROWSER_HEADERS = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
  accept: 'text/html,application/xhtml+xml',
  'accept-language': 'en-US,en;q=0.9',
  'accept-encoding': 'gzip, deflate, br',
} as const;

export const autocannon = createRequire(import.meta.url)('autocannon') as (options: CannonOptions) => CannonTracker;

/** The value after `--name` on the command line. */
export function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}

/** CPU time (user + system) a Linux process has used so far, in ms. */
export function cpuMsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return NaN;
  }
}

/** Resolves once `url` answers `GET /api/config/configs`; throws with the server's output after `timeoutMs` (60 s). */
export async function waitForServer(url: string, output: () => string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/api/config/configs`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not start:\n${output()}`);
}

/** Peak and current resident set of a Linux process, in MB. */
export function memoryOf(pid: number): { peakMb: number; rssMb: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { peakMb: kb('VmHWM') / 1024, rssMb: kb('VmRSS') / 1024 };
  } catch {
    return null;
  }
}

/** A server started for a benchmark: its process, and everything it printed (for a failed start). */
export interface BenchServer {
  server: ChildProcess;
  output: () => string;
}

/**
 * Starts the forum on `port` with its data in `dataDir` (production mode, quiet log, rate limits
 * off unless `env` says otherwise); `command` is the node arguments (default: the TypeScript
 * sources through tsx).
 */
export function spawnServer({ dataDir, port, env = {}, command }: { dataDir: string; port: number; env?: Record<string, string>; command?: string[] }): BenchServer {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const server = spawn(process.execPath, command ?? ['--import', 'tsx', path.join(root, 'server', 'main.ts')], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', RATE_LIMITS: 'off', NODE_ENV: 'production', LOG_LEVEL: 'fatal', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  server.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  return { server, output: () => log };
}

/** Stops a benchmark's server (SIGTERM, then waits for it to exit), if it still runs. */
export async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
}
