/**
 * The Radix Toast part of ./toast.tsx, loaded on the first toast only (most page views show
 * none, so the first load stays small). Announced to screen readers, swipe/Escape to dismiss.
 */
import { Toast } from 'radix-ui';
import type { ToastItem, ToastKind } from './toast';
import { useT } from './use-t';

const KIND_STYLE: Record<ToastKind, string> = {
  success: 'border-emerald-600/30 bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
  error: 'border-red-600/30 bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-100',
  info: 'border-zinc-300 bg-white text-zinc-900 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100',
};

function ToastCard({ item, onDone }: { item: ToastItem; onDone: (id: number) => void }) {
  const t = useT();
  return (
    <Toast.Root
      duration={item.durationMs}
      type={item.kind === 'error' ? 'foreground' : 'background'}
      onOpenChange={(open) => {
        if (!open) onDone(item.id);
      }}
      className={`pointer-events-auto data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out flex items-start gap-3 rounded-lg border px-4 py-3 text-sm shadow-lg ${KIND_STYLE[item.kind]}`}
      data-kind={item.kind}
      data-testid="toast"
    >
      <Toast.Description className="flex-1 leading-5">{item.message}</Toast.Description>
      <Toast.Close aria-label={t('site.ui.close')} className="-mr-1 rounded px-1 text-base leading-5 opacity-70 hover:opacity-100">
        ×
      </Toast.Close>
    </Toast.Root>
  );
}

export default function ToastViewport({ items, onDone }: { items: ToastItem[]; onDone: (id: number) => void }) {
  const t = useT();
  return (
    <Toast.Provider swipeDirection="right" label={t('site.ui.notifications')}>
      {items.map((item) => (
        <ToastCard key={item.id} item={item} onDone={onDone} />
      ))}
      {/*
        Where no page content is: on phones over the sticky header (the page stays readable), on
        wider screens bottom right, since the top right under the header is where pages keep what
        a reader looks at next (the topic page's author card, the home sidebar). The strip itself
        lets clicks through; only a toast catches them. Clear of notches and the home bar.
      */}
      <Toast.Viewport
        data-testid="toast-viewport"
        className="pointer-events-none fixed top-0 right-0 z-[100] m-0 flex w-full list-none flex-col gap-2 p-2 pt-[max(0.5rem,env(safe-area-inset-top))] outline-none sm:top-auto sm:bottom-0 sm:max-w-sm sm:p-6 sm:pb-[max(1.5rem,env(safe-area-inset-bottom))]"
      />
    </Toast.Provider>
  );
}
