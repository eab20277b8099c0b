/**
 * The frame of every list page of content (topic feeds, article feeds): a heading with an
 * optional action beside it (start a topic, write an article), the page's navigation, the feed,
 * and a side column.
 */
import type { ReactNode } from 'react';
import { ButtonLink } from '~/components/ui/button';
import { HashIcon } from '~/components/topic/icons';
import { PlusIcon } from '~/components/ui/icons';
import { useT } from '~/lib/use-t';

export interface ListShellProps {
  heading: ReactNode;
  /** Beside the heading (a "start" button); nothing for visitors. */
  action?: ReactNode;
  nav?: ReactNode;
  aside: ReactNode;
  children: ReactNode;
  /** The feed section's test id (`topic-feed`, `article-feed`). */
  testId: string;
}

export function ListShell({ heading, action, nav, aside, children, testId }: ListShellProps) {
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <section aria-labelledby="feed-heading" data-testid={testId} className="min-w-0">
        <div className="mb-4 flex items-start justify-between gap-3">
          <div className="min-w-0">{heading}</div>
          {action}
        </div>
        {nav}
        {children}
      </section>
      {aside}
    </div>
  );
}

/** The page's h1 (the feed section is labelled by it), with a line under it. */
export function FeedHeading({ children, sub }: { children: ReactNode; sub?: ReactNode }) {
  return (
    <>
      <h1 id="feed-heading" className="text-xl font-semibold tracking-tight break-words text-zinc-900 dark:text-zinc-50">
        {children}
      </h1>
      {sub && <p className="mt-1 text-sm break-words text-zinc-600 dark:text-zinc-400">{sub}</p>}
    </>
  );
}

/** A heading led by a picture tile: a node's logo, a tag's hash. */
export function TiledHeading({ tile, children, sub }: { tile: ReactNode; children: ReactNode; sub?: ReactNode }) {
  return (
    <div className="flex items-start gap-3">
      {tile}
      {/* One column beside the tile, free to shrink: the heading and its line wrap in it at 390 px. */}
      <div className="min-w-0 flex-1">
        <FeedHeading sub={sub}>{children}</FeedHeading>
      </div>
    </div>
  );
}

/** The brand-coloured icon tile of a TiledHeading. */
export function IconTile({ children }: { children: ReactNode }) {
  return (
    <span aria-hidden="true" className="bg-brand-100 text-brand-800 dark:bg-brand-950 dark:text-brand-300 grid size-12 shrink-0 place-items-center rounded-xl">
      {children}
    </span>
  );
}

/** A tag page's heading (`#name`), the same on the topic and the article tag feeds. */
export function TagHeading({ name, sub }: { name: string; sub: ReactNode }) {
  const t = useT();
  return (
    <TiledHeading
      tile={
        <IconTile>
          <HashIcon className="size-6" />
        </IconTile>
      }
      sub={sub}
    >
      {t('topicUi.tag.heading', { tag: name })}
    </TiledHeading>
  );
}

/** The round "+ Start…" button beside a list's heading. */
export function StartButton({ to, label, testId }: { to: string; label: string; testId: string }) {
  return (
    <ButtonLink to={to} size="sm" className="rounded-full" data-testid={testId}>
      <PlusIcon className="size-4" />
      {label}
    </ButtonLink>
  );
}
