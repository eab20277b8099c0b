/**
 * A real load balancer for tests: HAProxy (Debian's package) in front of app processes, round
 * robin, health-checked on `GET /api/config/configs`, adding `X-Forwarded-For` and answering
 * which process served each response in `X-Served-By` (the server's name: a, b, …). This is the
 * deployment guide's configuration without TLS (docs/operations/two-processes.md).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { collectOutput, freePort, stopProcess } from './e2e-server';

export const HAPROXY = '/usr/sbin/haproxy';

export interface Balancer {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

/** Whether HAProxy is installed (CI installs it; `.ci/run`). */
export function haproxyAvailable(): boolean {
  return spawnSync(HAPROXY, ['-v'], { encoding: 'utf8' }).status === 0;
}

/** The configuration: one frontend on `port`, one backend with each upstream as a checked server. */
export function haproxyConfig(port: number, upstreams: ReadonlyArray<{ name: string; port: number }>): string {
  return [
    'global',
    '  maxconn 512',
    'defaults',
    '  mode http',
    '  option forwardfor',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    // Live streams (server-sent events) stay open between messages.
    '  timeout tunnel 10m',
    'frontend web',
    `  bind 127.0.0.1:${port}`,
    '  default_backend app',
    'backend app',
    '  balance roundrobin',
    '  option httpchk GET /api/config/configs',
    '  http-check expect status 200',
    // As docs/operations/two-processes.md: a request that never reached a process (refused, reset
    // before an answer) goes to another; an answer of a draining process (503) is retried
    // elsewhere for reads only.
    '  retries 3',
    '  option redispatch 1',
    '  retry-on conn-failure empty-response 503',
    '  http-request disable-l7-retry unless METH_GET || METH_HEAD',
    '  http-response set-header X-Served-By %s',
    ...upstreams.map((u) => `  server ${u.name} 127.0.0.1:${u.port} check inter 500ms fall 2 rise 1`),
    '',
  ].join('\n');
}

/** Starts HAProxy and resolves once every upstream has answered through it. */
export async function startBalancer(upstreams: ReadonlyArray<{ name: string; port: number }>): Promise<Balancer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sabai-haproxy-'));
  const port = await freePort();
  const file = path.join(dir, 'haproxy.cfg');
  writeFileSync(file, haproxyConfig(port, upstreams));
  // -db: stay in the foreground and log to stderr; -W is not needed for one worker.
  const child: ChildProcess = spawn(HAPROXY, ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  const output = collectOutput(child);
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopProcess(child);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitForEveryUpstream(url, upstreams.length, child, output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, output, stop };
}

async function waitForEveryUpstream(url: string, count: number, child: ChildProcess, output: () => string): Promise<void> {
  const seen = new Set<string>();
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline && seen.size < count) {
    if (child.exitCode !== null) throw new Error(`haproxy exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${url}/api/config/configs`);
      const by = res.headers.get('x-served-by');
      if (res.ok && by) seen.add(by);
    } catch {
      // not listening yet
    }
    if (seen.size < count) await new Promise((r) => setTimeout(r, 100));
  }
  if (seen.size < count) throw new Error(`haproxy reached ${[...seen].join(', ') || 'no server'} of ${count}:\n${output()}`);
}
