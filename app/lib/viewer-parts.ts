/**
 * A signed-in member served the page everyone reads (server/http/page-cache.ts marks it
 * `<html data-viewer="member">`) gets their own parts with one data request after hydration
 * (root.tsx). Only routes whose data holds something of the viewer's need to run again: the root
 * (header user, unread badge) always does; a route whose data is the same for every reader (the
 * feeds: their entries carry no reader state) declares `shouldRevalidate = sharedForEveryReader`
 * and is left out of that request.
 */
import type { ShouldRevalidateFunction } from 'react-router';

let filling = false;

/** Runs the revalidation that brings the member's own parts; routes can tell it apart. */
export async function fillViewerParts(revalidate: () => Promise<void>): Promise<void> {
  filling = true;
  try {
    await revalidate();
  } finally {
    filling = false;
  }
}

/** For routes whose loader data is the same for every reader: skip the viewer-parts request. */
export const sharedForEveryReader: ShouldRevalidateFunction = ({ defaultShouldRevalidate }) => (filling ? false : defaultShouldRevalidate);
