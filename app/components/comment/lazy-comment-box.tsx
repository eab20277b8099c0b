/**
 * The comment box as the comment section and its reply lists use it (and, beside it, the member's
 * tools: `MemberTools`): the composer
 * (./comment-box.tsx, with the editor, the Markdown tabs, the upload rules, the comments'
 * contracts and zod, and the push offer's client) in its own chunk, loaded for a member once the
 * page is hydrated, and never for an anonymous reader, who is offered sign-in instead (issue 32,
 * ADR 0034). Until it is in, a stand-in of the box's size keeps the layout still.
 *
 * Its handle is this wrapper's: a quote handed over before the composer is in (a member selects
 * text and presses "Quote" while the chunk is on its way) waits here and goes in once it mounts,
 * so no quote is lost to the load (tests/e2e/mentions.spec.ts).
 */
import { lazy, Suspense, useCallback, useImperativeHandle, useRef, type ComponentProps } from 'react';
import { useHydrated } from '~/lib/use-hydrated';
import { useT } from '~/lib/use-t';
import type { CommentBoxHandle, CommentBoxProps } from './comment-box';
import type { SelectedQuote } from './quote';

const Composer = lazy(() => import('./comment-box').then((m) => ({ default: m.CommentBox })));
const MemberToolsPart = lazy(() => import('./member-tools').then((m) => ({ default: m.MemberTools })));

/** The comments' contracts (and zod), loaded when a list pages or a comment is deleted, not with the page. */
export const commentContracts = () => import('../../../common/actions/comments').then((m) => m.commentActions);

function ComposerStandIn() {
  const t = useT();
  return (
    <div className="overflow-hidden rounded-lg border border-zinc-300 bg-white dark:border-zinc-700 dark:bg-zinc-950" aria-busy="true" data-testid="comment-box-loading">
      <div className="h-10 border-b border-zinc-200 bg-zinc-50/80 dark:border-zinc-700 dark:bg-zinc-900/60" />
      <div className="h-40 px-4 py-3 text-sm text-zinc-400 dark:text-zinc-500">{t('editor.loading')}</div>
    </div>
  );
}

export function CommentBox({ ref, ...props }: CommentBoxProps) {
  const hydrated = useHydrated();
  const composer = useRef<CommentBoxHandle | null>(null);
  const waiting = useRef<SelectedQuote[]>([]);

  useImperativeHandle(ref, () => ({
    insertQuote(quote) {
      if (composer.current) composer.current.insertQuote(quote);
      else waiting.current.push(quote);
    },
  }));

  // The composer's own handle, once it mounts: the quotes that came meanwhile go in, in order.
  const attach = useCallback((handle: CommentBoxHandle | null) => {
    composer.current = handle;
    if (!handle) return;
    for (const quote of waiting.current.splice(0)) handle.insertQuote(quote);
  }, []);

  if (!hydrated) return <ComposerStandIn />;
  return (
    <Suspense fallback={<ComposerStandIn />}>
      <Composer {...props} ref={attach} />
    </Suspense>
  );
}

/** A new member's limits and the "Quote" button (./member-tools.tsx), for a member once the page is hydrated. */
export function MemberTools(props: ComponentProps<typeof MemberToolsPart>) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <MemberToolsPart {...props} />
    </Suspense>
  );
}
