/** Spec §9 timings as the site uses them: toasts and the top loading bar. */
import { describe, expect, it } from 'vitest';
import { UI_TIMING } from '../../common/constants';
import { durationFor } from './toast';

describe('spec §9 timings', () => {
  it('toasts last 3000 ms, success toasts 800 ms', () => {
    expect(durationFor('success')).toBe(800);
    expect(durationFor('error')).toBe(3000);
    expect(durationFor('info')).toBe(3000);
  });

  it('the loading bar: 3 px, throttle 200 ms, duration 2000 ms, hide delay 500 ms, reset delay 400 ms', () => {
    expect(UI_TIMING.loadingBar).toEqual({ height: 3, throttleMs: 200, durationMs: 2000, hideDelayMs: 500, resetDelayMs: 400 });
  });
});
