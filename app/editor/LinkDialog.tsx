/**
 * The link dialog (spec §4): URL and text fields; Enter confirms, Escape cancels; the remove
 * button appears only when the cursor is on a link. The rules (empty URL does nothing, default
 * protocol, allowed schemes, URL as text) live in ./link.ts.
 */
import { Dialog } from 'radix-ui';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useT } from '~/lib/use-t';

export interface LinkDialogState {
  url: string;
  text: string;
  onLink: boolean;
}

export interface LinkDialogProps {
  state: LinkDialogState | null;
  onClose: () => void;
  /** Answers 'unsafe' to keep the dialog open with an error, 'ignore' to keep it open silently. */
  onConfirm: (url: string, text: string) => 'ok' | 'ignore' | 'unsafe';
  onRemove: () => void;
}

const INPUT =
  'w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-900 outline-none placeholder:text-zinc-400 ' +
  'focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 dark:border-zinc-600 dark:bg-zinc-950 dark:text-zinc-100';

const BTN = 'rounded-md px-3 py-1.5 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-brand-500';

export function LinkDialog({ state, onClose, onConfirm, onRemove }: LinkDialogProps) {
  return (
    <Dialog.Root open={state !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[90] bg-black/30 dark:bg-black/50" />
        {state && <LinkForm key={`${state.url}\u0000${state.text}`} state={state} onClose={onClose} onConfirm={onConfirm} onRemove={onRemove} />}
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function LinkForm({ state, onClose, onConfirm, onRemove }: LinkDialogProps & { state: LinkDialogState }) {
  const t = useT();
  const [url, setUrl] = useState(state.url);
  const [text, setText] = useState(state.text);
  const [unsafe, setUnsafe] = useState(false);
  const urlRef = useRef<HTMLInputElement>(null);
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // React events bubble through portals: without this, Enter here would also submit the form
    // that hosts the editor (the topic form).
    event.stopPropagation();
    const result = onConfirm(url, text);
    if (result === 'unsafe') setUnsafe(true);
    if (result !== 'ok') urlRef.current?.focus();
  };

  return (
    <Dialog.Content
      className="fixed top-[20%] left-1/2 z-[91] w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 rounded-xl border border-zinc-200 bg-white p-5 shadow-xl outline-none dark:border-zinc-700 dark:bg-zinc-900"
      onOpenAutoFocus={(e) => {
        e.preventDefault();
        urlRef.current?.focus();
        urlRef.current?.select();
      }}
      data-testid="link-dialog"
    >
      <Dialog.Title className="text-base font-semibold text-zinc-900 dark:text-zinc-50">
        {state.onLink ? t('editor.link.editTitle') : t('editor.link.insertTitle')}
      </Dialog.Title>
      <Dialog.Description className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">{t('editor.link.description')}</Dialog.Description>
      <form onSubmit={submit} className="mt-4 space-y-3" noValidate>
        <div>
          <label htmlFor={`${id}-url`} className="mb-1 block text-sm font-medium text-zinc-700 dark:text-zinc-300">
            {t('editor.link.url')}
          </label>
          <input
            ref={urlRef}
            id={`${id}-url`}
            type="text"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            value={url}
            placeholder={t('editor.link.urlPlaceholder')}
            onChange={(e) => {
              setUrl(e.target.value);
              setUnsafe(false);
            }}
            aria-invalid={unsafe || undefined}
            aria-describedby={unsafe ? `${id}-error` : undefined}
            className={INPUT}
          />
          {unsafe && (
            <p id={`${id}-error`} role="alert" className="mt-1 text-xs text-red-600 dark:text-red-400">
              {t('editor.link.unsafe')}
            </p>
          )}
        </div>
        <div>
          <label htmlFor={`${id}-text`} className="mb-1 block text-sm font-medium text-zinc-700 dark:text-zinc-300">
            {t('editor.link.text')}
          </label>
          <input
            id={`${id}-text`}
            type="text"
            autoComplete="off"
            value={text}
            placeholder={t('editor.link.textPlaceholder')}
            onChange={(e) => setText(e.target.value)}
            className={INPUT}
          />
        </div>
        <div className="flex flex-wrap items-center justify-end gap-2 pt-1">
          {state.onLink && (
            <button
              type="button"
              onClick={onRemove}
              className={`${BTN} mr-auto text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950`}
            >
              {t('editor.link.remove')}
            </button>
          )}
          <button type="button" onClick={onClose} className={`${BTN} text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800`}>
            {t('editor.link.cancel')}
          </button>
          <button type="submit" className={`${BTN} bg-brand-600 text-white hover:bg-brand-700 dark:bg-brand-500 dark:text-zinc-950 dark:hover:bg-brand-400`}>
            {t('editor.link.confirm')}
          </button>
        </div>
      </form>
    </Dialog.Content>
  );
}
