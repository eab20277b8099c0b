/**
 * `useConfirm()`: an imperative `await confirm({...})` for handlers (a delete, a recommend), whose
 * dialog (./dialog.tsx, Radix Dialog with its focus trap and scroll lock, ~15 KB brotli) loads
 * the first time a question is asked, not with the page: the item pages' action bars and comment
 * sections hold a confirmation that an anonymous reader never opens (issue 32, ADR 0034).
 *
 *   const [confirm, confirmDialog] = useConfirm();
 *   if (await confirm({ title: '…' })) …;   // render {confirmDialog} somewhere
 */
import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import type { ConfirmOptions } from './dialog';

const ConfirmDialog = lazy(() => import('./dialog').then((m) => ({ default: m.ConfirmDialog })));

export function useConfirm(): [(options: ConfirmOptions) => Promise<boolean>, ReactNode] {
  const [state, setState] = useState<{ options: ConfirmOptions; resolve: (ok: boolean) => void } | null>(null);
  const confirm = useCallback((options: ConfirmOptions) => new Promise<boolean>((resolve) => setState({ options, resolve })), []);
  const settle = (ok: boolean) => {
    state?.resolve(ok);
    setState(null);
  };
  // Mounted only while a question is open: nothing to load before the first one.
  const element = state && (
    <Suspense fallback={null}>
      <ConfirmDialog
        open
        onOpenChange={(open) => {
          if (!open) settle(false);
        }}
        onConfirm={() => settle(true)}
        {...state.options}
      />
    </Suspense>
  );
  return [confirm, element];
}
