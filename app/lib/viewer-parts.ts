/**
 * A signed-in member served the page everyone reads (server/http/page-cache.ts marks it
 * `<html data-viewer="member">`) gets their own parts after hydration (root.tsx), in one small
 * read: `GET viewer/parts` (issue 32). It answers what the root loader holds of the reader
 * (header user, unread badges, blocked members, pending warning, trust) and, on an item's page,
 * the reader's flags on the item and its listed comments and a topic's hidden content for them.
 * They are laid over the shared data they complete, in the browser: `useRootData()` (session.ts)
 * and the item pages (`useViewerItem`) read them while that data is the one shown, so anything
 * that brings the member's own data (an action's revalidation, a navigation) simply wins.
 *
 * A route says in its handle that the read covers it (`SHARED_FOR_EVERY_READER`: the feeds,
 * whose entries carry no reader state; `viewerItem`: the item pages). When every route of the
 * page is covered (or has no loader), that is all: no loader runs again, no view is counted. A
 * route that is not (the profiles: their follow states) runs again for the member as before, in a
 * revalidation that the covered routes and the root sit out (`shouldRevalidate`).
 */
import { useSyncExternalStore } from 'react';
import type { ShouldRevalidateFunction, UIMatch } from 'react-router';
import type { ViewerItemParts, ViewerParts } from '../../common/views/viewer';
import type { RootData } from './session';

/** What an item page asks of the read: its item, the ids of the comments it lists, whether the topic has hidden content. */
export interface ViewerItemQuery {
  itemType: 'topic' | 'article';
  itemId: number;
  comments: number[];
  hidden: boolean;
}

/** A route's handle says the read covers it: its data is the same for every reader, or it names its item (from its loader data). */
export interface ViewerPartsHandle {
  viewerParts?: 'shared';
  viewerItem?: (data: unknown) => ViewerItemQuery | null;
}

/** The handle of a route whose loader data is the same for every reader (the feeds). */
export const SHARED_FOR_EVERY_READER: ViewerPartsHandle = { viewerParts: 'shared' };

/** Whether the read brings all of a matched route's viewer state (a route without a loader has none). */
function covered(match: UIMatch): boolean {
  const handle = match.handle as ViewerPartsHandle | undefined;
  return match.id === 'root' || match.data === undefined || handle?.viewerParts === 'shared' || handle?.viewerItem !== undefined;
}

/** The parts of one fill, with the shared data they complete (by identity: newer data is the member's own). */
interface Filled {
  root: RootData;
  merged: RootData;
  itemFor: unknown;
  item: ViewerItemParts | null;
}

let filled: Filled | null = null;
let filling = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const current = () => filled;
// The server renders for nobody: no parts there, ever (this module's state is the browser's).
const none = () => null;

function useFilled(): Filled | null {
  return useSyncExternalStore(subscribe, current, none);
}

/** The root data with the reader's parts laid over it, while it is the shared data they complete. */
export function useViewerRoot(data: RootData | undefined): RootData | undefined {
  const parts = useFilled();
  return parts && data !== undefined && parts.root === data ? parts.merged : data;
}

/** The reader's parts of the item whose loader data this is; null once that data is the member's own (or never filled). */
export function useViewerItem(data: unknown): ViewerItemParts | null {
  const parts = useFilled();
  return parts && parts.itemFor === data ? parts.item : null;
}

/** The read's input: the item named by the deepest route that names one. */
function itemQueryOf(matches: readonly UIMatch[]): { query: ViewerItemQuery | null; data: unknown } {
  for (const match of [...matches].reverse()) {
    const named = (match.handle as ViewerPartsHandle | undefined)?.viewerItem;
    if (named) return { query: named(match.data), data: match.data };
  }
  return { query: null, data: undefined };
}

function rootOf(root: RootData, parts: ViewerParts): RootData {
  const { item: _item, ...own } = parts;
  return { ...root, ...own };
}

/**
 * Reads the reader's parts of the page shown (`root`, `matches`: the hydrated data) and lays them
 * over it; then, only if a route is left that the read does not cover, revalidates that one. The
 * contract (and zod with it) is imported when a member's page needs it: an anonymous page never
 * loads it.
 */
export async function fillViewerParts({ root, matches, revalidate }: { root: RootData; matches: readonly UIMatch[]; revalidate: () => Promise<void> }): Promise<void> {
  const [{ send }, { viewerActions }] = await Promise.all([import('./api'), import('../../common/actions/viewer')]);
  const { query, data } = itemQueryOf(matches);
  const input = query ? { itemType: query.itemType, itemId: query.itemId, comments: query.comments.join(','), hidden: query.hidden } : {};
  const parts = await send(viewerActions.parts, input);
  filled = { root, merged: rootOf(root, parts), itemFor: data, item: parts.item };
  for (const listener of listeners) listener();
  // No revalidation at all when nothing is left: an action's own revalidation must never meet the flag.
  if (matches.every(covered)) return;
  filling = true;
  try {
    await revalidate();
  } finally {
    filling = false;
  }
}

/** For the root, the feeds and the item pages, whose viewer state the read brings: skip the fill's revalidation of the routes it leaves. */
export const sharedForEveryReader: ShouldRevalidateFunction = ({ defaultShouldRevalidate }) => (filling ? false : defaultShouldRevalidate);
