/**
 * CONTRACT — toasts (spec §8, §9). `<ToastProvider>` is mounted once in root.tsx; anywhere below:
 *
 *   const toast = useToast();
 *   toast.success(t('…saved'));             // 800 ms
 *   toast.error(error.message);              // 3000 ms
 *   toast.info(text, { onClose: () => … });  // onClose runs when it disappears (timeout or ×)
 *
 * Rendering is Radix Toast (./toast-viewport.tsx), fetched with the first toast.
 */
import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { UI_TIMING } from '../../common/constants';

export type ToastKind = 'success' | 'error' | 'info';

export interface ToastOptions {
  /** Called once, when the toast closes (after its duration or when dismissed). */
  onClose?: () => void;
  durationMs?: number;
}

export interface Toaster {
  success(message: string, options?: ToastOptions): void;
  error(message: string, options?: ToastOptions): void;
  info(message: string, options?: ToastOptions): void;
}

export interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
  durationMs: number;
}

const ToastContext = createContext<Toaster | null>(null);
const ToastViewport = lazy(() => import('./toast-viewport'));

export function durationFor(kind: ToastKind): number {
  return kind === 'success' ? UI_TIMING.toastSuccessMs : UI_TIMING.toastMs;
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const [used, setUsed] = useState(false);
  const nextId = useRef(1);
  // Close callbacks live outside state: state updaters may run twice (StrictMode).
  const closeCallbacks = useRef(new Map<number, () => void>());

  const push = useCallback((kind: ToastKind, message: string, options: ToastOptions = {}) => {
    const id = nextId.current++;
    if (options.onClose) closeCallbacks.current.set(id, options.onClose);
    setUsed(true);
    setItems((list) => [...list, { id, kind, message, durationMs: options.durationMs ?? durationFor(kind) }]);
  }, []);

  const done = useCallback((id: number) => {
    const onClose = closeCallbacks.current.get(id);
    closeCallbacks.current.delete(id);
    setItems((list) => list.filter((x) => x.id !== id));
    onClose?.();
  }, []);

  const toaster = useMemo<Toaster>(
    () => ({
      success: (message, options) => push('success', message, options),
      error: (message, options) => push('error', message, options),
      info: (message, options) => push('info', message, options),
    }),
    [push],
  );

  return (
    <ToastContext.Provider value={toaster}>
      {children}
      {used && (
        <Suspense fallback={null}>
          <ToastViewport items={items} onDone={done} />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}

export function useToast(): Toaster {
  const toaster = useContext(ToastContext);
  if (!toaster) throw new Error('useToast() needs <ToastProvider> (mounted in root.tsx)');
  return toaster;
}
