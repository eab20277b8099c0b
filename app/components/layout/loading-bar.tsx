/**
 * The top loading bar (spec §2, §9): appears only for navigations slower than the throttle
 * (200 ms), creeps towards 90 % over the duration (2 s), jumps to 100 % when the navigation
 * settles, fades after the hide delay (500 ms) and resets after the reset delay (400 ms).
 * Driven by React Router's `useNavigation()`.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigation } from 'react-router';
import { UI_TIMING } from '../../../common/constants';

const { height, throttleMs, durationMs, hideDelayMs, resetDelayMs } = UI_TIMING.loadingBar;

interface BarState {
  width: number;
  opacity: number;
  transition: string;
}

export function LoadingBar() {
  const busy = useNavigation().state !== 'idle';
  const [bar, setBar] = useState<BarState | null>(null);
  const shown = useRef(false);

  useEffect(() => {
    const timers: ReturnType<typeof setTimeout>[] = [];
    let frame = 0;
    if (busy) {
      timers.push(
        setTimeout(() => {
          shown.current = true;
          setBar({ width: 0, opacity: 1, transition: 'none' });
          // Next frame, so the browser paints 0 % before the transition towards 90 % starts.
          frame = requestAnimationFrame(() => setBar({ width: 90, opacity: 1, transition: `width ${durationMs}ms cubic-bezier(0.1, 0.7, 0.3, 1)` }));
        }, throttleMs),
      );
    } else if (shown.current) {
      shown.current = false;
      setBar({ width: 100, opacity: 1, transition: 'width 150ms ease-out' });
      timers.push(setTimeout(() => setBar({ width: 100, opacity: 0, transition: 'opacity 300ms ease-out' }), hideDelayMs));
      timers.push(setTimeout(() => setBar(null), hideDelayMs + resetDelayMs));
    }
    return () => {
      for (const timer of timers) clearTimeout(timer);
      cancelAnimationFrame(frame);
    };
  }, [busy]);

  if (!bar) return null;
  return (
    <div
      aria-hidden="true"
      data-testid="loading-bar"
      className="bg-brand-500 pointer-events-none fixed top-0 left-0 z-[200]"
      style={{ height, width: `${bar.width}%`, opacity: bar.opacity, transition: bar.transition }}
    />
  );
}
