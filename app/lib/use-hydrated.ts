/**
 * False during SSR and the hydrating render, true afterwards — for values only the browser
 * knows (clock, storage) without a hydration mismatch or a setState-in-effect cascade.
 */
import { useSyncExternalStore } from 'react';

const noopSubscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    noopSubscribe,
    () => true,
    () => false,
  );
}
