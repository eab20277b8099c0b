/**
 * Dialogs on Radix Dialog (focus trap, Escape, aria-modal, labelled by the title).
 * `ConfirmDialog` is the yes/no question (e.g. logout, spec §8); `useConfirm()` (./confirm.tsx)
 * gives an imperative `await confirm({...})` for handlers, loading this module when first asked.
 */
import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { Button } from './button';
import { useT } from '~/lib/use-t';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons row at the bottom. */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
}

const WIDTHS = { sm: 'max-w-sm', md: 'max-w-md', lg: 'max-w-2xl' } as const;

export function Dialog({ open, onOpenChange, title, description, children, footer, size = 'md' }: DialogProps) {
  const t = useT();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-[150] bg-zinc-950/50 backdrop-blur-[1px]" />
        <RadixDialog.Content
          className={`fixed top-1/2 left-1/2 z-[151] w-[calc(100vw-2rem)] ${WIDTHS[size]} -translate-x-1/2 -translate-y-1/2 rounded-xl border border-zinc-200 bg-white p-5 shadow-xl dark:border-zinc-800 dark:bg-zinc-900`}
          // Without a description Radix warns unless aria-describedby is explicitly unset.
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <RadixDialog.Title className="pr-8 text-lg font-semibold text-zinc-900 dark:text-zinc-50">{title}</RadixDialog.Title>
          {description && <RadixDialog.Description className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{description}</RadixDialog.Description>}
          {children && <div className="mt-4">{children}</div>}
          {footer && <div className="mt-6 flex justify-end gap-2">{footer}</div>}
          <RadixDialog.Close
            aria-label={t('site.ui.close')}
            className="absolute top-3 right-3 inline-flex h-8 w-8 items-center justify-center rounded-md text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
          >
            <span aria-hidden="true" className="text-xl leading-none">
              ×
            </span>
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export interface ConfirmOptions {
  title: ReactNode;
  description?: ReactNode;
  confirmLabel?: ReactNode;
  cancelLabel?: ReactNode;
  danger?: boolean;
}

export function ConfirmDialog({
  open,
  onOpenChange,
  onConfirm,
  busy = false,
  ...options
}: ConfirmOptions & { open: boolean; onOpenChange: (open: boolean) => void; onConfirm: () => void; busy?: boolean }) {
  const t = useT();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="sm"
      title={options.title}
      description={options.description}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {options.cancelLabel ?? t('site.ui.cancel')}
          </Button>
          <Button variant={options.danger ? 'danger' : 'primary'} loading={busy} onClick={onConfirm} data-testid="confirm-ok">
            {options.confirmLabel ?? t('site.ui.confirm')}
          </Button>
        </>
      }
    />
  );
}
