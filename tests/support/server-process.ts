/**
 * The real server process from the TypeScript sources (`node --import tsx server/main.ts`), for
 * what only a process shows: signals, exit timing, open sockets. Serves the API (the site build
 * is not used: pages answer "not built"). Point it at a data directory a test app installed
 * (`createTestApp` then `t.stop()`), so its members and tokens are there.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { collectOutput, freePort, waitUntilUp } from './e2e-server';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** The exit: code, signal and when (performance.now()). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  output(): string;
  /** SIGKILL if still running. */
  kill(): Promise<void>;
}

/**
 * Starts the process without waiting for it to serve: for a start that is meant to fail (a
 * database it must refuse), where the exit and the output are what the test reads.
 */
export async function spawnSourceServer(options: { dataDir: string; env?: Record<string, string> }): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMITS: 'off',
      // No site build: the API alone starts faster, and the same whether or not one was built.
      SABAI_BUILD_DIR: path.join(options.dataDir, 'no-site-build'),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = collectOutput(child);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal, at: performance.now() })));
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
  };
  return { url, port, child, exited, output, kill };
}

export async function startSourceServer(options: { dataDir: string; env?: Record<string, string> }): Promise<ServerProcess> {
  const server = await spawnSourceServer(options);
  try {
    await waitUntilUp(server.url, server.child, server.output, 60_000);
  } catch (error) {
    await server.kill();
    throw error;
  }
  return server;
}
