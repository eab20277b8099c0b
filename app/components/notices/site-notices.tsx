/**
 * The site notices on the home page (issue 17): those whose window holds now, each dismissible.
 * A dismissal is remembered in this browser (localStorage), for visitors too. The page is
 * rendered once for everybody (the page cache), so the server shows every notice; a tiny inline
 * script before them (nonce'd, like the colour-mode one) hides this browser's dismissed ones
 * before they are painted: no flash, no shift. After hydration React renders the same from
 * the stored list and the script's style goes. Dismissed notices stay reachable: "Show
 * dismissed notices" brings them back.
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { NoticeView } from '../../../common/views/notices';
import { useRootData } from '~/lib/session';
import { useT } from '~/lib/use-t';

export const DISMISSED_KEY = 'sabai.dismissedNotices';
const STYLE_ID = 'dismissed-notices-style';
/** Dismissals remembered (old notices' ids fall off the end). */
const REMEMBERED = 50;

function readDismissed(): number[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(DISMISSED_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is number => Number.isSafeInteger(id)) : [];
  } catch {
    return [];
  }
}

const listeners = new Set<() => void>();
let snapshot: { raw: string | null; ids: number[] } = { raw: null, ids: [] };

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => event.key === DISMISSED_KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The stored ids, the same array while the stored text is the same (useSyncExternalStore needs it). */
function clientSnapshot(): number[] {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(DISMISSED_KEY);
  } catch {
    // Storage blocked: nothing is remembered.
  }
  if (raw !== snapshot.raw) snapshot = { raw, ids: readDismissed() };
  return snapshot.ids;
}

const NONE: number[] = [];

function writeDismissed(ids: number[]): void {
  try {
    localStorage.setItem(DISMISSED_KEY, JSON.stringify(ids.slice(-REMEMBERED)));
  } catch {
    // Storage full or blocked: the notice goes for this page view only.
  }
  for (const listener of listeners) listener();
}

/** Runs before the notices are parsed: hides this browser's dismissed ones and shows the way back. */
function bootstrap(ids: readonly number[]): string {
  return `(function(ids){try{var d=JSON.parse(localStorage.getItem(${JSON.stringify(DISMISSED_KEY)})||'[]');var h=ids.filter(function(i){return d.indexOf(i)>=0});if(!h.length)return;var s=document.createElement('style');var c=document.currentScript;if(c&&c.nonce)s.nonce=c.nonce;s.id=${JSON.stringify(STYLE_ID)};s.textContent=h.map(function(i){return '[data-notice-id="'+i+'"]'}).join(',')+'{display:none!important}[data-notices-restore]{display:block!important}';document.head.appendChild(s)}catch(e){}})(${JSON.stringify(ids)});`;
}

function CloseIcon() {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-4">
      <path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z" />
    </svg>
  );
}

export function SiteNotices({ notices }: { notices: NoticeView[] }) {
  const t = useT();
  const { nonce } = useRootData();
  const dismissed = useSyncExternalStore(subscribe, clientSnapshot, () => NONE);
  // React renders the dismissals now: the bootstrap's style has done its part.
  useEffect(() => document.getElementById(STYLE_ID)?.remove(), []);
  if (notices.length === 0) return null;
  const ids = notices.map((notice) => notice.id);
  const hidden = ids.filter((id) => dismissed.includes(id));
  return (
    <section aria-label={t('notices.label')} className="mx-auto max-w-6xl px-4 pt-4" data-testid="site-notices">
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: bootstrap(ids) }} />
      <ul className="space-y-2">
        {notices
          .filter((notice) => !dismissed.includes(notice.id))
          .map((notice) => (
            <li
              key={notice.id}
              data-notice-id={notice.id}
              data-testid="site-notice"
              className="border-brand-200 bg-brand-50 dark:border-brand-900 dark:bg-brand-950/60 flex items-start gap-3 rounded-lg border px-4 py-3 text-sm text-zinc-800 dark:text-zinc-200"
            >
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-zinc-900 dark:text-zinc-50">{notice.title}</p>
                {/* The editor's rich-text styles load with the editor pages, not here: links, lists and paragraphs styled in place. */}
                <div
                  className="[&_a]:text-brand-700 dark:[&_a]:text-brand-300 mt-1 break-words [&_a]:underline [&_a]:underline-offset-2 [&_ol]:list-decimal [&_ol]:pl-5 [&_p+p]:mt-2 [&_ul]:list-disc [&_ul]:pl-5"
                  dangerouslySetInnerHTML={{ __html: notice.content }}
                />
              </div>
              <button
                type="button"
                onClick={() => writeDismissed([...dismissed.filter((id) => id !== notice.id), notice.id])}
                aria-label={t('notices.dismiss', { title: notice.title })}
                className="focus-visible:ring-brand-600 -m-1 shrink-0 rounded-md p-1.5 text-zinc-600 hover:bg-white/70 hover:text-zinc-900 focus-visible:ring-2 focus-visible:outline-none dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
                data-testid="notice-dismiss"
              >
                <CloseIcon />
              </button>
            </li>
          ))}
      </ul>
      {/* Shown by the bootstrap's style before hydration, by React after. */}
      <div data-notices-restore="" className={hidden.length > 0 ? 'mt-1 text-right' : 'mt-1 hidden text-right'}>
        <button
          type="button"
          onClick={() => writeDismissed(dismissed.filter((id) => !ids.includes(id)))}
          className="text-brand-700 dark:text-brand-300 text-xs hover:underline"
          data-testid="notices-restore"
        >
          {t('notices.showAll', { count: hidden.length || '…' })}
        </button>
      </div>
    </section>
  );
}
