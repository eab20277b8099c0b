/**
 * What the back office's site-content screens (nodes, tags, friend links, notices) share: the
 * logo field (an image uploaded through POST /api/upload, with its checks), the up/down order
 * buttons (keyboard-reachable, labelled with the row's name), a form dialog, and the action
 * hook that calls the API, says so in a toast and reloads the table.
 */
import { useId, useRef, useState, type ReactNode } from 'react';
import { useRevalidator } from 'react-router';
import { serverUpload } from '~/editor/upload';
import { useToast } from '~/lib/toast';
import { useApiErrorHandler } from '~/lib/use-api-error';
import { useT } from '~/lib/use-t';
import { Button } from '../ui/button';

/** After a form saved: toast and reload the table. */
export function useSaved() {
  const toast = useToast();
  const revalidator = useRevalidator();
  const t = useT();
  return async () => {
    toast.success(t('adminSite.common.saved'));
    await revalidator.revalidate();
  };
}

/** The logo of a form (its field `logo`): the hidden input names it, so the server's error on `logo` shows here. */
export function LogoField({ value, onChange, error }: { value: string; onChange: (url: string) => void; error?: string }) {
  const t = useT();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const handleApiError = useApiErrorHandler();
  const [uploading, setUploading] = useState(false);
  async function upload(file: File) {
    setUploading(true);
    try {
      onChange((await serverUpload(file)).url);
    } catch (failure) {
      handleApiError(failure);
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  }
  return (
    <div className="space-y-1.5">
      <input type="hidden" name="logo" value={value} />
      <span id={`${id}-label`} className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {t('adminSite.common.logo')}
      </span>
      <div className="flex items-center gap-3">
        <span className="flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-md border border-zinc-200 bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-800">
          {value && <img src={value} alt="" className="size-full object-contain" />}
        </span>
        <input
          ref={input}
          id={id}
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp,image/svg+xml"
          className="sr-only"
          aria-labelledby={`${id}-label ${id}-button`}
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void upload(file);
          }}
          data-testid="logo-input"
        />
        <Button type="button" variant="secondary" size="sm" id={`${id}-button`} loading={uploading} onClick={() => input.current?.click()}>
          {uploading ? t('adminSite.common.uploading') : value ? t('adminSite.common.changeLogo') : t('adminSite.common.uploadLogo')}
        </Button>
        {value && (
          <Button type="button" variant="ghost" size="sm" onClick={() => onChange('')}>
            {t('adminSite.common.removeLogo')}
          </Button>
        )}
      </div>
      {error ? (
        <p className="text-sm text-red-700 dark:text-red-400" role="alert">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-zinc-600 dark:text-zinc-400">
          {t('adminSite.common.logoHint')}
        </p>
      )}
    </div>
  );
}

function ArrowIcon({ up }: { up: boolean }) {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className={`size-4 ${up ? '' : 'rotate-180'}`}>
      <path fillRule="evenodd" d="M10 4a1 1 0 0 1 .7.3l5 5a1 1 0 1 1-1.4 1.4L11 7.4V15a1 1 0 1 1-2 0V7.4l-3.3 3.3a1 1 0 0 1-1.4-1.4l5-5A1 1 0 0 1 10 4Z" clipRule="evenodd" />
    </svg>
  );
}

/** Up and down buttons of one row: the first cannot go up, the last cannot go down. */
export function OrderButtons({ name, first, last, busy, onMove }: { name: string; first: boolean; last: boolean; busy: boolean; onMove: (direction: 'up' | 'down') => void }) {
  const t = useT();
  return (
    <span className="inline-flex gap-1">
      <Button type="button" variant="ghost" size="icon" disabled={first || busy} aria-label={t('adminSite.common.moveUp', { name })} onClick={() => onMove('up')} data-testid="move-up">
        <ArrowIcon up />
      </Button>
      <Button type="button" variant="ghost" size="icon" disabled={last || busy} aria-label={t('adminSite.common.moveDown', { name })} onClick={() => onMove('down')} data-testid="move-down">
        <ArrowIcon up={false} />
      </Button>
    </span>
  );
}


/** A row's small text buttons (edit, delete…). */
export function RowActions({ children }: { children: ReactNode }) {
  return <span className="flex flex-wrap gap-1">{children}</span>;
}
