/**
 * The suite's performance check calibrates Lighthouse's CPU slowdown to the main thread's share of
 * a core during the run's trace (tests/support/lighthouse.ts): the share read from a trace, and the
 * slowdown it gives, including the floor that keeps a very busy machine from flattering a page.
 */
import { describe, expect, it } from 'vitest';
import { calibratedSlowdown, mainThreadCpuShare } from '../support/lighthouse';

const RENDERER = 7;
const MAIN = 1;

function trace(tasks: Array<{ ts: number; dur: number; tdur: number; pid?: number; tid?: number }>) {
  return [
    { name: 'thread_name', ph: 'M', pid: RENDERER, tid: MAIN, ts: 0, args: { name: 'CrRendererMain' } },
    { name: 'thread_name', ph: 'M', pid: RENDERER, tid: 2, ts: 0, args: { name: 'Compositor' } },
    { name: 'navigationStart', ph: 'R', pid: RENDERER, tid: MAIN, ts: 1_000, args: { data: { documentLoaderURL: 'http://127.0.0.1/', isLoadingMainFrame: true } } },
    ...tasks.map((task) => ({ name: 'RunTask', ph: 'X', pid: task.pid ?? RENDERER, tid: task.tid ?? MAIN, ts: task.ts, dur: task.dur, tdur: task.tdur })),
  ];
}

describe('Lighthouse calibration', () => {
  it('reads the main thread share of a core from its tasks after the navigation', () => {
    const events = trace([
      { ts: 500, dur: 100, tdur: 1 }, // before the navigation: not the page's
      { ts: 2_000, dur: 300, tdur: 100 },
      { ts: 3_000, dur: 100, tdur: 100 },
      { ts: 3_000, dur: 900, tdur: 0, tid: 2 }, // another thread
    ]);
    expect(mainThreadCpuShare(events)).toBeCloseTo(0.5);
  });

  it('counts a trace without the navigation or the main thread as an idle machine', () => {
    expect(mainThreadCpuShare([])).toBe(1);
  });

  it('scales the default 4× by the share, never above it, never below a fifth of it', () => {
    expect(calibratedSlowdown(1)).toBe(4);
    expect(calibratedSlowdown(0.5)).toBe(2);
    expect(calibratedSlowdown(1.3)).toBe(4);
    expect(calibratedSlowdown(0.05)).toBe(0.8);
  });
});
