/**
 * The reader's likes on a page's first comments, laid over the lists the comment section keeps in
 * state (issue 32): a member served the shared page learns them after load (`GET viewer/parts`,
 * app/lib/viewer-parts.ts), while the lists were seeded from the render for nobody.
 */
import { useState } from 'react';
import type { ShownComment } from './types';

/** The comments with those the reader liked marked so; the same array (and objects) where nothing changes. */
export function withLikes(comments: ShownComment[], liked: ReadonlySet<number>): ShownComment[] {
  let changed = false;
  const next = comments.map((comment) => {
    if (comment.liked || !liked.has(comment.id)) return comment;
    changed = true;
    return { ...comment, liked: true };
  });
  return changed ? next : comments;
}

/** Calls `apply` once for each answer of the read (during render, as a state seeded from a prop is reset). */
export function useOwnLikes(ownLikes: readonly number[] | null | undefined, apply: (liked: ReadonlySet<number>) => void): void {
  const [applied, setApplied] = useState<readonly number[] | null>(null);
  if (ownLikes && ownLikes !== applied) {
    setApplied(ownLikes);
    apply(new Set(ownLikes));
  }
}

/** The ids of a first page of comments and of the replies shown with them: the read says which the reader liked. */
export function commentIdsOf(comments: readonly ShownComment[]): number[] {
  return comments.flatMap((comment) => [comment.id, ...(comment.replies ?? []).map((reply) => reply.id)]);
}
