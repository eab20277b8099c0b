/**
 * The soak's measuring shared by bench/cluster.ts (two processes) and bench/soak.ts (one):
 * requests started on a fixed schedule (an open loop: whether or not earlier ones have
 * answered), each process's RSS sampled every 5 s, and per minute the requests, errors, p50 and
 * p99; per process its RSS at start and end, its peak and the least-squares slope of RSS after
 * the first minute (issue 32: flat memory is a slope under 1 MB a minute).
 */
import { readFileSync } from 'node:fs';

export interface Sample {
  at: number;
  ms: number;
  ok: boolean;
}

/** The first failures of a run, so a failure names its request and answer. */
export const failures: string[] = [];
export function noteFailure(what: string): void {
  if (failures.length < 10) failures.push(what);
}

export async function timed(run: () => Promise<boolean>): Promise<Sample> {
  const at = Date.now();
  const start = performance.now();
  let ok = false;
  try {
    ok = await run();
  } catch (error) {
    noteFailure(`no answer: ${error instanceof Error ? `${error.message} ${String((error as { cause?: unknown }).cause ?? '')}` : String(error)}`);
    ok = false;
  }
  return { at, ms: performance.now() - start, ok };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Resident set of a Linux process now, in MB. */
export function rssMbOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** Least-squares slope of (minutes, MB) points. */
export function slopePerMinute(points: Array<[number, number]>): number {
  const n = points.length;
  if (n < 2) return 0;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const num = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0);
  const den = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

/** What a soak measured of one process. */
export interface ProcessMemory {
  startMb: number;
  endMb: number;
  peakMb: number;
  slopeMbPerMinute: number;
}

/**
 * `minutes` of `request` at `rate` a second (an open loop), RSS of each named process every 5 s;
 * prints the table per minute and the memory per process, and answers the memory figures.
 */
export async function soak(request: () => Promise<boolean>, processes: Record<string, number>, minutes: number, rate: number): Promise<Record<string, ProcessMemory>> {
  const samples: Sample[] = [];
  const memory: Record<string, Array<[number, number]>> = Object.fromEntries(Object.keys(processes).map((name) => [name, []]));
  const started = Date.now();
  const end = started + minutes * 60_000;
  const interval = 1000 / rate;
  const inFlight = new Set<Promise<void>>();
  const sample = () => {
    const minute = (Date.now() - started) / 60_000;
    for (const [name, pid] of Object.entries(processes)) memory[name]!.push([minute, rssMbOf(pid)]);
  };
  sample();
  const sampler = setInterval(sample, 5_000);
  console.log(`soak: ${minutes} min at ${rate.toFixed(0)} requests/s`);
  for (let next = started; next < end; next += interval) {
    const wait = next - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const flight: Promise<void> = timed(request).then((s) => {
      samples.push(s);
      inFlight.delete(flight);
    });
    inFlight.add(flight);
  }
  await Promise.all(inFlight);
  clearInterval(sampler);
  sample();

  console.log('minute  requests  errors  p50 ms  p99 ms');
  for (let m = 0; m < minutes; m += 1) {
    const inMinute = samples.filter((s) => s.at >= started + m * 60_000 && s.at < started + (m + 1) * 60_000);
    const latencies = inMinute.map((s) => s.ms).sort((x, y) => x - y);
    console.log(`${String(m + 1).padStart(6)}  ${String(inMinute.length).padStart(8)}  ${String(inMinute.filter((s) => !s.ok).length).padStart(6)}  ${percentile(latencies, 50).toFixed(1).padStart(6)}  ${percentile(latencies, 99).toFixed(1).padStart(6)}`);
  }
  const all = samples.map((s) => s.ms).sort((x, y) => x - y);
  console.log(`all: ${samples.length} requests, ${samples.filter((s) => !s.ok).length} errors, p50 ${percentile(all, 50).toFixed(1)} ms, p99 ${percentile(all, 99).toFixed(1)} ms`);
  for (const failure of failures.splice(0)) console.log(`  failed: ${failure}`);
  const figures: Record<string, ProcessMemory> = {};
  for (const [name, points] of Object.entries(memory)) {
    const settled = points.filter(([minute]) => minute >= 1);
    figures[name] = {
      startMb: points[0]?.[1] ?? 0,
      endMb: points.at(-1)?.[1] ?? 0,
      peakMb: Math.max(...points.map(([, mb]) => mb)),
      slopeMbPerMinute: slopePerMinute(settled),
    };
    const f = figures[name];
    console.log(`process ${name}: RSS ${f.startMb.toFixed(0)} → ${f.endMb.toFixed(0)} MB, peak ${f.peakMb.toFixed(0)} MB, slope after the first minute ${f.slopeMbPerMinute.toFixed(2)} MB/min`);
  }
  return figures;
}
